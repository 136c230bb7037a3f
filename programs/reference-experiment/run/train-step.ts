// One GRPO training step as a trainer would instrument it: K rollouts per task under the incumbent
// harness, the update, and the step's rollouts and metrics sent as events.
import type { DemoContext } from "./demo-context";
import { rolloutEvent } from "./experiment-events";
import type { RepairTask, EpisodeResult } from "../types";
import type { HarnessFile } from "../harness/types";
import { runEpisode } from "../episode/run-episode";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import { grpoUpdate, toTrainingInputs } from "../policy/grpo";
import { computeTrainingRates } from "../../../lib/metrics/training-rates";
import { episodeStream } from "./episode-streams";

export interface TrainStepInput {
  experiment: string;
  run: string;
  harnessVersion: string;
  harnessFiles: readonly HarnessFile[];
  policy: SoftmaxPolicy;
  epoch: number;
  step: number;
  tasks: readonly RepairTask[];
  /** Mechanism-level skills per task id, given during training only. */
  skills?: ReadonlyMap<string, string[]>;
}

export interface LabelledRollout {
  id: string;
  task: RepairTask;
  episode: EpisodeResult;
}

export async function trainStep(ctx: DemoContext, input: TrainStepInput): Promise<LabelledRollout[]> {
  const { config } = ctx;
  const harness = ctx.harness(input.harnessFiles);
  // Streams by step, task and sample (not by method): HarnessAdapt-RL and the GRPO baseline draw alike.
  const rollouts: LabelledRollout[] = [];
  const groups = input.tasks.map((task, t) => {
    const skills = input.skills?.get(task.id);
    // The turn limit is the harness's own (config.json maxTurns).
    const episodes = Array.from({ length: config.rolloutsPerTask }, (_, k) =>
      runEpisode({ task, harness, policy: input.policy, rng: episodeStream(ctx.rng, `train/${input.step}/t${t}`, task, k), temperature: config.temperature, skills }),
    );
    return { task, episodes, group: `${input.run}-step${input.step}-t${t}`, skills };
  });
  for (const group of groups) {
    for (const [k, episode] of group.episodes.entries()) {
      const id = `${group.group}-k${k}`;
      rollouts.push({ id, task: group.task, episode });
      await ctx.sink.send(rolloutEvent({
        id, experiment: input.experiment, run: input.run, task: ctx.ids.taskId(group.task),
        harnessVersion: input.harnessVersion, purpose: "train", epoch: input.epoch, step: input.step, group: group.group, sampleIndex: k,
        skills: group.skills,
      }, episode));
    }
  }
  ctx.count(input.experiment, "train", rollouts.length);
  const stats = grpoUpdate(input.policy, groups, { learningRate: config.learningRate, maxGradNorm: config.maxGradNorm, truncation: config.truncation, truncatedReward: config.truncatedReward, contrastWithoutSuccess: config.contrastWithoutSuccess });
  // The trainable rate is DOMAIN.md's (truncated rollouts never count), whatever the update kept.
  const rates = computeTrainingRates(toTrainingInputs(groups));
  const all = groups.flatMap((g) => g.episodes);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  await ctx.sink.send({
    type: "metrics",
    run: input.run,
    step: input.step,
    epoch: input.epoch,
    values: {
      // Names as the trainers researchers use report them (verl-style), plus the harness-evolution rates.
      "critic/score/mean": mean(all.map((e) => e.reward)),
      "batch/solve_all": mean(groups.map((g) => (g.episodes.every((e) => e.success) ? 1 : 0))),
      "batch/solve_none": mean(groups.map((g) => (g.episodes.every((e) => !e.success) ? 1 : 0))),
      "response_length/mean": mean(all.map((e) => e.turns.filter((t) => t.role === "assistant").length)),
      "response_length/clip_ratio": mean(all.map((e) => (e.truncated ? 1 : 0))),
      "train/trainable_rate": rates.trainableRate,
      "train/mixed_group_ratio": rates.mixedGroupRatio,
      // The share of rollouts the update learned from: above the trainable rate when truncated ones are kept.
      "train/update_rollout_rate": stats.trainableRate,
      "actor/grad_norm": stats.gradNorm,
    },
  });
  return rollouts;
}
