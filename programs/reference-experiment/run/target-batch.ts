// Attempts of a frozen target policy on a batch of tasks under a given harness, sent as rollouts: the building
// block of Harness-R1 (the baseline of a packet, each patched re-run, the ablation and the transfer test).
// Each task is attempted `draws` times; draw d of task t runs on the stream named by (scope, task, d) — the
// same for every harness on that batch (common random numbers), so a patch's Δ comes from the patch, not
// from a luckier draw, and the baseline is a mean over several draws rather than one noisy one.
import type { DemoContext } from "./demo-context";
import { rolloutEvent } from "./experiment-events";
import { episodeStream } from "./episode-streams";
import type { HarnessFile } from "../harness/types";
import type { EpisodeResult, RepairTask } from "../types";
import { runEpisode } from "../episode/run-episode";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import type { RolloutPurpose } from "../../../lib/domain/vocabulary";

export interface BatchRun {
  /** The streams it drew: two runs pair draw by draw only when scope, tasks and draws agree. */
  scope: string;
  draws: number;
  rollouts: Array<{ id: string; task: RepairTask; draw: number; episode: EpisodeResult }>;
  successRate: number;
  /** Per task (batch order): the share of its draws that succeeded. */
  perTask: number[];
}

export async function runTargetBatch(ctx: DemoContext, input: {
  experiment: string; run: string; idPrefix: string; harnessVersion: string; files: readonly HarnessFile[]; policy: SoftmaxPolicy;
  checkpoint: string; tasks: readonly RepairTask[]; purpose: RolloutPurpose;
  /** The engineer's training step the batch belongs to (its failure packet's step); none outside training. */
  step?: number;
  /** Names the shared streams: every harness run on this scope draws alike. */
  scope: string;
  draws: number;
}): Promise<BatchRun> {
  const harness = ctx.harness(input.files);
  const rollouts: BatchRun["rollouts"] = [];
  const perTask: number[] = [];
  for (const [t, task] of input.tasks.entries()) {
    let solved = 0;
    for (let d = 0; d < input.draws; d++) {
      const episode = runEpisode({ task, harness, policy: input.policy, rng: episodeStream(ctx.rng, input.scope, task, d), temperature: ctx.config.temperature });
      const id = d === 0 ? `${input.idPrefix}-t${t}` : `${input.idPrefix}-t${t}-d${d}`;
      await ctx.sink.send(rolloutEvent({
        id, experiment: input.experiment, run: input.run, task: ctx.ids.taskId(task), harnessVersion: input.harnessVersion,
        checkpoint: input.checkpoint, purpose: input.purpose, sampleIndex: d, step: input.step,
      }, episode));
      rollouts.push({ id, task, draw: d, episode });
      if (episode.success) solved++;
    }
    perTask.push(solved / input.draws);
  }
  ctx.count(input.experiment, input.purpose, rollouts.length);
  const successes = rollouts.filter((r) => r.episode.success).length;
  return { scope: input.scope, draws: input.draws, rollouts, successRate: rollouts.length ? successes / rollouts.length : 0, perTask };
}
