// The issue the agent starts from: which behaviour is wrong, taken from the first visible test that
// fails on the original file — its name and its code (the call and the value it should give), but not
// the wrong value it gets: the symptom is for the agent to observe by running the tests (or for a
// harness hook to show it). Cached per task: thousands of episodes start from the same issue.
import type { RepairTask } from "../types";
import type { TaskEnvironment } from "./environment";
import { cachedTestRun } from "./test-cache";

const cache = new WeakMap<RepairTask, Map<number, string>>();

export function issueText(task: RepairTask, env: TaskEnvironment, testTimeoutMs: number): string {
  let byTimeout = cache.get(task);
  if (!byTimeout) cache.set(task, (byTimeout = new Map()));
  const hit = byTimeout.get(testTimeoutMs);
  if (hit !== undefined) return hit;

  const results = cachedTestRun(task, env, "visible", task.source, testTimeoutMs);
  const failing = task.visibleTests.filter((t, i) => !results[i]?.passed);
  const first = failing.find((t) => t.kind === "fail_to_pass") ?? failing[0];
  const lines = [`Issue in ${task.path}:`];
  if (first) {
    lines.push(`The behaviour checked by ${JSON.stringify(first.name)} is wrong. The check:`);
    for (const line of first.code.split("\n")) if (line.trim()) lines.push(`    ${line.trim()}`);
    if (failing.length > 1) lines.push(`${failing.length - 1} other visible check${failing.length > 2 ? "s fail" : " fails"} too.`);
  } else {
    lines.push("A user reports wrong results; the visible checks do not show it.");
  }
  lines.push("Fix the code so that the behaviour is right, without breaking the rest.");
  const text = lines.join("\n");
  byTimeout.set(testTimeoutMs, text);
  return text;
}
