import { describe, expect, it } from "vitest";
import { byStep, correlation, packetCorrelations } from "./harness-r1-packet-figures";

// Independent estimates .1 .2 .3 .4; the baseline draws' luck +.1 −.1 −.1 +.1 (orthogonal to them), so the
// baselines are .2 .1 .2 .5.
const independent = [0.1, 0.2, 0.3, 0.4];
const luck = [0.1, -0.1, -0.1, 0.1];
const baseline = independent.map((x, i) => x + luck[i]);
const packets = (rewards: number[], control = independent) =>
  rewards.map((meanReward, i) => ({ baseline: baseline[i], control: control[i], independentBaseline: independent[i], meanReward }));

describe("Harness-R1 packet correlations", () => {
  it("a reward that follows the packet's difficulty correlates with its baseline but not with the baseline's luck", () => {
    // reward = −0.5 × the packet's success: patches lose more where the target solves more (headroom, no artefact).
    const figures = packetCorrelations(packets(independent.map((x) => -0.5 * x)));
    expect(figures.corr_independent_baseline_reward).toBe(-1);
    expect(figures.corr_luck_reward).toBe(0);
    // By hand: baseline centred (−.05, −.15, −.05, .25), reward centred (.075, .025, −.025, −.075):
    // Σxy = −.025, |x| = .3, |y| = .1118 → −0.745.
    expect(figures.corr_baseline_reward).toBe(-0.75);
  });

  it("a reward that follows the baseline draw's luck (regression to the mean) shows in the luck correlation", () => {
    const figures = packetCorrelations(packets(luck.map((l) => -l)));
    expect(figures.corr_luck_reward).toBe(-1);
    expect(figures.corr_independent_baseline_reward).toBe(0);
  });

  it("reports the control the rewards subtract apart from the packet's baseline", () => {
    const control = [0.4, 0.3, 0.2, 0.1];
    const figures = packetCorrelations(packets(control.map((c) => 0.2 - c), control));
    expect(figures.corr_control_reward).toBe(-1);
    expect(figures.corr_independent_baseline_reward).toBe(1);
    // By hand: control − independent = (.3, .1, −.1, −.3), reward = (−.2, −.1, 0, .1): r = −1.
    expect(figures.corr_control_luck_reward).toBe(-1);
  });

  it("has no correlation for fewer than 3 packets or a constant series", () => {
    expect(correlation([1, 2], [2, 1])).toBeNull();
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(() => correlation([1, 2, 3], [1, 2])).toThrow();
  });

  it("averages a per-packet series by training step", () => {
    expect(byStep([0.1, 0.2, 0.3, -0.1, 0, 0.4, 0.5], 3)).toEqual([0.2, 0.1, 0.5]);
  });
});
