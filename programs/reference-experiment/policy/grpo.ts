// One GRPO step over groups of rollouts (the K rollouts of one task in one training step).
// Two truncation policies. "drop" is DOMAIN.md's filter, in its order: drop truncated rollouts (and any
// whose reward is unknown), then keep only groups that still hold both a success and a failure; the
// rollouts used are then exactly the "trainable" ones of computeTrainingRates. "keep" (the reference
// experiment's default, a documented departure) keeps a truncated rollout as a failure with reward
// `truncatedReward` (0, or below 0 as DAPO's overlong punishment): with "drop", running out of turns costs
// nothing while a wrong submission is punished, and a small policy learns to stall. Advantages are group-relative; the update is REINFORCE on every recorded softmax choice, and the
// objective is divided by the number of rollouts handed in (a constant per batch, as Dr. GRPO), so a step
// whose groups hold little contrast moves the policy little.
import type { EpisodeResult } from "../types";
import type { TrainingRolloutInput } from "../../../lib/metrics/training-rates";

/** What GRPO needs from a policy: a gradient buffer, ∇ log π of a recorded decision, and a step. */
export interface TrainablePolicy<G> {
  zeroGradient(): G;
  /** Adds scale · ∇ log π(decision) into grad; returns how many softmax choices it held. */
  accumulateGradient(decision: unknown, scale: number, grad: G): number;
  applyGradient(grad: G, learningRate: number, maxGradNorm?: number): { gradNorm: number; clipped: boolean };
  /** Adds scale · ∇ KL(π ‖ reference) at the decision's states into grad; returns the KL. Needed for klCoefficient > 0. */
  accumulateKlGradient?(decision: unknown, reference: never, scale: number, grad: G): number;
}

export interface GrpoGroup {
  episodes: EpisodeResult[];
}

/** What the update does with a rollout that ran out of turns. */
export type TruncationPolicy = "drop" | "keep";

export interface GrpoOptions {
  learningRate: number;
  /** Default "drop" (DOMAIN.md's filter). */
  truncation?: TruncationPolicy;
  /** With truncation "keep": the reward a truncated rollout gets in the update (default 0; the stored reward stays 0). */
  truncatedReward?: number;
  /**
   * With truncation "keep": also learn from groups without a success whose rewards differ (wrong submissions vs
   * time-outs), mean-centred. Default false.
   */
  contrastWithoutSuccess?: boolean;
  /** Divide by the group's reward standard deviation (GRPO). false: mean-centred only (Dr. GRPO). Default true. */
  normalizeAdvantages?: boolean;
  /** Clip the gradient's global norm. Default: no clipping. */
  maxGradNorm?: number;
  /**
   * β of GRPO's KL penalty toward `reference` (typically the initial checkpoint), over the states the
   * used rollouts visited. Default 0 (no penalty).
   */
  klCoefficient?: number;
  reference?: unknown;
}

export interface GrpoStats {
  /** Every rollout handed in, the dropped ones included: the trainable rate's denominator. */
  rollouts: number;
  groups: number;
  /** Groups holding both a success and a failure after dropping. */
  mixedGroups: number;
  /** Rollouts whose decisions received an advantage: with truncation "drop", computeTrainingRates' trainableRollouts. */
  usedRollouts: number;
  droppedTruncated: number;
  droppedUnknownReward: number;
  /** usedRollouts / rollouts (null without rollouts); with "drop", the trainable rate of DOMAIN.md. */
  trainableRate: number | null;
  mixedGroupRatio: number | null;
  /** Mean advantage over the used rollouts: ~0 by construction, a sanity figure. */
  meanAdvantage: number;
  meanAbsAdvantage: number;
  /** Softmax choices that received a gradient. */
  choices: number;
  /** Mean KL(π ‖ reference) per used rollout (summed over its softmaxes), before the step; null without a penalty. */
  klToReference: number | null;
  gradNorm: number;
  clipped: boolean;
  /** Per group, per episode (input order): the advantage, or null when the rollout was not used. */
  advantages: Array<Array<number | null>>;
}

const STD_EPSILON = 1e-6;

function rewardOf(e: EpisodeResult): number | null {
  return Number.isFinite(e.reward) ? e.reward : null;
}

/** The same rollouts as computeTrainingRates input, one group key per group. */
export function toTrainingInputs(groups: readonly GrpoGroup[]): TrainingRolloutInput[] {
  return groups.flatMap((g, k) =>
    g.episodes.map((e) => ({ groupKey: `group-${k}`, success: e.success, reward: rewardOf(e), truncated: e.truncated })),
  );
}

/** Group-relative advantages; null for rollouts the filter drops or groups without contrast. */
export function groupAdvantages(
  episodes: readonly EpisodeResult[], normalize = true, truncation: TruncationPolicy = "drop", truncatedReward = 0, contrastWithoutSuccess = false,
): Array<number | null> {
  // A kept truncated rollout is a failure: its reward is truncatedReward whatever the episode recorded.
  const rewardFor = (e: EpisodeResult) => (e.truncated ? truncatedReward : e.reward);
  const usable = episodes.map((e) => (truncation === "drop" ? !e.truncated : true) && rewardOf(e) !== null);
  const kept = episodes.filter((_, k) => usable[k]);
  const rewards = kept.map(rewardFor);
  // A group needs a success and a failure (DOMAIN.md's filter). With "keep" and contrastWithoutSuccess, any group
  // whose rewards differ: a group of wrong submissions and time-outs still teaches that running out of turns is worse.
  const mixed = truncation === "keep" && contrastWithoutSuccess
    ? rewards.some((r) => r !== rewards[0])
    : kept.some((e) => e.success && !e.truncated) && kept.some((e) => !e.success || e.truncated);
  if (!mixed) return episodes.map(() => null);
  const mean = rewards.reduce((a, b) => a + b, 0) / rewards.length;
  const std = Math.sqrt(rewards.reduce((a, r) => a + (r - mean) ** 2, 0) / rewards.length);
  // A group without a success only ranks time-outs under wrong submissions: its contrast keeps its reward scale
  // (mean-centred), or dividing by its small std would push as hard toward any submission as a success does.
  const succeeded = kept.some((e) => e.success && !e.truncated);
  const divisor = normalize && succeeded ? std + STD_EPSILON : 1;
  return episodes.map((e, k) => (usable[k] ? (rewardFor(e) - mean) / divisor : null));
}

export function grpoUpdate<G>(policy: TrainablePolicy<G>, groups: readonly GrpoGroup[], options: GrpoOptions): GrpoStats {
  const normalize = options.normalizeAdvantages ?? true;
  const truncation = options.truncation ?? "drop";
  let rollouts = 0;
  let droppedTruncated = 0;
  let droppedUnknownReward = 0;
  let mixedGroups = 0;
  const advantages = groups.map((g) => {
    rollouts += g.episodes.length;
    for (const e of g.episodes) {
      if (e.truncated && truncation === "drop") droppedTruncated += 1;
      else if (rewardOf(e) === null) droppedUnknownReward += 1;
    }
    const a = groupAdvantages(g.episodes, normalize, truncation, options.truncatedReward ?? 0, options.contrastWithoutSuccess ?? false);
    if (a.some((x) => x !== null)) mixedGroups += 1;
    return a;
  });

  const used: Array<{ episode: EpisodeResult; advantage: number }> = [];
  groups.forEach((g, gi) => g.episodes.forEach((e, ei) => {
    const a = advantages[gi][ei];
    if (a !== null) used.push({ episode: e, advantage: a });
  }));

  let choices = 0;
  let gradNorm = 0;
  let clipped = false;
  const beta = options.klCoefficient ?? 0;
  if (beta > 0 && (options.reference === undefined || !policy.accumulateKlGradient)) {
    throw new Error("klCoefficient needs a reference policy and a policy with accumulateKlGradient");
  }
  let klSum = 0;
  if (used.length > 0) {
    // The objective is Σ over used rollouts of A_i · Σ_t log π(decision_t), divided by every rollout handed
    // in: a sum over a rollout's decisions (no length normalisation, which would favour short failures'
    // gradients), and a constant divisor, so two usable rollouts do not move the policy as far as fifty.
    const grad = policy.zeroGradient();
    for (const { episode, advantage } of used) {
      if (beta > 0) {
        for (const d of episode.decisions) klSum += policy.accumulateKlGradient!(d, options.reference as never, -beta / rollouts, grad);
      }
      if (advantage === 0) continue;
      for (const d of episode.decisions) choices += policy.accumulateGradient(d, advantage / rollouts, grad);
    }
    ({ gradNorm, clipped } = policy.applyGradient(grad, options.learningRate, options.maxGradNorm));
  }

  const share = (n: number, d: number) => (d === 0 ? null : n / d);
  return {
    rollouts,
    groups: groups.length,
    mixedGroups,
    usedRollouts: used.length,
    droppedTruncated,
    droppedUnknownReward,
    trainableRate: share(used.length, rollouts),
    mixedGroupRatio: share(mixedGroups, groups.length),
    meanAdvantage: used.length === 0 ? 0 : used.reduce((s, u) => s + u.advantage, 0) / used.length,
    meanAbsAdvantage: used.length === 0 ? 0 : used.reduce((s, u) => s + Math.abs(u.advantage), 0) / used.length,
    choices,
    klToReference: beta > 0 && used.length > 0 ? klSum / used.length : null,
    gradNorm,
    clipped,
    advantages,
  };
}
