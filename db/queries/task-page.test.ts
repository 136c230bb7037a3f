import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getTask, tallyTaskByCheckpoint, tallyTaskByHarnessVersion } from "./task-page";
import { listTaskRollouts } from "./task-rollouts";

const TASK = "swe-bench:astropy__astropy-12907";

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

interface Spec {
  exp: "a" | "b";
  run: string;
  harness?: string;
  checkpoint?: string;
  success: boolean;
  reward: number | null;
  truncated?: boolean;
  task?: string;
}

function seed(specs: Spec[]) {
  const events: unknown[] = [
    { type: "experiment", id: "a", name: "Experiment A", method: "harnessadapt-rl" },
    { type: "experiment", id: "b", name: "Experiment B", method: "grpo" },
    { type: "run", id: "a/train", experiment: "a", kind: "train", status: "finished" },
    { type: "run", id: "a/eval", experiment: "a", kind: "eval", status: "finished" },
    { type: "run", id: "b/train", experiment: "b", kind: "train", status: "finished" },
    { type: "harness_version", id: "a:H0", experiment: "a", label: "H0", files: [] },
    { type: "harness_version", id: "a:H2", experiment: "a", label: "H2", parent: "a:H0", files: [] },
    { type: "harness_version", id: "b:H0", experiment: "b", label: "H0", files: [] },
    { type: "checkpoint", id: "a:ck45", experiment: "a", role: "policy", name: "checkpoint 45", step: 45 },
    { type: "checkpoint", id: "a:ck0", experiment: "a", role: "policy", model: "policy-9b", step: 0 },
    { type: "task", id: TASK, key: "astropy__astropy-12907", benchmark: "swe-bench-verified", title: "Nested compound models" },
    { type: "task", id: "other", key: "other", benchmark: "swe-bench-verified" },
    ...specs.map((s, i) => ({
      type: "rollout", id: `r${i}`, experiment: s.exp, run: s.run, task: s.task ?? TASK,
      ...(s.harness ? { harness_version: s.harness } : {}), ...(s.checkpoint ? { checkpoint: s.checkpoint } : {}),
      purpose: s.run.endsWith("eval") ? "eval" : "train", success: s.success, reward: s.reward, truncated: s.truncated ?? false, turns: [],
    })),
  ];
  const outcome = applyEvents(store, events);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
}

const SPECS: Spec[] = [
  { exp: "a", run: "a/train", harness: "a:H0", checkpoint: "a:ck0", success: true, reward: 1 },
  { exp: "a", run: "a/train", harness: "a:H0", checkpoint: "a:ck0", success: false, reward: 0, truncated: true },
  { exp: "a", run: "a/eval", harness: "a:H2", checkpoint: "a:ck45", success: true, reward: 1 },
  { exp: "a", run: "a/eval", harness: "a:H2", checkpoint: "a:ck45", success: true, reward: 1 },
  { exp: "a", run: "a/eval", harness: "a:H0", checkpoint: "a:ck45", success: false, reward: 0 },
  { exp: "b", run: "b/train", harness: "b:H0", success: false, reward: null },
  { exp: "b", run: "b/train", success: false, reward: 0 },
  { exp: "a", run: "a/train", harness: "a:H0", checkpoint: "a:ck0", success: true, reward: 1, task: "other" },
];

describe("getTask", () => {
  it("returns the task with its rollout count, null for an unknown id", () => {
    seed(SPECS);
    expect(getTask(store, TASK)).toEqual({
      id: TASK, key: "astropy__astropy-12907", benchmark: "swe-bench-verified", title: "Nested compound models", rollouts: 7,
    });
    expect(getTask(store, "swe-bench:nope")).toBeNull();
  });
});

describe("tallyTaskByHarnessVersion", () => {
  it("counts outcomes per harness version across experiments, keeping same-label versions apart", () => {
    seed(SPECS);
    const rows = tallyTaskByHarnessVersion(store, TASK);
    const byId = Object.fromEntries(rows.map((r) => [String(r.harnessVersionId), r]));
    expect(Object.keys(byId).sort()).toEqual(["a:H0", "a:H2", "b:H0", "null"]);
    expect(byId["a:H0"]).toMatchObject({ label: "H0", experimentName: "Experiment A", rollouts: 3, successes: 1, failures: 2, unknown: 0, truncated: 1 });
    expect(byId["a:H2"]).toMatchObject({ label: "H2", rollouts: 2, successes: 2, failures: 0 });
    // An unknown reward is neither a success nor a failure.
    expect(byId["b:H0"]).toMatchObject({ label: "H0", experimentName: "Experiment B", rollouts: 1, successes: 0, failures: 0, unknown: 1 });
    expect(byId.null).toMatchObject({ label: null, rollouts: 1, failures: 1 });
    expect(rows[rows.length - 1].harnessVersionId).toBeNull();
    // Every rollout of the task is in exactly one row.
    expect(rows.reduce((n, r) => n + r.rollouts, 0)).toBe(listTaskRollouts(store, TASK).length);
  });
});

describe("tallyTaskByCheckpoint", () => {
  it("counts per checkpoint in step order, named by name or model", () => {
    seed(SPECS);
    const rows = tallyTaskByCheckpoint(store, TASK);
    expect(rows.map((r) => [r.checkpointId, r.name, r.step, r.rollouts, r.successes])).toEqual([
      ["a:ck0", "policy-9b", 0, 2, 1],
      ["a:ck45", "checkpoint 45", 45, 3, 2],
      [null, null, null, 2, 0],
    ]);
  });

  it("is empty for a task nobody attempted", () => {
    seed([]);
    expect(tallyTaskByCheckpoint(store, TASK)).toEqual([]);
    expect(tallyTaskByHarnessVersion(store, TASK)).toEqual([]);
    expect(getTask(store, TASK)?.rollouts).toBe(0);
  });
});
