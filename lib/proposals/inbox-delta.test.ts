import { describe, expect, it } from "vitest";
import { comparisonDelta, patchesDelta, reportedDelta } from "./inbox-delta";
import { comparisonStatistics, type ComparisonRolloutInput } from "../stats/comparison-statistics";

const r = (side: "base" | "candidate", taskId: string, i: number, success: boolean): ComparisonRolloutInput => ({
  id: `${side}-${taskId}-${i}`, side, taskId, taskKey: taskId, success, reward: success ? 1 : 0, truncated: false,
});

describe("the Δ an inbox row shows", () => {
  it("is the comparison panel's paired Δ of the pass rate, over the tasks both sides ran", () => {
    const rollouts = [
      r("base", "t1", 0, false), r("base", "t1", 1, false), r("candidate", "t1", 0, true), r("candidate", "t1", 1, false),
      r("base", "t2", 0, true), r("base", "t2", 1, true), r("candidate", "t2", 0, true), r("candidate", "t2", 1, true),
      r("base", "t3", 0, true), r("candidate", "t3", 0, false),
      r("base", "only-base", 0, false),
    ];
    const delta = comparisonDelta(rollouts);
    // (+0.5 + 0 − 1) / 3 tasks; the base-only task is not paired.
    expect(delta).toEqual({ source: "comparison", mean: expect.closeTo(-1 / 6, 12), tasks: 3 });
    const panel = comparisonStatistics({ id: "c", runId: null, rolloutsPerTask: null, reported: null, createdAt: 0 }, rollouts, { seed: 1, resamples: 10 });
    expect(panel.kind === "rollouts" && panel.paired.passRate.mean).toBeCloseTo((delta as { mean: number }).mean, 12);
    expect(comparisonDelta([])).toEqual({ source: "comparison", mean: null, tasks: 0 });
  });

  it("falls back to the reported pass rates, and to nothing when they are incomplete", () => {
    expect(reportedDelta({ base_pass_rate: 0.5, candidate_pass_rate: 0.532 })).toEqual({ source: "reported", mean: expect.closeTo(0.032, 12) });
    expect(reportedDelta({ base_pass_rate: 0.5 })).toBeNull();
    expect(reportedDelta(null)).toBeNull();
  });

  it("averages an engineer patch's Δ over the packets where it was valid and complete", () => {
    const e = (valid: boolean, baseline: number | null, patched: number | null) => ({ id: "x", patchIndex: 0, valid, complete: true, baselineSuccess: baseline, patchedSuccess: patched, reward: null });
    expect(patchesDelta([e(true, 0.2, 0.3), e(true, 0.4, 0.2), e(false, 0.1, 0.9), e(true, null, 0.5)])).toEqual({
      source: "patches", mean: expect.closeTo(-0.05, 12), packets: 2, evaluated: 4,
    });
    expect(patchesDelta([])).toEqual({ source: "patches", mean: null, packets: 0, evaluated: 0 });
  });
});
