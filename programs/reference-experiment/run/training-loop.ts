// The policy-training part both methods share: the same task order and initial policy for a given seed,
// so HarnessAdapt-RL and the GRPO baseline differ only in what the harness-evolution loop adds.
import type { DemoContext } from "./demo-context";
import { trainStep, type LabelledRollout } from "./train-step";
import type { RepairTask } from "../types";
import type { HarnessFile } from "../harness/types";
import { SoftmaxPolicy } from "../policy/softmax-policy";

export interface Incumbent {
  id: string;
  label: string;
  files: readonly HarnessFile[];
  /** Harness component ids it holds on top of H0. */
  components: readonly string[];
}

/** The training tasks of each epoch: one seeded order of the pool, cut into steps (wrapping around). */
export function epochTasks(ctx: DemoContext, epoch: number): RepairTask[] {
  const { config } = ctx;
  const order = ctx.rng.fork("train-order").shuffle(ctx.suites.train);
  const perEpoch = config.stepsPerEpoch * config.tasksPerStep;
  return Array.from({ length: perEpoch }, (_, i) => order[((epoch - 1) * perEpoch + i) % order.length]);
}

export function initialPolicy(): SoftmaxPolicy {
  return new SoftmaxPolicy();
}

/** Trains one epoch under the incumbent; records checkpoints; returns the rollouts (the teacher reads them). */
export async function trainEpoch(ctx: DemoContext, input: {
  experiment: string; run: string; epoch: number; firstStep: number; incumbent: Incumbent; policy: SoftmaxPolicy;
  skills?: ReadonlyMap<string, string[]>; onCheckpoint(step: number): Promise<void>;
  /** Only the epoch's steps [from, to) (HarnessAdapt-RL's warm start splits epoch 1); default the whole epoch. */
  steps?: { from: number; to: number };
}): Promise<{ rollouts: LabelledRollout[]; nextStep: number }> {
  const { config } = ctx;
  const tasks = epochTasks(ctx, input.epoch);
  const rollouts: LabelledRollout[] = [];
  let step = input.firstStep;
  for (let s = input.steps?.from ?? 0; s < (input.steps?.to ?? config.stepsPerEpoch); s++) {
    rollouts.push(...(await trainStep(ctx, {
      experiment: input.experiment, run: input.run, harnessVersion: input.incumbent.id, harnessFiles: input.incumbent.files,
      policy: input.policy, epoch: input.epoch, step, tasks: tasks.slice(s * config.tasksPerStep, (s + 1) * config.tasksPerStep), skills: input.skills,
    })));
    step++;
    const last = input.epoch === config.epochs && s === config.stepsPerEpoch - 1;
    if (step % config.checkpointEvery === 0 || last) await input.onCheckpoint(step);
  }
  return { rollouts, nextStep: step };
}

export function checkpointEvent(experiment: string, run: string, policy: SoftmaxPolicy, step: number, epoch: number) {
  return {
    type: "checkpoint" as const, id: `${experiment}-ckpt-step${step}`, experiment, run, role: "policy" as const, step, epoch,
    name: `step ${step}`, model: "softmax-policy",
    // The whole policy is a few hundred numbers: the checkpoint carries it, so a later job can evaluate it.
    metadata: { weights: policy.toJSON() as unknown as Record<string, unknown> },
  };
}
