import { describe, expect, it } from "vitest";
import { computeTrainingRates } from "../../../lib/metrics/training-rates";
import { createRng } from "../random";
import type { EpisodeResult } from "../types";
import { makeContext } from "./context-fixture";
import { groupAdvantages, grpoUpdate, toTrainingInputs } from "./grpo";
import { SoftmaxPolicy } from "./softmax-policy";

function episode(opts: { success: boolean; truncated?: boolean; decisions?: unknown[]; reward?: number }): EpisodeResult {
  return {
    taskId: "t",
    turns: [],
    success: opts.success,
    reward: opts.reward ?? (opts.success ? 1 : 0),
    truncated: opts.truncated ?? false,
    exitStatus: opts.truncated ? "turn_limit" : "submitted",
    submission: "",
    hiddenResults: [],
    decisions: opts.decisions ?? [],
    durationMs: 1,
  };
}

// A two-action toy: the only choice is run_tests or submit; submitting is "right".
const toyContext = makeContext({ tools: ["run_tests", "submit"] });

/** A group of K one-decision rollouts whose reward is 1 exactly when the policy chose `better`. */
function toyGroup(policy: SoftmaxPolicy, seed: number, k: number, better = "submit") {
  const rng = createRng(seed);
  return {
    episodes: Array.from({ length: k }, () => {
      const { action, decision } = policy.decide(toyContext, rng, 1);
      return episode({ success: action.tool === better, decisions: [decision] });
    }),
  };
}

describe("grpoUpdate", () => {
  it("moves probability toward the better action in a mixed group", () => {
    const policy = new SoftmaxPolicy();
    const before = policy.toolProbabilities(toyContext).submit;
    const group = toyGroup(policy, 1, 16);
    expect(new Set(group.episodes.map((e) => e.success)).size).toBe(2);
    const stats = grpoUpdate(policy, [group], { learningRate: 0.5 });
    expect(stats.usedRollouts).toBe(16);
    expect(stats.mixedGroups).toBe(1);
    expect(stats.gradNorm).toBeGreaterThan(0);
    expect(policy.toolProbabilities(toyContext).submit).toBeGreaterThan(before);
  });

  it("keeps improving over steps and the opposite reward pushes the other way", () => {
    const up = new SoftmaxPolicy();
    const down = new SoftmaxPolicy();
    const start = up.toolProbabilities(toyContext).submit;
    for (let step = 0; step < 10; step++) {
      grpoUpdate(up, [toyGroup(up, 100 + step, 8)], { learningRate: 0.5 });
      grpoUpdate(down, [toyGroup(down, 100 + step, 8, "run_tests")], { learningRate: 0.5 });
    }
    expect(up.toolProbabilities(toyContext).submit).toBeGreaterThan(start + 0.2);
    expect(down.toolProbabilities(toyContext).submit).toBeLessThan(start);
  });

  it("does nothing for a uniform group", () => {
    const policy = new SoftmaxPolicy();
    const before = policy.toJSON();
    const rng = createRng(2);
    const decisions = () => [policy.decide(toyContext, rng, 1).decision];
    const allPass = { episodes: [1, 2, 3, 4].map(() => episode({ success: true, decisions: decisions() })) };
    const allFail = { episodes: [1, 2, 3, 4].map(() => episode({ success: false, decisions: decisions() })) };
    const stats = grpoUpdate(policy, [allPass, allFail], { learningRate: 1 });
    expect(policy.toJSON()).toEqual(before);
    expect(stats).toMatchObject({ rollouts: 8, groups: 2, mixedGroups: 0, usedRollouts: 0, choices: 0, gradNorm: 0 });
    expect(stats.advantages.flat().every((a) => a === null)).toBe(true);
  });

  it("does nothing when the only contrast comes from a truncated rollout", () => {
    const policy = new SoftmaxPolicy();
    const before = policy.toJSON();
    const rng = createRng(3);
    const d = () => [policy.decide(toyContext, rng, 1).decision];
    const group = {
      episodes: [
        episode({ success: true, decisions: d() }),
        episode({ success: true, decisions: d() }),
        episode({ success: false, truncated: true, decisions: d() }),
      ],
    };
    const stats = grpoUpdate(policy, [group], { learningRate: 1 });
    expect(policy.toJSON()).toEqual(before);
    expect(stats).toMatchObject({ usedRollouts: 0, droppedTruncated: 1, mixedGroups: 0, trainableRate: 0 });
  });

  it("uses exactly the rollouts computeTrainingRates counts as trainable", () => {
    const rng = createRng(77);
    for (let trial = 0; trial < 20; trial++) {
      const groups = Array.from({ length: 1 + rng.int(6) }, () => ({
        episodes: Array.from({ length: 1 + rng.int(5) }, () => {
          const unknown = rng.next() < 0.05;
          return episode({ success: rng.next() < 0.4, truncated: rng.next() < 0.25, reward: unknown ? Number.NaN : undefined });
        }),
      }));
      // Rewards of the NaN rollouts are unknown: success must agree with "reward 1" for the others.
      const stats = grpoUpdate(new SoftmaxPolicy(), groups, { learningRate: 0.1 });
      const rates = computeTrainingRates(toTrainingInputs(groups));
      expect(stats.usedRollouts).toBe(rates.trainableRollouts);
      expect(stats.mixedGroups).toBe(rates.mixedGroups);
      expect(stats.groups).toBe(rates.groups);
      expect(stats.rollouts).toBe(rates.rollouts);
      expect(stats.trainableRate).toBe(rates.trainableRate);
      expect(stats.mixedGroupRatio).toBe(rates.mixedGroupRatio);
    }
  });
});

describe("grpoUpdate: truncation and step size (issue 16)", () => {
  it("with truncation \"keep\", running out of turns is a failure: the group learns from it; \"drop\" ignores it", () => {
    const rng = createRng(5);
    const policy = new SoftmaxPolicy();
    const d = () => [policy.decide(toyContext, rng, 1).decision];
    const group = { episodes: [episode({ success: true, decisions: d() }), episode({ success: false, truncated: true, decisions: d() })] };
    const dropped = grpoUpdate(policy.clone(), [group], { learningRate: 1 });
    expect(dropped).toMatchObject({ usedRollouts: 0, droppedTruncated: 1, gradNorm: 0 });
    const kept = grpoUpdate(policy.clone(), [group], { learningRate: 1, truncation: "keep" });
    expect(kept).toMatchObject({ usedRollouts: 2, droppedTruncated: 0, mixedGroups: 1 });
    expect(kept.advantages[0][0]).toBeGreaterThan(0);
    expect(kept.advantages[0][1]).toBeLessThan(0);
  });

  it("a kept truncated rollout with truncatedReward below 0 ranks under a wrong submission", () => {
    const group = [episode({ success: true }), episode({ success: false }), episode({ success: false, truncated: true })];
    const a = groupAdvantages(group, false, "keep", -0.5) as number[];
    expect(a[2]).toBeLessThan(a[1]);
    // Mean-centred: rewards 1, 0, −0.5 around their mean 1/6.
    [1 - 1 / 6, -1 / 6, -0.5 - 1 / 6].forEach((x, k) => expect(a[k]).toBeCloseTo(x, 12));
  });

  it("with truncation \"keep\", a group without a success still ranks time-outs under wrong submissions, at its reward scale", () => {
    const group = [episode({ success: false }), episode({ success: false }), episode({ success: false }), episode({ success: false, truncated: true })];
    // Rewards 0, 0, 0, −0.25 around their mean −1/16; not divided by their std (≈ 0.11), which would make this
    // contrast as strong as a success's.
    const a = groupAdvantages(group, true, "keep", -0.25, true) as number[];
    [1 / 16, 1 / 16, 1 / 16, -0.25 + 1 / 16].forEach((x, k) => expect(a[k]).toBeCloseTo(x, 12));
    // The paper's filter, or "keep" without the switch: no success, no contrast; nothing to learn when every rollout ran out of turns.
    expect(groupAdvantages(group, true, "drop", -0.25, true).every((x) => x === null)).toBe(true);
    expect(groupAdvantages(group, true, "keep", -0.25).every((x) => x === null)).toBe(true);
    const timedOut = Array.from({ length: 4 }, () => episode({ success: false, truncated: true }));
    expect(groupAdvantages(timedOut, true, "keep", -0.25, true).every((x) => x === null)).toBe(true);
    const rng = createRng(11);
    const policy = new SoftmaxPolicy();
    const d = () => [policy.decide(toyContext, rng, 1).decision];
    const stats = grpoUpdate(policy, [{ episodes: [episode({ success: false, decisions: d() }), episode({ success: false, truncated: true, decisions: d() })] }], { learningRate: 1, truncation: "keep", truncatedReward: -0.25, contrastWithoutSuccess: true });
    expect(stats).toMatchObject({ usedRollouts: 2, mixedGroups: 1 });
    expect(stats.advantages[0]).toEqual([0.125, -0.125]);
  });

  it("divides by every rollout handed in: the same contrast among more rollouts moves the policy less", () => {
    const policy = new SoftmaxPolicy();
    const mixed = toyGroup(policy, 1, 8);
    const rng = createRng(9);
    const uniform = Array.from({ length: 7 }, () => ({
      episodes: Array.from({ length: 8 }, () => episode({ success: false, decisions: [policy.decide(toyContext, rng, 1).decision] })),
    }));
    const alone = grpoUpdate(policy.clone(), [mixed], { learningRate: 1 });
    const among = grpoUpdate(policy.clone(), [mixed, ...uniform], { learningRate: 1 });
    expect(among.usedRollouts).toBe(alone.usedRollouts);
    expect(among.gradNorm).toBeCloseTo(alone.gradNorm / 8, 9);
  });
});

describe("grpoUpdate with a KL penalty", () => {
  it("reports the KL to the reference and holds the policy closer to it", () => {
    const reference = new SoftmaxPolicy();
    const free = reference.clone();
    const held = reference.clone();
    const kl = (p: SoftmaxPolicy) => {
      const probs = p.toolProbabilities(toyContext);
      const ref = reference.toolProbabilities(toyContext);
      return Object.keys(probs).reduce((s, t) => s + probs[t] * Math.log(probs[t] / ref[t]), 0);
    };
    let reported: number | null = null;
    for (let step = 0; step < 10; step++) {
      grpoUpdate(free, [toyGroup(free, 300 + step, 8)], { learningRate: 0.5 });
      reported = grpoUpdate(held, [toyGroup(held, 300 + step, 8)], { learningRate: 0.5, klCoefficient: 2, reference }).klToReference ?? reported;
    }
    expect(kl(held)).toBeLessThan(kl(free));
    expect(held.toolProbabilities(toyContext).submit).toBeGreaterThan(reference.toolProbabilities(toyContext).submit);
    expect(reported).toBeGreaterThan(0);
  });

  it("needs a reference when the coefficient is positive, and reports null without a penalty", () => {
    const policy = new SoftmaxPolicy();
    expect(() => grpoUpdate(policy, [toyGroup(policy, 1, 4)], { learningRate: 0.1, klCoefficient: 0.1 })).toThrow(/reference/);
    expect(grpoUpdate(policy, [toyGroup(policy, 1, 4)], { learningRate: 0.1 }).klToReference).toBeNull();
  });
});

describe("groupAdvantages", () => {
  const group = [episode({ success: true }), episode({ success: false }), episode({ success: false }), episode({ success: false, truncated: true })];

  it("are reward minus the kept members' mean, divided by their std", () => {
    const a = groupAdvantages(group);
    expect(a[3]).toBeNull();
    const kept = a.slice(0, 3) as number[];
    const mean = kept.reduce((x, y) => x + y, 0) / 3;
    const std = Math.sqrt(kept.reduce((s, x) => s + (x - mean) ** 2, 0) / 3);
    expect(mean).toBeCloseTo(0, 12);
    expect(std).toBeCloseTo(1, 5);
    expect(kept[0]).toBeGreaterThan(0);
  });

  it("are only mean-centred without normalisation", () => {
    const a = groupAdvantages(group, false);
    expect(a[3]).toBeNull();
    [2 / 3, -1 / 3, -1 / 3].forEach((x, k) => expect(a[k]).toBeCloseTo(x, 12));
  });
});
