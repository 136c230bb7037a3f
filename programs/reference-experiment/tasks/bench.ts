// Figures for `npm run bench` about the task environment: how long the suites take to build and what
// one runTests call costs. Not a test (no timing assertions anywhere); the bench prints what it measures.
import type { RepairTask } from "../types";
import { buildSuites, type SuiteSize } from "./suites";
import { runTests } from "./test-runner";

export interface TaskEnvironmentBench {
  size: SuiteSize;
  tasks: number;
  buildSuitesMs: number;
  runTestsCalls: number;
  /** Mean wall time of one runTests call on a task's hidden tests (fresh context, all tests). */
  runTestsMsPerCall: number;
  meanHiddenTests: number;
}

export function benchTaskEnvironment(options: { seed?: number; size?: SuiteSize; calls?: number } = {}): TaskEnvironmentBench {
  const size = options.size ?? "default";
  const started = performance.now();
  const suites = buildSuites(options.seed ?? 1, size);
  const buildSuitesMs = performance.now() - started;
  const tasks: RepairTask[] = [...suites.train, ...suites.comparison, ...Object.values(suites.eval).flat()];

  const calls = options.calls ?? 1000;
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) {
    const task = tasks[i % tasks.length];
    // Alternate buggy and fixed sources, as an episode's test runs would.
    runTests(i % 2 === 0 ? task.source : task.reference, task.hiddenTests, { path: task.path });
  }
  const runTestsMs = performance.now() - t0;
  return {
    size,
    tasks: tasks.length,
    buildSuitesMs,
    runTestsCalls: calls,
    runTestsMsPerCall: runTestsMs / calls,
    meanHiddenTests: tasks.reduce((n, t) => n + t.hiddenTests.length, 0) / tasks.length,
  };
}
