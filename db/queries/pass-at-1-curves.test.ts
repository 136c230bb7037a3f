// The pass@1 curves from a real store: a run's scope is the checkpoints it produced, an experiment's is all of
// them, and each point equals the matrix cell built by buildMatrix from the same store (getEvalMatrixSource).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getEvalMatrixSource } from "./eval-matrix";
import { getPass1Curves } from "./pass-at-1-curves";
import { buildMatrix } from "../../lib/results/eval-matrix";
import { matrixLayout } from "../../lib/results/matrix-layout";

const E = "p1";
let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  const evalResult = (ck: string, h: string, b: string, repeat: number, outcomes: string) => ({
    type: "eval_result", id: `${E}-${ck}-${h}-${b}-${repeat}`, experiment: E, checkpoint: `${E}-${ck}`, harness_version: `${E}-${h}`, benchmark: b, repeat,
    results: [...outcomes].map((o, t) => ({ task: `${E}-${b}-${t}`, success: o === "1" })),
  });
  const outcome = applyEvents(store, [
    { type: "experiment", id: E, name: "P1", method: "harnessadapt-rl" },
    { type: "run", id: `${E}-a`, experiment: E, kind: "train", status: "finished" },
    { type: "run", id: `${E}-b`, experiment: E, kind: "train", status: "finished" },
    { type: "harness_version", id: `${E}-H0`, experiment: E, label: "H0", files: [] },
    { type: "harness_version", id: `${E}-H1`, experiment: E, label: "H1", parent: `${E}-H0`, files: [{ path: "hooks/check.sh", kind: "hook", hook_position: "pre_action", content: "true" }] },
    { type: "checkpoint", id: `${E}-a2`, experiment: E, run: `${E}-a`, role: "policy", step: 2, epoch: 0 },
    { type: "checkpoint", id: `${E}-a4`, experiment: E, run: `${E}-a`, role: "policy", step: 4, epoch: 1 },
    { type: "checkpoint", id: `${E}-b4`, experiment: E, run: `${E}-b`, role: "policy", step: 4, epoch: 1 },
    ...["x", "y"].flatMap((b) => [0, 1, 2, 3].map((t) => ({ type: "task", id: `${E}-${b}-${t}`, key: `${b}${t}`, benchmark: b }))),
    evalResult("a2", "H0", "x", 0, "1000"), evalResult("a2", "H0", "x", 1, "1100"),
    evalResult("a2", "H0", "y", 0, "0010"),
    evalResult("a4", "H0", "x", 0, "1101"), evalResult("a4", "H0", "y", 0, "0011"),
    evalResult("a4", "H1", "x", 0, "1111"), evalResult("a4", "H1", "y", 0, "1011"),
    evalResult("b4", "H0", "x", 0, "0001"),
  ]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

describe("getPass1Curves", () => {
  it("a run's scope is its own checkpoints; an experiment's is all of them", () => {
    const run = getPass1Curves(store, [{ kind: "run", id: `${E}-a` }], "step");
    expect(run.ok && run.data[0].series.map((s) => [s.label, s.points.map((p) => p.checkpointId)])).toEqual([
      ["H0 · x", [`${E}-a2`, `${E}-a4`]], ["H0 · y", [`${E}-a2`, `${E}-a4`]], ["H0 · average", [`${E}-a2`, `${E}-a4`]],
      ["H1 · x", [`${E}-a4`]], ["H1 · y", [`${E}-a4`]], ["H1 · average", [`${E}-a4`]],
    ]);
    const all = getPass1Curves(store, [{ kind: "experiment", id: E }], "step");
    expect(all.ok && all.data[0].series[0].points.map((p) => p.checkpointId)).toEqual([`${E}-a2`, `${E}-a4`, `${E}-b4`]);
    expect(getPass1Curves(store, [{ kind: "run", id: "nope" }], "step")).toEqual({ ok: false, unknown: { kind: "run", id: "nope" } });
  });

  it("every point equals the matrix cell from the same store", () => {
    const source = getEvalMatrixSource(store, [E]);
    const matrix = buildMatrix(source.cells, matrixLayout(source, { preset: "full", harnessRule: "latest" }), null);
    const cells = new Map(matrix.rows.flatMap((r) => r.cells).map((c) => [c.key, c]));
    const result = getPass1Curves(store, [{ kind: "experiment", id: E }], "step");
    if (!result.ok) throw new Error("unknown scope");
    const points = result.data[0].series.filter((s) => s.benchmark !== null).flatMap((s) => s.points);
    expect(points).toHaveLength(7);
    for (const p of points) {
      const c = cells.get(p.cellKey!)!.passAt1!;
      expect([p.passAt1, p.lo, p.hi, p.tasks]).toEqual([c.score, c.ci![0], c.ci![1], c.tasks]);
    }
    // a2 H0 x over two repeats: per task 1, 0.5, 0, 0 → 0.375.
    expect(points[0]).toMatchObject({ x: 2, passAt1: 0.375, tasks: 4 });
  });

  it("marks where the harness of a training run's train rollouts changed: run b moves from H0 to H1 at step 3", () => {
    const rollouts = [1, 2, 3, 4].flatMap((step) => [0, 1].map((k) => ({
      type: "rollout", id: `${E}-r${step}-${k}`, experiment: E, run: `${E}-b`, task: `${E}-x-0`, harness_version: step < 3 ? `${E}-H0` : `${E}-H1`,
      purpose: "train", epoch: step < 3 ? 0 : 1, step, group: "g", sample_index: k, success: k === 0, reward: k === 0 ? 1 : 0, truncated: false,
      exit_status: "submitted", turns: [],
    })));
    expect(applyEvents(store, rollouts)).toMatchObject({ ok: true });
    const all = getPass1Curves(store, [{ kind: "experiment", id: E }], "step");
    expect(all.ok && all.data[0].markers.map((m) => [m.run, m.step, m.fromLabel, m.toLabel, m.x])).toEqual([[`${E}-b`, 3, "H0", "H1", 3]]);
    const epoch = getPass1Curves(store, [{ kind: "run", id: `${E}-b` }], "epoch");
    expect(epoch.ok && epoch.data[0].markers.map((m) => m.x)).toEqual([1]);
    // Run a trained on nothing: its scope has no marker.
    const a = getPass1Curves(store, [{ kind: "run", id: `${E}-a` }], "step");
    expect(a.ok && a.data[0].markers).toEqual([]);
  });
});
