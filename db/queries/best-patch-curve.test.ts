// The patch evaluations of a Harness-R1 experiment from a real store, each placed at the step its packet's
// rollouts name (none when they name none), with its engineer run and the proposal it belongs to.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../client";
import { applyEvents } from "../apply-events";
import { listPatchEvaluationsAtStep } from "./best-patch-curve";

const E = "bp";
let store: Store;
beforeEach(() => {
  store = openStore(":memory:");
  const rollout = (id: string, step: number | undefined) => ({
    type: "rollout", id: `${E}-${id}`, experiment: E, run: `${E}-eng`, task: `${E}-t`, harness_version: `${E}-H0`, purpose: "eval",
    ...(step === undefined ? {} : { step }), success: false, reward: 0, truncated: false, exit_status: "submitted", turns: [],
  });
  const outcome = applyEvents(store, [
    { type: "experiment", id: E, name: "BP", method: "harness-r1" },
    { type: "run", id: `${E}-eng`, experiment: E, kind: "engineer", status: "finished" },
    { type: "task", id: `${E}-t`, key: "t", benchmark: "train" },
    { type: "harness_version", id: `${E}-H0`, experiment: E, label: "H0", files: [] },
    { type: "harness_version", id: `${E}-P`, experiment: E, label: "H0 ⊕ p", parent: `${E}-H0`, files: [] },
    { type: "proposal", id: `${E}-prop`, experiment: E, kind: "engineer_patch", title: "Engineer patch p", base: `${E}-H0`, candidate: `${E}-P` },
    rollout("r1", 4), rollout("r2", 5), rollout("r3", undefined),
    { type: "failure_packet", id: `${E}-k1`, experiment: E, run: `${E}-eng`, rollouts: [`${E}-r1`, `${E}-r2`] },
    { type: "failure_packet", id: `${E}-k2`, experiment: E, run: `${E}-eng`, rollouts: [`${E}-r3`] },
    { type: "patch_evaluation", id: `${E}-e1`, experiment: E, failure_packet: `${E}-k1`, proposal: `${E}-prop`, patch_index: 0, valid: true, complete: true, baseline_success: 0.5, patched_success: 0.75, reward: 0.25 },
    { type: "patch_evaluation", id: `${E}-e2`, experiment: E, failure_packet: `${E}-k2`, patch_index: 1, valid: false, complete: true },
  ]);
  expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true });
});
afterEach(() => store.sqlite.close());

describe("listPatchEvaluationsAtStep", () => {
  it("places each evaluation at its packet's smallest rollout step, with its run and proposal", () => {
    expect(listPatchEvaluationsAtStep(store, E)).toEqual([
      { id: `${E}-e1`, run: `${E}-eng`, step: 4, patchId: `${E}-prop`, patchLabel: "Engineer patch p", patchIndex: 0, valid: true, complete: true, baselineSuccess: 0.5, patchedSuccess: 0.75, reward: 0.25 },
      { id: `${E}-e2`, run: `${E}-eng`, step: null, patchId: null, patchLabel: null, patchIndex: 1, valid: false, complete: true, baselineSuccess: null, patchedSuccess: null, reward: null },
    ]);
    expect(listPatchEvaluationsAtStep(store, "other")).toEqual([]);
  });
});
