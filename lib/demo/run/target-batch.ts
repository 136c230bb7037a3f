// One attempt per task of a frozen target policy under a given harness, sent as rollouts: the building
// block of Harness-R1 (the baseline of a batch, each patched re-run, the ablation and the transfer test).
import type { DemoContext } from "./demo-context";
import { rolloutEvent } from "./experiment-events";
import type { HarnessFile } from "../harness/types";
import type { EpisodeResult, RepairTask } from "../types";
import { runEpisode } from "../episode/run-episode";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import type { RolloutPurpose } from "../../domain/vocabulary";

export interface BatchRun {
  rollouts: Array<{ id: string; task: RepairTask; episode: EpisodeResult }>;
  successRate: number;
}

export async function runTargetBatch(ctx: DemoContext, input: {
  experiment: string; run: string; idPrefix: string; harnessVersion: string; files: readonly HarnessFile[]; policy: SoftmaxPolicy;
  checkpoint: string; tasks: readonly RepairTask[]; purpose: RolloutPurpose;
  /** The engineer's training step the batch belongs to (its failure packet's step); none outside training. */
  step?: number;
}): Promise<BatchRun> {
  const harness = ctx.harness(input.files);
  // The same stream for every harness on the same batch: differences come from the harness, not the draw.
  const rng = ctx.rng.fork(`${input.experiment}/${input.checkpoint}/${input.tasks.map((t) => t.id).join(",")}`);
  const rollouts: BatchRun["rollouts"] = [];
  for (const [t, task] of input.tasks.entries()) {
    const episode = runEpisode({ task, harness, policy: input.policy, rng, maxTurns: ctx.config.trainMaxTurns, temperature: ctx.config.temperature });
    const id = `${input.idPrefix}-t${t}`;
    await ctx.sink.send(rolloutEvent({
      id, experiment: input.experiment, run: input.run, task: ctx.ids.taskId(task), harnessVersion: input.harnessVersion,
      checkpoint: input.checkpoint, purpose: input.purpose, step: input.step,
    }, episode));
    rollouts.push({ id, task, episode });
  }
  ctx.count(input.experiment, input.purpose, rollouts.length);
  const successes = rollouts.filter((r) => r.episode.success).length;
  return { rollouts, successRate: rollouts.length ? successes / rollouts.length : 0 };
}
