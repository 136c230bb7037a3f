// Issue 38, item 7, from a real store: H1 recorded with H0's files ("no proposal was accepted in epoch 1") and
// evaluated on the same streams scores H0's figures; the matrix shows the two once, as "H0 = H1 (same files)",
// and a version with other files keeps its own row.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { getEvalMatrixSource } from "./eval-matrix";
import { resolveMatrixView } from "../../lib/results/matrix-view";

const EXP = "mi-exp";
const BASE = [{ path: "tools/view.sh", kind: "tool", content: "cat -n \"$1\"" }];
const EVOLVED = [...BASE, { path: "hooks/refuse.py", kind: "hook", hook_position: "pre_action", content: "def hook(ctx):\n    return None\n" }];

let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
});
afterEach(() => store.sqlite.close());

function evalEvents(harness: string, outcomes: string) {
  return [{ type: "eval_result", id: `mi-${harness}`, experiment: EXP, checkpoint: "mi-ck", harness_version: harness, benchmark: "mini-verified", repeat: 0,
    results: [...outcomes].map((o, t) => ({ task: `mi-t${t}`, success: o === "1" })) }];
}

describe("the matrix source names each version's files", () => {
  it("versions with the same files and figures are one row; other files stay apart", () => {
    const outcome = applyEvents(store, [
      { type: "experiment", id: EXP, name: "Matrix identity", method: "harnessadapt-rl" },
      { type: "harness_version", id: "mi-H0", experiment: EXP, label: "H0", origin: "initial", files: BASE },
      { type: "harness_version", id: "mi-H1", experiment: EXP, label: "H1", parent: "mi-H0", origin: "manual", description: "no proposal was accepted in epoch 1: the same files as H0", files: BASE },
      { type: "harness_version", id: "mi-H2", experiment: EXP, label: "H2", parent: "mi-H1", origin: "manual", files: EVOLVED },
      { type: "checkpoint", id: "mi-ck", experiment: EXP, role: "policy", name: "step 6", step: 6 },
      ...[0, 1, 2, 3].map((t) => ({ type: "task", id: `mi-t${t}`, key: `mi-t${t}`, benchmark: "mini-verified" })),
      ...evalEvents("mi-H0", "0100"),
      ...evalEvents("mi-H1", "0100"),
      ...evalEvents("mi-H2", "0100"),
    ]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const source = getEvalMatrixSource(store, [EXP]);
    const key = (id: string) => source.harnessVersions.find((h) => h.id === id)!.filesKey;
    expect(key("mi-H1")).toBe(key("mi-H0"));
    expect(key("mi-H2")).not.toBe(key("mi-H0"));

    const view = resolveMatrixView(source, {}, "harness-swap");
    expect(view.matrix.rows.map((r) => [r.spec.label, r.spec.members.map((m) => m.harnessVersionId)])).toEqual([
      ["H0 = H1 (same files)", ["mi-H0", "mi-H1"]],
      ["H2", ["mi-H2"]],
    ]);
    expect(view.matrix.rows[0].cells[0].passAt1?.score).toBe(0.25);
  });

  it("the same bytes with a hook at another lifecycle position are another harness: never folded", () => {
    const moved = EVOLVED.map((f) => (f.kind === "hook" ? { ...f, hook_position: "post_feedback" } : f));
    const outcome = applyEvents(store, [
      { type: "experiment", id: EXP, name: "Matrix identity", method: "harnessadapt-rl" },
      { type: "harness_version", id: "mi-H0", experiment: EXP, label: "H0", origin: "initial", files: EVOLVED },
      { type: "harness_version", id: "mi-H1", experiment: EXP, label: "H1", parent: "mi-H0", origin: "manual", files: moved },
      { type: "checkpoint", id: "mi-ck", experiment: EXP, role: "policy", name: "step 6", step: 6 },
      ...[0, 1, 2, 3].map((t) => ({ type: "task", id: `mi-t${t}`, key: `mi-t${t}`, benchmark: "mini-verified" })),
      ...evalEvents("mi-H0", "0100"),
      ...evalEvents("mi-H1", "0100"),
    ]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const source = getEvalMatrixSource(store, [EXP]);
    expect(resolveMatrixView(source, {}, "harness-swap").matrix.rows.map((r) => r.spec.label)).toEqual(["H0", "H1"]);
  });

  it("the methods preset names the incumbent by its own label, not the promotion order's number", () => {
    // Epoch 1 accepted nothing (H1 holds H0's files); epoch 2's candidate was accepted — the first promotion,
    // numbered H1 — and re-recorded as H2. "the incumbent harness (H1)" would name the copy of H0.
    const outcome = applyEvents(store, [
      { type: "experiment", id: EXP, name: "Matrix identity", method: "harnessadapt-rl" },
      { type: "run", id: "mi-train", experiment: EXP, kind: "train", status: "finished" },
      { type: "harness_version", id: "mi-H0", experiment: EXP, label: "H0", origin: "initial", files: BASE },
      { type: "harness_version", id: "mi-H1", experiment: EXP, label: "H1", parent: "mi-H0", origin: "manual", files: BASE },
      { type: "evolution_round", id: "mi-r", experiment: EXP, run: "mi-train", epoch: 2, index: 0, incumbent: "mi-H1" },
      { type: "harness_version", id: "mi-cand", experiment: EXP, label: "H1+refuse", parent: "mi-H1", origin: "proposal", origin_proposal: "mi-prop", files: EVOLVED },
      { type: "proposal", id: "mi-prop", experiment: EXP, round: "mi-r", kind: "tool_hook", title: "Refuse", base: "mi-H1", candidate: "mi-cand" },
      { type: "decision", id: "mi-dec", proposal: "mi-prop", verdict: "accept", actor: "acceptance-rule", reason: "pass rate up" },
      { type: "harness_version", id: "mi-H2", experiment: EXP, label: "H2", parent: "mi-H1", origin: "proposal", origin_proposal: "mi-prop", files: EVOLVED },
      { type: "checkpoint", id: "mi-ck", experiment: EXP, role: "policy", name: "step 6", step: 6 },
      ...[0, 1, 2, 3].map((t) => ({ type: "task", id: `mi-t${t}`, key: `mi-t${t}`, benchmark: "mini-verified" })),
      ...evalEvents("mi-H1", "0100"),
      ...evalEvents("mi-H2", "1100"),
      ...evalEvents("mi-H0", "0100"),
    ]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
    const source = getEvalMatrixSource(store, [EXP]);
    const methods = resolveMatrixView(source, { harness: "incumbent" }, "methods");
    expect(methods.matrix.rows.map((r) => [r.spec.harnessVersionId, r.spec.choice])).toEqual([["mi-H2", "final evaluated checkpoint; the incumbent harness (H1+refuse)"]]);
    expect(methods.matrix.rows[0].spec.detail).toContain("H2 (same files as H1+refuse)");
  });
});
