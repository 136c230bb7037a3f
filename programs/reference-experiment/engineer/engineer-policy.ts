// The Harness-R1 engineer: given a failure packet's features, it picks per lifecycle position either
// "none" or one catalogue hook (a linear softmax per position), and is trained with GRPO on the reward
// r(B, P) = Δ_B(P) over the K = 8 patches sampled for one packet. Parameters are plain arrays of
// numbers, so a checkpoint is toJSON() and nothing else.
import { HOOK_POSITIONS, type HookPosition } from "../../../lib/domain/vocabulary";
import type { Rng } from "../random";
import { addPerOptionLogProbGradient, dot, gradientTemperature, sampleIndex, softmax } from "../policy/softmax";
import { PACKET_FEATURE_NAMES } from "./packet-features";
import { PATCH_OPTIONS, type HookPatch } from "./patch-space";

export const NONE = "none";

/**
 * Initial score of "none" (all other weights 0): a weak preference, so an untrained engineer proposes
 * small patches (≈1.7 positions on average with the current catalogue) and now and then an empty,
 * incomplete one (≈8 %) — the reward's 0 for those is something it must learn to avoid.
 */
export const NONE_BIAS = 1;

const STD_EPSILON = 1e-6;

/** One sampled patch, with what the update needs to recompute ∇ log π. */
export interface EngineerDecision {
  features: number[];
  temperature: number;
  /** Per position, the options in score order: ["none", ...PATCH_OPTIONS[position]]. */
  options: Record<HookPosition, string[]>;
  chosen: Record<HookPosition, number>;
  probs: Record<HookPosition, number[]>;
}

/** Per position, one weight row per option (rows × PACKET_FEATURE_NAMES). */
export type EngineerWeights = Record<HookPosition, number[][]>;

export interface EngineerCheckpoint {
  kind: "engineer-policy";
  version: 1;
  features: string[];
  options: Record<HookPosition, string[]>;
  weights: EngineerWeights;
}

export interface EngineerUpdateStats {
  groups: number;
  /** Groups whose rewards are not all equal: the only ones with an advantage signal. */
  mixedGroups: number;
  /** Samples that received an advantage. */
  used: number;
  gradNorm: number;
}

const optionsOf = (p: HookPosition): string[] => [NONE, ...PATCH_OPTIONS[p]];

function initialWeights(): EngineerWeights {
  const n = PACKET_FEATURE_NAMES.length;
  return Object.fromEntries(HOOK_POSITIONS.map((p) => [p, optionsOf(p).map((_, o) => {
    const row = new Array<number>(n).fill(0);
    if (o === 0) row[0] = NONE_BIAS; // feature 0 is the bias
    return row;
  })])) as EngineerWeights;
}

export class EngineerPolicy {
  readonly weights: EngineerWeights;

  constructor(weights?: EngineerWeights) {
    this.weights = weights ?? initialWeights();
  }

  private checkFeatures(features: readonly number[]): void {
    if (features.length !== PACKET_FEATURE_NAMES.length) {
      throw new Error(`expected ${PACKET_FEATURE_NAMES.length} packet features, got ${features.length}`);
    }
  }

  /** Per position, the option probabilities at this temperature. */
  probabilities(features: readonly number[], temperature = 1): Record<HookPosition, number[]> {
    this.checkFeatures(features);
    return Object.fromEntries(HOOK_POSITIONS.map((p) => [p, softmax(this.weights[p].map((w) => dot(w, features)), temperature)])) as Record<HookPosition, number[]>;
  }

  /** One patch: one rng draw per position, in HOOK_POSITIONS order (reproducible per seed). */
  samplePatch(features: number[], rng: Rng, temperature: number): { patch: HookPatch; decision: EngineerDecision } {
    const probs = this.probabilities(features, temperature);
    const patch: HookPatch = {};
    const chosen = {} as Record<HookPosition, number>;
    const options = {} as Record<HookPosition, string[]>;
    for (const p of HOOK_POSITIONS) {
      options[p] = optionsOf(p);
      chosen[p] = sampleIndex(probs[p], rng);
      if (chosen[p] > 0) patch[p] = options[p][chosen[p]];
    }
    return { patch, decision: { features: [...features], temperature, options, chosen, probs } };
  }

  /** Argmax per position (first maximum): the engineer's best guess, for evaluation. */
  greedyPatch(features: readonly number[]): HookPatch {
    const probs = this.probabilities(features, 0);
    const patch: HookPatch = {};
    for (const p of HOOK_POSITIONS) {
      const k = probs[p].indexOf(1);
      if (k > 0) patch[p] = optionsOf(p)[k];
    }
    return patch;
  }

  /** Adds scale · ∇ log π(decision) — the sum over positions of (onehot − probs)/T ⊗ features — into grad. */
  accumulateGradient(decision: EngineerDecision, scale: number, grad: EngineerWeights): void {
    for (const p of HOOK_POSITIONS) {
      if (decision.options[p].join("\0") !== optionsOf(p).join("\0")) {
        throw new Error(`decision was sampled with other ${p} options than this policy's`);
      }
      addPerOptionLogProbGradient(decision.features, decision.probs[p], decision.chosen[p], decision.temperature, scale, grad[p]);
    }
  }

  zeroGradient(): EngineerWeights {
    return Object.fromEntries(HOOK_POSITIONS.map((p) => [p, this.weights[p].map((row) => row.map(() => 0))])) as EngineerWeights;
  }

  /**
   * GRPO over groups (the K patches of one packet): advantage = (r − mean) / (std + 1e-6) within the
   * group; a group whose rewards are all equal has no contrast and contributes nothing. The REINFORCE
   * gradient is averaged over the used samples and added times learningRate (gradient ascent).
   */
  update(groups: Array<{ decisions: EngineerDecision[]; rewards: number[] }>, learningRate: number): EngineerUpdateStats {
    const grad = this.zeroGradient();
    let mixedGroups = 0;
    let used = 0;
    for (const g of groups) {
      if (g.decisions.length !== g.rewards.length) throw new Error("a group needs one reward per decision");
      if (!g.rewards.every(Number.isFinite)) throw new Error("engineer rewards must be finite numbers");
      if (g.rewards.length < 2 || g.rewards.every((r) => r === g.rewards[0])) continue;
      mixedGroups += 1;
      const mean = g.rewards.reduce((a, b) => a + b, 0) / g.rewards.length;
      const std = Math.sqrt(g.rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / g.rewards.length);
      g.decisions.forEach((d, k) => this.accumulateGradient(d, (g.rewards[k] - mean) / (std + STD_EPSILON), grad));
      used += g.decisions.length;
    }
    let sq = 0;
    if (used > 0) {
      for (const p of HOOK_POSITIONS) grad[p].forEach((row, o) => row.forEach((x, k) => {
        const step = x / used;
        sq += step * step;
        this.weights[p][o][k] += learningRate * step;
      }));
    }
    return { groups: groups.length, mixedGroups, used, gradNorm: Math.sqrt(sq) };
  }

  /** log π(decision's patch | its features), at its temperature, under the current weights (for checks). */
  logProb(decision: EngineerDecision): number {
    const probs = this.probabilities(decision.features, gradientTemperature(decision.temperature));
    return HOOK_POSITIONS.reduce((s, p) => s + Math.log(probs[p][decision.chosen[p]]), 0);
  }

  toJSON(): EngineerCheckpoint {
    return {
      kind: "engineer-policy",
      version: 1,
      features: [...PACKET_FEATURE_NAMES],
      options: Object.fromEntries(HOOK_POSITIONS.map((p) => [p, optionsOf(p)])) as Record<HookPosition, string[]>,
      weights: structuredClone(this.weights),
    };
  }

  static fromJSON(json: unknown): EngineerPolicy {
    const c = json as EngineerCheckpoint;
    if (typeof c !== "object" || c === null || c.kind !== "engineer-policy" || c.version !== 1) {
      throw new Error("not an engineer-policy checkpoint (version 1)");
    }
    if (JSON.stringify(c.features) !== JSON.stringify(PACKET_FEATURE_NAMES)) throw new Error("checkpoint packet features differ from this code's");
    const n = PACKET_FEATURE_NAMES.length;
    const weights = {} as EngineerWeights;
    for (const p of HOOK_POSITIONS) {
      if (JSON.stringify(c.options?.[p]) !== JSON.stringify(optionsOf(p))) throw new Error(`checkpoint ${p} options differ from this code's`);
      const rows = c.weights?.[p];
      if (!Array.isArray(rows) || rows.length !== optionsOf(p).length
        || !rows.every((r) => Array.isArray(r) && r.length === n && r.every((x) => typeof x === "number" && Number.isFinite(x)))) {
        throw new Error(`checkpoint ${p} weights are not ${optionsOf(p).length} × ${n} finite numbers`);
      }
      weights[p] = rows.map((r) => [...r]);
    }
    return new EngineerPolicy(weights);
  }

  clone(): EngineerPolicy {
    return new EngineerPolicy(structuredClone(this.weights));
  }
}
