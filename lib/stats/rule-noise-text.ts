// Rule noise in words, the same sentence wherever a verdict is shown (comparison panel, decision history,
// the reference experiment's log): "this rule accepts a no-change candidate 35 % of the time here".
import type { RuleNoise } from "./rule-noise";

/** 35 %, 4.2 %, 0.3 %, 0 %: whole percent from 10 % up, one decimal below. */
export function formatNoiseRate(rate: number): string {
  const pct = rate * 100;
  if (pct === 0) return "0 %";
  return `${pct >= 10 ? Math.round(pct) : Math.max(0.1, Math.round(pct * 10) / 10)} %`;
}

/**
 * A paired comparison whose verdict rests on this many differing pairs or fewer cannot be told from chance by any
 * paired test at 5 %: even when every differing pair favours the candidate, sign flips give p = 2^-d ≥ 1/16.
 */
export const HANDFUL_OF_PAIRS = 4;

type NoiseFacts = Pick<RuleNoise, "acceptRate" | "tasks" | "rollouts"> & Partial<Pick<RuleNoise, "design" | "pairs" | "differingPairs">>;

export function ruleNoiseSentence(noise: NoiseFacts): string {
  const perSide = noise.rollouts.base === noise.rollouts.candidate ? `${noise.rollouts.base} rollouts a side` : `${noise.rollouts.base} base and ${noise.rollouts.candidate} candidate rollouts`;
  const rate = `this rule accepts a candidate with no effect ${formatNoiseRate(noise.acceptRate)} of the time`;
  if (noise.design === "paired" && noise.pairs !== undefined && noise.differingPairs !== undefined) {
    const differ = noise.differingPairs === 0 ? "no pair differs" : `${noise.differingPairs.toLocaleString("en-US")} of ${noise.pairs.toLocaleString("en-US")} pairs differ`;
    return `Paired by task and sample: ${differ}. At ${noise.tasks} tasks and ${perSide}, ${rate}.`;
  }
  return `At ${noise.tasks} tasks and ${perSide}, ${rate}.`;
}

/** Said when a paired verdict rests on a handful of differing rollouts; undefined otherwise. */
export function handfulSentence(noise: NoiseFacts): string | undefined {
  if (noise.design !== "paired" || noise.differingPairs === undefined || noise.pairs === undefined) return undefined;
  if (noise.differingPairs === 0) return "Both sides gave the same result in every pair: this comparison cannot tell the harnesses apart.";
  if (noise.differingPairs > HANDFUL_OF_PAIRS) return undefined;
  const n = noise.differingPairs;
  return `This verdict rests on ${n === 1 ? "1 rollout" : `${n} rollouts`} that came out differently out of ${noise.pairs.toLocaleString("en-US")} pairs: too few for any paired test to tell an effect from chance.`;
}

export function ruleNoiseMethod(noise: Pick<RuleNoise, "method" | "arrangements" | "seed"> & Partial<Pick<RuleNoise, "design">>): string {
  const n = noise.arrangements.toLocaleString("en-US");
  if (noise.design === "paired") {
    return noise.method === "exact"
      ? `Exact: every one of the ${n} ways to swap the sides within the differing pairs (the sides ran on common random numbers), as if the harness made no difference.`
      : `Estimated from ${n} random swaps of the sides within the differing pairs (seed ${noise.seed}; the sides ran on common random numbers), as if the harness made no difference.`;
  }
  return noise.method === "exact"
    ? `Exact: every one of the ${n} ways to re-deal each task's rollouts between the sides, as if the harness made no difference.`
    : `Estimated from ${n} random re-deals of each task's stored rollouts between the sides (seed ${noise.seed}), as if the harness made no difference.`;
}
