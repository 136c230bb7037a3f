import { describe, expect, it } from "vitest";
import { computeTrainingRates, type TrainingRolloutInput } from "./training-rates";

const r = (
  groupKey: string | null,
  success: boolean,
  opts: { reward?: number | null; truncated?: boolean } = {},
): TrainingRolloutInput => ({
  groupKey,
  success,
  reward: opts.reward === undefined ? (success ? 1 : 0) : opts.reward,
  truncated: opts.truncated ?? false,
});

describe("computeTrainingRates", () => {
  it("returns nulls for rates and zeros for counts on empty input", () => {
    expect(computeTrainingRates([])).toEqual({
      rollouts: 0,
      successes: 0,
      passRate: null,
      trainableRate: null,
      trainableRollouts: 0,
      groups: 0,
      mixedGroups: 0,
      mixedGroupRatio: null,
      truncationRate: null,
      meanReward: null,
    });
  });

  it("counts an all-success group in pass rate but not in trainable rate", () => {
    // Group a: 4/4 succeed (uniform). Group b: 1 of 4 succeeds (mixed).
    const rates = computeTrainingRates([
      r("a", true), r("a", true), r("a", true), r("a", true),
      r("b", true), r("b", false), r("b", false), r("b", false),
    ]);
    expect(rates.rollouts).toBe(8);
    expect(rates.successes).toBe(5);
    expect(rates.passRate).toBe(5 / 8);
    expect(rates.trainableRollouts).toBe(4);
    expect(rates.trainableRate).toBe(4 / 8);
    expect(rates.groups).toBe(2);
    expect(rates.mixedGroups).toBe(1);
    expect(rates.mixedGroupRatio).toBe(1 / 2);
    expect(rates.truncationRate).toBe(0);
    expect(rates.meanReward).toBe(5 / 8);
  });

  it("an all-failure group is neither passing nor trainable", () => {
    const rates = computeTrainingRates([r("a", false), r("a", false)]);
    expect(rates.passRate).toBe(0);
    expect(rates.trainableRate).toBe(0);
    expect(rates.mixedGroupRatio).toBe(0);
  });

  it("truncation can turn a mixed group into a uniform one", () => {
    // Group a: the only failure is truncated, so after dropping it all remaining succeed.
    // Group b: truncated success dropped, one success and one failure remain -> 2 trainable.
    const rates = computeTrainingRates([
      r("a", true), r("a", true), r("a", false, { truncated: true }),
      r("b", true), r("b", true, { truncated: true }), r("b", false),
    ]);
    expect(rates.rollouts).toBe(6);
    expect(rates.successes).toBe(4);
    expect(rates.passRate).toBe(4 / 6);
    expect(rates.mixedGroups).toBe(1);
    expect(rates.groups).toBe(2);
    expect(rates.mixedGroupRatio).toBe(1 / 2);
    expect(rates.trainableRollouts).toBe(2);
    // Denominator stays every rollout sampled, the truncated ones included.
    expect(rates.trainableRate).toBe(2 / 6);
    expect(rates.truncationRate).toBe(2 / 6);
  });

  it("a fully truncated group still counts as a group, but never as mixed", () => {
    const rates = computeTrainingRates([
      r("a", true, { truncated: true }), r("a", false, { truncated: true }),
      r("b", true), r("b", false),
    ]);
    expect(rates.groups).toBe(2);
    expect(rates.mixedGroups).toBe(1);
    expect(rates.trainableRollouts).toBe(2);
    expect(rates.trainableRate).toBe(2 / 4);
    expect(rates.truncationRate).toBe(2 / 4);
  });

  it("rollouts with unknown reward are not trainable and do not make a group mixed", () => {
    // Group a: the only failure has reward null -> not mixed.
    // Group b: mixed by its known-reward members; its null-reward member is still not trainable.
    const rates = computeTrainingRates([
      r("a", true), r("a", true), r("a", false, { reward: null }),
      r("b", true), r("b", false), r("b", true, { reward: null }),
    ]);
    expect(rates.mixedGroups).toBe(1);
    expect(rates.trainableRollouts).toBe(2);
    expect(rates.trainableRate).toBe(2 / 6);
    // Pass rate ignores reward: success is the outcome.
    expect(rates.successes).toBe(4);
    expect(rates.passRate).toBe(4 / 6);
    // Mean over the 4 known rewards: 1, 1, 1, 0.
    expect(rates.meanReward).toBe(3 / 4);
  });

  it("meanReward is null when no reward is known", () => {
    const rates = computeTrainingRates([r("a", true, { reward: null }), r("a", false, { reward: null })]);
    expect(rates.meanReward).toBeNull();
    expect(rates.trainableRate).toBe(0);
    expect(rates.passRate).toBe(1 / 2);
  });

  it("a rollout without a group key is its own group and never trainable", () => {
    const rates = computeTrainingRates([r(null, true), r(null, false), r(null, false)]);
    expect(rates.groups).toBe(3);
    expect(rates.mixedGroups).toBe(0);
    expect(rates.trainableRollouts).toBe(0);
    expect(rates.trainableRate).toBe(0);
    expect(rates.passRate).toBe(1 / 3);
  });

  it("groups are keyed exactly, ungrouped rollouts mixed in with groups", () => {
    const rates = computeTrainingRates([
      r("run1|0|t1", true), r("run1|0|t1", false),
      r("run1|1|t1", true), r("run1|1|t1", true),
      r(null, false),
    ]);
    expect(rates.groups).toBe(3);
    expect(rates.mixedGroups).toBe(1);
    expect(rates.mixedGroupRatio).toBe(1 / 3);
    expect(rates.trainableRollouts).toBe(2);
    expect(rates.trainableRate).toBe(2 / 5);
    expect(rates.passRate).toBe(3 / 5);
  });

  it("uses the real reward values for the mean, not the success flag", () => {
    const rates = computeTrainingRates([
      r("a", true, { reward: 0.5 }), r("a", false, { reward: -0.25 }), r("a", false, { reward: 0 }),
    ]);
    expect(rates.meanReward).toBeCloseTo(0.25 / 3, 12);
    expect(rates.trainableRollouts).toBe(3);
    expect(rates.trainableRate).toBe(1);
  });
});
