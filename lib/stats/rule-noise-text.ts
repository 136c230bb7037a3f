// Rule noise in words, the same sentence wherever a verdict is shown (comparison panel, decision history,
// the reference experiment's log): "this rule accepts a no-change candidate 35 % of the time here".
import type { RuleNoise } from "./rule-noise";

/** 35 %, 4.2 %, 0.3 %, 0 %: whole percent from 10 % up, one decimal below. */
export function formatNoiseRate(rate: number): string {
  const pct = rate * 100;
  if (pct === 0) return "0 %";
  return `${pct >= 10 ? Math.round(pct) : Math.max(0.1, Math.round(pct * 10) / 10)} %`;
}

export function ruleNoiseSentence(noise: Pick<RuleNoise, "acceptRate" | "tasks" | "rollouts">): string {
  const perSide = noise.rollouts.base === noise.rollouts.candidate ? `${noise.rollouts.base} rollouts a side` : `${noise.rollouts.base} base and ${noise.rollouts.candidate} candidate rollouts`;
  return `At ${noise.tasks} tasks and ${perSide}, this rule accepts a candidate with no effect ${formatNoiseRate(noise.acceptRate)} of the time.`;
}

export function ruleNoiseMethod(noise: Pick<RuleNoise, "method" | "arrangements" | "seed">): string {
  return noise.method === "exact"
    ? `Exact: every one of the ${noise.arrangements.toLocaleString("en-US")} ways to re-deal each task's rollouts between the sides, as if the harness made no difference.`
    : `Estimated from ${noise.arrangements.toLocaleString("en-US")} random re-deals of each task's stored rollouts between the sides (seed ${noise.seed}), as if the harness made no difference.`;
}
