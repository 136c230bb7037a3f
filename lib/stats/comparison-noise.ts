// The noise figure that fits a comparison's design: sides the producer declared paired (common random numbers by
// task and sample index) get the sign-flip null of paired-rule-noise.ts; every other comparison, and a paired one
// whose rollouts carry no sample indices to pair by, the within-task permutation of rule-noise.ts. The result says
// which null it used (RuleNoise.design), and that is what a decision stores. Pure.
import { pairedRuleNoise, type PairedNoiseRollout } from "./paired-rule-noise";
import { ruleNoise, type RuleNoise } from "./rule-noise";

export type ComparisonPairing = "paired" | "independent" | null;

export function comparisonNoise(
  rollouts: readonly PairedNoiseRollout[], options: { seed: number; pairing: ComparisonPairing; arrangements?: number },
): RuleNoise | null {
  if (options.pairing === "paired") {
    const paired = pairedRuleNoise(rollouts, options);
    if (paired) return paired;
  }
  return ruleNoise(rollouts, options);
}
