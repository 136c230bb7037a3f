// Runs a task's tests against a source, isolated and time-limited (see sandbox.ts for how). This is what
// the episode's run_tests and the reward use: a fresh vm context per call, so nothing one call's module
// does can leak into the next, and a per-test time limit, so an edit that introduces an infinite loop
// gives a timed-out failure instead of a hung process.
import type { TaskTest, TestResult } from "../types";
import { TestSandbox, type SandboxRunOptions } from "./sandbox";

export type RunTestsOptions = SandboxRunOptions;
export { DEFAULT_TIMEOUT_MS, MAX_MESSAGE } from "./sandbox";

/** One result per test, in the order given. Never throws for anything the source or the tests do. */
export function runTests(source: string, tests: readonly TaskTest[], options: RunTestsOptions = {}): TestResult[] {
  if (tests.length === 0) return [];
  return new TestSandbox().run(source, tests, options);
}

export interface TestRunSummary {
  results: TestResult[];
  total: number;
  passed: number;
  failed: number;
  timedOut: number;
  allPassed: boolean;
  /** Names of the failing tests, in order. */
  failing: string[];
}

export function summarize(results: TestResult[]): TestRunSummary {
  const passed = results.filter((r) => r.passed).length;
  return {
    results,
    total: results.length,
    passed,
    failed: results.length - passed,
    timedOut: results.filter((r) => r.timedOut).length,
    allPassed: passed === results.length,
    failing: results.filter((r) => !r.passed).map((r) => r.name),
  };
}

export function runTestsSummary(source: string, tests: readonly TaskTest[], options: RunTestsOptions = {}): TestRunSummary {
  return summarize(runTests(source, tests, options));
}
