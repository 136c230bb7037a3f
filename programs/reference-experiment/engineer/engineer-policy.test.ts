import { describe, expect, it } from "vitest";
import { HOOK_POSITIONS, type HookPosition } from "../../../lib/domain/vocabulary";
import { createRng } from "../random";
import { EngineerPolicy, NONE, type EngineerDecision } from "./engineer-policy";
import { PACKET_FEATURE_NAMES } from "./packet-features";
import { patchKey, patchPositions } from "./patch-space";

const FEATURES = PACKET_FEATURE_NAMES.map((_, k) => (k === 0 ? 1 : (k % 3) / 4));

/** A decision with chosen options forced (probs from the policy), for toy groups. */
function decisionWith(policy: EngineerPolicy, chosen: Partial<Record<HookPosition, number>>, temperature = 1): EngineerDecision {
  const { decision } = policy.samplePatch(FEATURES, createRng(0), temperature);
  for (const p of HOOK_POSITIONS) decision.chosen[p] = chosen[p] ?? 0;
  return decision;
}

describe("EngineerPolicy", () => {
  it("starts weakly preferring 'none': small patches, sometimes an empty one", () => {
    const policy = new EngineerPolicy();
    const probs = policy.probabilities(FEATURES);
    for (const p of HOOK_POSITIONS) {
      expect(probs[p].indexOf(Math.max(...probs[p]))).toBe(0);
      expect(probs[p][0]).toBeLessThan(0.8);
    }
    const rng = createRng(7);
    const sizes = Array.from({ length: 400 }, () => patchPositions(policy.samplePatch(FEATURES, rng, 1).patch).length);
    const empty = sizes.filter((n) => n === 0).length / sizes.length;
    expect(empty).toBeGreaterThan(0.02);
    expect(empty).toBeLessThan(0.2);
    expect(sizes.reduce((a, b) => a + b, 0) / sizes.length).toBeLessThan(2.5);
    expect(policy.greedyPatch(FEATURES)).toEqual({});
  });

  it("samples reproducibly per seed", () => {
    const policy = new EngineerPolicy();
    const draw = (seed: number) => {
      const rng = createRng(seed);
      return Array.from({ length: 16 }, () => patchKey(policy.samplePatch(FEATURES, rng, 1).patch));
    };
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
    const { patch, decision } = policy.samplePatch(FEATURES, createRng(3), 1);
    for (const p of HOOK_POSITIONS) {
      expect(decision.options[p][0]).toBe(NONE);
      expect(patch[p]).toBe(decision.chosen[p] === 0 ? undefined : decision.options[p][decision.chosen[p]]);
    }
  });

  it("GRPO moves probability toward the better-rewarded option", () => {
    const policy = new EngineerPolicy();
    const before = policy.probabilities(FEATURES).pre_action;
    const good = decisionWith(policy, { pre_action: 1 });
    const bad = decisionWith(policy, { pre_action: 0 });
    const group = { decisions: [good, good, good, good, bad, bad, bad, bad], rewards: [0.2, 0.2, 0.2, 0.2, 0, 0, 0, 0] };
    const stats = policy.update([group], 0.5);
    expect(stats).toMatchObject({ groups: 1, mixedGroups: 1, used: 8 });
    expect(stats.gradNorm).toBeGreaterThan(0);
    const after = policy.probabilities(FEATURES).pre_action;
    expect(after[1]).toBeGreaterThan(before[1]);
    expect(after[0]).toBeLessThan(before[0]);
    // positions chosen identically in the whole group get no net push
    expect(policy.probabilities(FEATURES).episode_init[0]).toBeCloseTo(new EngineerPolicy().probabilities(FEATURES).episode_init[0], 12);
  });

  it("a group with equal rewards contributes nothing", () => {
    const policy = new EngineerPolicy();
    const weights = structuredClone(policy.weights);
    const d = [decisionWith(policy, { pre_action: 1 }), decisionWith(policy, { post_feedback: 2 })];
    const stats = policy.update([{ decisions: [...d, ...d, ...d, ...d], rewards: new Array(8).fill(0.1) }], 1);
    expect(stats).toEqual({ groups: 1, mixedGroups: 0, used: 0, gradNorm: 0 });
    expect(policy.weights).toEqual(weights);
  });

  it("its log-prob gradient matches finite differences", () => {
    const policy = new EngineerPolicy();
    policy.update([{ decisions: [decisionWith(policy, { pre_action: 2, episode_init: 1 }), decisionWith(policy, {})], rewards: [1, 0] }], 0.3);
    const decision = decisionWith(policy, { pre_action: 1, post_feedback: 3, pre_decision: 1 }, 0.7);
    decision.probs = policy.probabilities(FEATURES, 0.7);
    const grad = policy.zeroGradient();
    policy.accumulateGradient(decision, 1, grad);
    const eps = 1e-6;
    for (const p of HOOK_POSITIONS) {
      policy.weights[p].forEach((row, o) => row.forEach((w, k) => {
        row[k] = w + eps;
        const up = policy.logProb(decision);
        row[k] = w - eps;
        const down = policy.logProb(decision);
        row[k] = w;
        expect(grad[p][o][k]).toBeCloseTo((up - down) / (2 * eps), 5);
      }));
    }
  });

  it("round-trips through JSON, clones independently, and goes greedy after training", () => {
    const policy = new EngineerPolicy();
    for (let i = 0; i < 20; i++) {
      const good = decisionWith(policy, { post_feedback: 1 });
      const bad = decisionWith(policy, {});
      policy.update([{ decisions: [good, bad, good, bad], rewards: [0.3, 0, 0.3, 0] }], 0.5);
    }
    expect(policy.greedyPatch(FEATURES)).toEqual({ post_feedback: policy.toJSON().options.post_feedback[1] });
    const restored = EngineerPolicy.fromJSON(JSON.parse(JSON.stringify(policy.toJSON())));
    expect(restored.weights).toEqual(policy.weights);
    const copy = policy.clone();
    copy.weights.pre_action[0][0] += 1;
    expect(policy.weights.pre_action[0][0]).not.toBe(copy.weights.pre_action[0][0]);
    expect(() => EngineerPolicy.fromJSON({ kind: "softmax-policy", version: 1 })).toThrow(/engineer-policy/);
    const wrong = policy.toJSON();
    wrong.weights.pre_action = wrong.weights.pre_action.slice(1);
    expect(() => EngineerPolicy.fromJSON(wrong)).toThrow(/pre_action weights/);
  });
});
