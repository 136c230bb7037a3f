// The candidate comparison of HarnessAdapt-RL: the proposal's harness and the incumbent, same policy,
// same budget, fresh rollouts on the fixed comparison set (K per task per side), decided by the paper's
// rule. The rates are computed from exactly the rollouts that are sent, so the dashboard can recompute them.
import type { DemoContext } from "./demo-context";
import { rolloutEvent } from "./experiment-events";
import type { HarnessFile } from "../harness/types";
import type { EpisodeResult } from "../types";
import { runEpisode } from "../episode/run-episode";
import { episodeStream } from "./episode-streams";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import { computeTrainingRates } from "../../../lib/metrics/training-rates";
import { acceptanceRule, type AcceptanceResult } from "../../../lib/metrics/acceptance-rule";
import type { RuleNoise } from "../../../lib/stats/rule-noise";
import { comparisonNoise } from "../../../lib/stats/comparison-noise";
import type { PairedNoiseRollout } from "../../../lib/stats/paired-rule-noise";
import { seedFromString } from "../../../lib/stats/prng";
import { pairedEvidence, type PairedEvidence } from "./paired-decision";

export interface ComparisonSide {
  harnessVersion: string;
  files: readonly HarnessFile[];
}

export interface ComparisonOutcome {
  rule: AcceptanceResult;
  base: { passRate: number; trainableRate: number; rollouts: number };
  candidate: { passRate: number; trainableRate: number; rollouts: number };
  /** Rollout ids per side, in the order sent. */
  baseRollouts: string[];
  candidateRollouts: string[];
  episodes: Array<{ id: string; episode: EpisodeResult }>;
  /** How often the rule would accept a no-effect candidate here: the dashboard's figure (same rollouts, same seed). */
  noise: RuleNoise | null;
  /** Shared streams only: the paired sign-flip tests of each rate (paired-decision.ts). */
  paired: PairedEvidence | null;
}

export async function compareCandidate(ctx: DemoContext, input: {
  experiment: string; run: string; comparisonId: string; proposalId: string; epoch: number; policy: SoftmaxPolicy;
  base: ComparisonSide; candidate: ComparisonSide;
  /**
   * "shared" (the experiment's comparisons): both sides run (task, k) on the same stream, paired by draw.
   * "independent": the candidate side draws streams of its own — an A/A check of the rule (identical files on shared
   * streams give identical rollouts, so it would test determinism, not the rule).
   */
  streams?: "shared" | "independent";
}): Promise<ComparisonOutcome> {
  const { config } = ctx;
  const sides = { base: input.base, candidate: input.candidate } as const;
  const ids: Record<keyof typeof sides, string[]> = { base: [], candidate: [] };
  const rates: Record<keyof typeof sides, ReturnType<typeof computeTrainingRates>> = {} as never;
  const episodes: ComparisonOutcome["episodes"] = [];
  const noiseInputs: PairedNoiseRollout[] = [];
  const groups: Record<keyof typeof sides, EpisodeResult[][]> = { base: [], candidate: [] };
  for (const side of ["base", "candidate"] as const) {
    const harness = ctx.harness(sides[side].files);
    const inputs = [];
    for (const [t, task] of ctx.suites.comparison.entries()) {
      const group = `${input.comparisonId}-${side}-t${t}`;
      groups[side].push([]);
      for (let k = 0; k < config.comparisonRolloutsPerTask; k++) {
        // Both sides run (task, k) on the same stream: paired by draw, not only by task (common random numbers).
        const rng = episodeStream(ctx.rng, input.streams === "independent" && side === "candidate" ? `${input.comparisonId}/candidate` : input.comparisonId, task, k);
        const episode = runEpisode({ task, harness, policy: input.policy, rng, temperature: config.temperature });
        const id = `${group}-k${k}`;
        ids[side].push(id);
        episodes.push({ id, episode });
        groups[side][t].push(episode);
        inputs.push({ groupKey: group, success: episode.success, reward: episode.reward, truncated: episode.truncated });
        noiseInputs.push({ side, taskId: ctx.ids.taskId(task), success: episode.success, reward: episode.reward, truncated: episode.truncated, sampleIndex: k });
        await ctx.sink.send(rolloutEvent({
          id, experiment: input.experiment, run: input.run, task: ctx.ids.taskId(task), harnessVersion: sides[side].harnessVersion,
          purpose: "comparison", epoch: input.epoch, group, sampleIndex: k,
        }, episode));
      }
    }
    rates[side] = computeTrainingRates(inputs);
    ctx.count(input.experiment, "comparison", inputs.length);
  }
  const summary = (side: "base" | "candidate") => ({
    passRate: rates[side].passRate ?? 0,
    trainableRate: rates[side].trainableRate ?? 0,
    rollouts: rates[side].rollouts,
  });
  const base = summary("base");
  const candidate = summary("candidate");
  const rule = acceptanceRule({ base, candidate });
  const pairing = input.streams === "independent" ? "independent" as const : "paired" as const;
  await ctx.sink.send({
    type: "comparison",
    id: input.comparisonId,
    proposal: input.proposalId,
    run: input.run,
    rollouts_per_task: config.comparisonRolloutsPerTask,
    // Shared streams pair rollout k of a task across the sides: the dashboard's noise figure then swaps within pairs.
    pairing,
    base_rollouts: ids.base,
    candidate_rollouts: ids.candidate,
    reported: {
      base_pass_rate: base.passRate, candidate_pass_rate: candidate.passRate,
      base_trainable_rate: base.trainableRate, candidate_trainable_rate: candidate.trainableRate,
      base_rollouts: base.rollouts, candidate_rollouts: candidate.rollouts,
    },
  });
  const noise = comparisonNoise(noiseInputs, { seed: seedFromString(input.proposalId), pairing });
  const paired = input.streams === "independent" ? null : pairedEvidence(groups.base, groups.candidate, seedFromString(`${input.proposalId}/paired`));
  return { rule, base, candidate, baseRollouts: ids.base, candidateRollouts: ids.candidate, episodes, noise, paired };
}
