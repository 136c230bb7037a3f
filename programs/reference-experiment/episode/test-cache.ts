// Test results per (task, test set, source): an episode's run_tests, the hooks that run tests and the
// hidden-test reward all ask for the same few sources again and again (the original, the usual fixes,
// the usual wrong edits), across the thousands of episodes of one task. The tests still really run —
// once per distinct source — and results are frozen because they are shared.
import type { RepairTask, TestResult } from "../types";
import type { TaskEnvironment } from "./environment";

const PER_TASK_LIMIT = 256;

interface TaskCache {
  visible: Map<string, readonly TestResult[]>;
  hidden: Map<string, readonly TestResult[]>;
}

const caches = new WeakMap<RepairTask, WeakMap<TaskEnvironment, Map<number, TaskCache>>>();

function cacheFor(task: RepairTask, env: TaskEnvironment, timeoutMs: number): TaskCache {
  let byEnv = caches.get(task);
  if (!byEnv) caches.set(task, (byEnv = new WeakMap()));
  let byTimeout = byEnv.get(env);
  if (!byTimeout) byEnv.set(env, (byTimeout = new Map()));
  let cache = byTimeout.get(timeoutMs);
  if (!cache) byTimeout.set(timeoutMs, (cache = { visible: new Map(), hidden: new Map() }));
  return cache;
}

const freeze = (results: TestResult[]): readonly TestResult[] => Object.freeze(results.map((r) => Object.freeze({ ...r })));

/** All visible or all hidden tests of the task on a source, in the task's order. */
export function cachedTestRun(
  task: RepairTask, env: TaskEnvironment, which: "visible" | "hidden", source: string, timeoutMs: number,
): readonly TestResult[] {
  const map = cacheFor(task, env, timeoutMs)[which];
  const hit = map.get(source);
  if (hit) return hit;
  const tests = which === "visible" ? task.visibleTests : task.hiddenTests;
  const results = freeze(env.runTests(source, tests, { timeoutMs, path: task.path }));
  if (map.size >= PER_TASK_LIMIT) map.delete(map.keys().next().value!);
  map.set(source, results);
  return results;
}
