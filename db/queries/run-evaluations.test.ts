// Issue 40 item 6: an evaluation run's page shows what it measured. Its evaluations are grouped into the matrix's
// cells (checkpoint × harness version × benchmark, repeats together) with pass@1 and the interval over tasks the
// matrix gives them, and a summary-only evaluation shows the pass@1 its evaluator reported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { listRunEvaluations } from "./run-evaluations";
import { passAt1 } from "@/lib/results/pass-at-1";

let store: Store;
const TASKS = ["t0", "t1", "t2", "t3"];
// Repeat 0 solves t0 and t1, repeat 1 solves t0 only: p̂ = 1, 1/2, 0, 0.
const SOLVED = [["t0", "t1"], ["t0"]];
beforeAll(() => {
  store = openStore(":memory:");
  const outcome = applyEvents(store, [
    { type: "experiment", id: "x", name: "eval page", method: "harnessadapt-rl" },
    { type: "run", id: "x-eval", experiment: "x", kind: "eval", status: "finished", name: "eval 40" },
    { type: "run", id: "x-other", experiment: "x", kind: "eval", status: "finished" },
    { type: "harness_version", id: "x-h0", experiment: "x", label: "H0", files: [] },
    { type: "checkpoint", id: "x-c40", experiment: "x", role: "policy", name: "step 40", step: 40 },
    ...TASKS.map((t) => ({ type: "task", id: t, key: t, benchmark: "mini-verified" })),
    ...SOLVED.map((solved, repeat) => ({
      type: "eval_result", id: `x-e${repeat}`, experiment: "x", run: "x-eval", checkpoint: "x-c40", harness_version: "x-h0",
      benchmark: "mini-verified", repeat, results: TASKS.map((task) => ({ task, success: solved.includes(task) })),
    })),
    { type: "eval_result", id: "x-summary", experiment: "x", run: "x-eval", checkpoint: "x-c40", benchmark: "held-out", reported: { "pass@1": 0.425 } },
    { type: "eval_result", id: "x-elsewhere", experiment: "x", run: "x-other", checkpoint: "x-c40", benchmark: "mini-verified", results: [{ task: "t0", success: false }] },
  ]);
  expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
});
afterAll(() => store.sqlite.close());

describe("an evaluation run's results", () => {
  it("one cell per checkpoint × harness × benchmark, repeats together, pass@1 as the matrix computes it; reported pass@1 when that is all", () => {
    const cells = listRunEvaluations(store, "x-eval");
    const expected = passAt1([{ taskId: "t0", successes: 2, attempts: 2 }, { taskId: "t1", successes: 1, attempts: 2 }, { taskId: "t2", successes: 0, attempts: 2 }, { taskId: "t3", successes: 0, attempts: 2 }]);
    expect(expected.score).toBe(0.375);
    expect(cells).toEqual([
      { experimentId: "x", checkpointId: "x-c40", harnessVersionId: null, benchmark: "held-out", checkpointName: "step 40", harnessLabel: null, repeats: 1, passAt1: null, reportedPassAt1: 0.425 },
      { experimentId: "x", checkpointId: "x-c40", harnessVersionId: "x-h0", benchmark: "mini-verified", checkpointName: "step 40", harnessLabel: "H0", repeats: 2, passAt1: expected, reportedPassAt1: null },
    ]);
    expect(listRunEvaluations(store, "nope")).toEqual([]);
  });
});
