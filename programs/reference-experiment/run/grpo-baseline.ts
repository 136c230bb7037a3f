// The GRPO baseline: the same tasks, initial policy and budget of policy updates as HarnessAdapt-RL, with H0
// throughout and no teacher — at the default size with HarnessAdapt-RL's skills (config.baselineSkills), so the two
// differ by the harness only — and its final checkpoint (and the untrained one) evaluated under H0.
import type { DemoContext } from "./demo-context";
import { harnessVersionEvent } from "./experiment-events";
import { checkpointEvent, initialPolicy, trainEpoch, type Incumbent } from "./training-loop";
import { evaluateCheckpoint } from "./evaluate";
import { evaluateUntrained, recordUntrainedCheckpoint } from "./untrained-checkpoint";
import type { MethodSummary } from "./harnessadapt";
import { h0Files } from "../harness/h0";
import type { SoftmaxPolicy } from "../policy/softmax-policy";

export interface GrpoBaselineResult extends MethodSummary {
  /** The policy at each recorded checkpoint: frozen targets Harness-R1 was not trained with. */
  checkpoints: Array<{ id: string; step: number; policy: SoftmaxPolicy }>;
  untrained: SoftmaxPolicy;
}

/** `skillsByEpoch`: HarnessAdapt-RL's skills per epoch, given to the baseline when config.baselineSkills. */
export async function runGrpoBaseline(ctx: DemoContext, skillsByEpoch: readonly ReadonlyMap<string, string[]>[] = []): Promise<GrpoBaselineResult> {
  const { config, sink } = ctx;
  const experiment = `ref-${ctx.ids.tag}-grpo`;
  const run = `${experiment}-train`;
  await sink.send({
    type: "experiment", id: experiment, name: `Reference: GRPO baseline (seed ${config.seed}, ${config.size})`, method: "grpo",
    description: config.baselineSkills
      ? "The same policy, tasks and skills as the HarnessAdapt-RL reference run, trained with GRPO under H0 only: HarnessAdapt-RL without harness evolution, so the difference between the two is the harness."
      : "The same policy and tasks as the HarnessAdapt-RL reference run, trained with GRPO under H0 only.",
    config: { ...config },
  });
  await sink.send({ type: "run", id: run, experiment, kind: "train", status: "running", name: "policy training, H0 only" });
  const h0: Incumbent = { id: `${experiment}-H0`, label: "H0", files: h0Files({ maxTurns: config.trainMaxTurns }), components: [] };
  await sink.send(harnessVersionEvent({ id: h0.id, experiment, label: "H0", origin: "initial", description: "the bare setup: view, run_tests, search, edit, submit", files: h0.files }));
  const policy = initialPolicy();
  const untrained = await recordUntrainedCheckpoint(ctx, experiment, run, policy);
  let step = 0;
  let lastCheckpoint = "";
  const checkpoints: GrpoBaselineResult["checkpoints"] = [];
  for (let epoch = 1; epoch <= config.epochs; epoch++) {
    const trained = await trainEpoch(ctx, {
      experiment, run, epoch, firstStep: step, incumbent: h0, policy,
      ...(config.baselineSkills && skillsByEpoch[epoch - 1] ? { skills: skillsByEpoch[epoch - 1] } : {}),
      onCheckpoint: async (at) => {
        const event = checkpointEvent(experiment, run, policy, at, epoch);
        lastCheckpoint = event.id;
        checkpoints.push({ id: event.id, step: at, policy: policy.clone() });
        await sink.send(event);
      },
    });
    step = trained.nextStep;
  }
  await sink.send({ type: "run", id: run, experiment, kind: "train", status: "finished" });
  const evalRun = `${experiment}-eval`;
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "running", name: `pass@1 of ${lastCheckpoint} under H0` });
  const evalSummary = await evaluateCheckpoint(ctx, { experiment, run: evalRun, checkpoint: lastCheckpoint, policy, harnesses: [{ harnessVersion: h0.id, label: "H0", files: h0.files }] });
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "finished" });
  const untrainedEval = await evaluateUntrained(ctx, { experiment, untrained, harnesses: [{ harnessVersion: h0.id, label: "H0", files: h0.files }] });
  return { experiment, eval: evalSummary, untrainedEval, checkpoints, untrained: untrained.policy };
}
