// HarnessAdapt-RL: each epoch starts with harness evolution (teacher proposals compared and decided on
// fresh rollouts), then trains the policy with GRPO under the incumbent harness and the epoch's skills.
// Epoch 1 yields H1, epoch 2 yields H2; the final checkpoint is evaluated under H0, H1 and H2 (Table 2), and so is
// the untrained policy (step 0), so the matrix has a "before training" row and pass@1 has a curve over checkpoints.
import type { DemoContext } from "./demo-context";
import { harnessVersionEvent } from "./experiment-events";
import { checkpointEvent, epochTasks, initialPolicy, trainEpoch, type Incumbent } from "./training-loop";
import { evolutionEpoch } from "./evolution-epoch";
import { evaluateCheckpoint, type EvalSummary } from "./evaluate";
import { evaluateUntrained, recordUntrainedCheckpoint } from "./untrained-checkpoint";
import type { LabelledRollout } from "./train-step";
import type { ProposalHistoryEntry } from "../teacher/propose";
import { h0Files } from "../harness/h0";
import { harnessId } from "../harness/load-harness";
import type { SoftmaxPolicy } from "../policy/softmax-policy";

export interface MethodSummary {
  experiment: string;
  eval: EvalSummary;
  proposals?: ProposalHistoryEntry[];
  /** pass@1 of the untrained checkpoint (step 0), per harness label and suite: the "before training" row. */
  untrainedEval?: EvalSummary;
}

export interface HarnessAdaptResult extends MethodSummary {
  /** The final policy: an unseen target for Harness-R1. */
  policy: SoftmaxPolicy;
  finalHarness: string;
  /** The skills each epoch trained with (index 0 = epoch 1): the GRPO baseline trains with the same ones. */
  skillsByEpoch: ReadonlyMap<string, string[]>[];
  /** Whether the final harness has other files than H0 (an accepted change that stayed). */
  harnessChanged: boolean;
  /** pass@1 of each earlier epoch's last checkpoint under every version, by checkpoint id (evaluateEveryEpoch). */
  epochEvals?: Record<string, EvalSummary>;
}

export async function runHarnessAdapt(ctx: DemoContext): Promise<HarnessAdaptResult> {
  const { config, sink } = ctx;
  const experiment = `ref-${ctx.ids.tag}-harnessadapt-rl`;
  const run = `${experiment}-train`;
  await sink.send({
    type: "experiment", id: experiment, name: `Reference: HarnessAdapt-RL (seed ${config.seed}, ${config.size})`, method: "harnessadapt-rl",
    description: [
      "The CPU-sized reference experiment (programs/reference-experiment): a softmax policy trained with GRPO on generated JavaScript repair tasks while a rule-based teacher evolves the harness.",
      `Departures from the paper: truncated rollouts are kept as failures (reward ${config.truncatedReward}) unless truncation is "drop" (here: "${config.truncation}");`,
      "the update is divided by every rollout sampled (Dr. GRPO); both sides of a comparison and every harness version in an evaluation share each (task, sample)'s random stream;",
      "the untrained checkpoint (step 0) is evaluated too, so the matrix has a before-training row; each verdict shows how often the rule accepts a no-effect candidate at this size;",
      ...(config.warmupSteps > 0
        ? [`A warm start: the first ${config.warmupSteps} policy updates run under H0 before epoch 1's evolution rounds (the paper's policy already solves part of its tasks when the teacher first reads it; this one starts uniform).`]
        : []),
      ...(config.baselineSkills ? ["The GRPO baseline trains with the same skills, so the difference between the two is the harness."] : []),
      config.evolutionMinMixedRatio > 0
        ? `proposals start once ${Math.round(100 * config.evolutionMinMixedRatio)} % of the policy's latest groups of attempts hold both a success and a failure (an epoch below it trains under the incumbent unchanged).`
        : "proposals start in the first epoch.",
      // Said when the teacher follows the checkpoint's problems (the default size's default); the small size's
      // description, with the scripted partner table, stays as its e2e data were written.
      ...(config.teacherFollowUps === "problems"
        ? ["A rejected idea comes back joined with a remedy of the problem in most failed rollouts of the current checkpoint."]
        : []),
    ].join(" "),
    config: { ...config },
  });
  await sink.send({ type: "run", id: run, experiment, kind: "train", status: "running", name: "policy training with harness evolution" });
  let incumbent: Incumbent = { id: `${experiment}-H0`, label: "H0", files: h0Files({ maxTurns: config.trainMaxTurns }), components: [] };
  await sink.send(harnessVersionEvent({ id: incumbent.id, experiment, label: "H0", origin: "initial", description: "the bare setup: view, run_tests, search, edit, submit", files: incumbent.files }));
  const versions: Incumbent[] = [incumbent];
  const policy = initialPolicy();
  const untrained = await recordUntrainedCheckpoint(ctx, experiment, run, policy);
  const history: ProposalHistoryEntry[] = [];
  let recent: LabelledRollout[] = [];
  let step = 0;
  let lastCheckpoint = "";
  const recordCheckpoint = (epoch: number) => async (at: number) => {
    const event = checkpointEvent(experiment, run, policy, at, epoch);
    lastCheckpoint = event.id;
    await sink.send(event);
  };
  const warmup = Math.min(config.warmupSteps, config.stepsPerEpoch);
  if (warmup > 0) {
    const warm = await trainEpoch(ctx, { experiment, run, epoch: 1, firstStep: step, incumbent, policy, steps: { from: 0, to: warmup }, onCheckpoint: recordCheckpoint(1) });
    recent = warm.rollouts;
    step = warm.nextStep;
    ctx.log(`  warm start: ${warmup} steps under H0 before epoch 1's evolution`);
  }
  const skillsByEpoch: ReadonlyMap<string, string[]>[] = [];
  const epochCheckpoints: Array<{ id: string; policy: SoftmaxPolicy }> = [];
  for (let epoch = 1; epoch <= config.epochs; epoch++) {
    const evolved = await evolutionEpoch(ctx, { experiment, run, epoch, policy, incumbent, tasks: epochTasks(ctx, epoch), recent, history });
    skillsByEpoch.push(evolved.skills);
    const previous = versions[versions.length - 1];
    const changed = evolved.incumbent.id !== previous.id;
    incumbent = { ...evolved.incumbent, id: `${experiment}-H${epoch}`, label: `H${epoch}` };
    await sink.send(harnessVersionEvent({
      id: incumbent.id, experiment, label: incumbent.label, parent: previous.id, origin: changed ? "proposal" : "manual",
      originProposal: changed ? evolved.lastAccepted : undefined,
      description: changed
        ? `H${epoch - 1} + ${incumbent.components.filter((c) => !previous.components.includes(c)).join(" + ")} (accepted in epoch ${epoch})`
        : evolved.waited
          ? `no proposal was made in epoch ${epoch} (${evolved.waited}): the same files as ${previous.label}`
          : `no proposal was accepted in epoch ${epoch}: the same files as ${previous.label}`,
      files: incumbent.files,
    }));
    versions.push(incumbent);
    const trained = await trainEpoch(ctx, {
      experiment, run, epoch, firstStep: step, incumbent, policy, skills: evolved.skills, onCheckpoint: recordCheckpoint(epoch),
      ...(epoch === 1 && warmup > 0 ? { steps: { from: warmup, to: config.stepsPerEpoch } } : {}),
    });
    recent = trained.rollouts;
    step = trained.nextStep;
    if (config.evaluateEveryEpoch && epoch < config.epochs) epochCheckpoints.push({ id: lastCheckpoint, policy: policy.clone() });
    ctx.log(`  epoch ${epoch}: ${versions.length - 1 === epoch ? incumbent.label : ""} trained ${config.stepsPerEpoch} steps under ${incumbent.components.join(" + ") || "H0 files"}`);
  }
  await sink.send({ type: "run", id: run, experiment, kind: "train", status: "finished" });
  const evalRun = `${experiment}-eval`;
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "running", name: `pass@1 of ${lastCheckpoint} under H0, H1, H2` });
  const evalSummary = await evaluateCheckpoint(ctx, {
    experiment, run: evalRun, checkpoint: lastCheckpoint, policy,
    harnesses: versions.map((v) => ({ harnessVersion: v.id, label: v.label, files: v.files })),
  });
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "finished" });
  const harnesses = versions.map((v) => ({ harnessVersion: v.id, label: v.label, files: v.files }));
  const untrainedEval = await evaluateUntrained(ctx, { experiment, untrained, harnesses });
  // Every earlier epoch's last checkpoint under every version: a pass@1 curve with a point per epoch, showing where
  // the versions part (on the evaluation suites' shared streams, like the final one).
  const epochEvals: Record<string, EvalSummary> = {};
  for (const [k, checkpoint] of epochCheckpoints.entries()) {
    const epochRun = `${experiment}-eval-e${k + 1}`;
    await sink.send({ type: "run", id: epochRun, experiment, kind: "eval", status: "running", name: `pass@1 of ${checkpoint.id} (end of epoch ${k + 1}) under ${harnesses.map((h) => h.label).join(", ")}` });
    epochEvals[checkpoint.id] = await evaluateCheckpoint(ctx, { experiment, run: epochRun, checkpoint: checkpoint.id, policy: checkpoint.policy, harnesses });
    await sink.send({ type: "run", id: epochRun, experiment, kind: "eval", status: "finished" });
  }
  const harnessChanged = harnessId(incumbent.files) !== harnessId(versions[0].files);
  return { experiment, eval: evalSummary, proposals: history, untrainedEval, policy, finalHarness: incumbent.label, skillsByEpoch, harnessChanged, epochEvals };
}
