// The three phases a reference job can run, each sending its records into the job's run with ids derived
// from the run id (so two jobs never collide, and a job re-sent after a lost response is answered "unchanged").
import { checkpointEvent, epochTasks, trainEpoch } from "../reference-experiment/run/training-loop";
import { compareCandidate } from "../reference-experiment/run/compare-candidate";
import { rolloutEvent } from "../reference-experiment/run/experiment-events";
import { runEpisode } from "../reference-experiment/episode/run-episode";
import { episodeStream } from "../reference-experiment/run/episode-streams";
import { EVAL_SUITES } from "../reference-experiment/types";
import type { HarnessLabEventInput } from "../../lib/events/contract";
import type { JobContext, ReferenceJobArgs } from "./job-context";

function chosenHarness(ctx: JobContext) {
  const manifest = ctx.inputs.harness;
  if (!manifest) throw new Error("the job has no harness version (HARNESS_LAB_HARNESS_DIR is empty)");
  return { id: manifest.id, label: manifest.label, files: ctx.harnessFiles(manifest), components: [] as string[] };
}

/** Counts the metrics events trainEpoch sends (one per step) to report progress without touching it. */
function stepCounter(ctx: JobContext, total: number) {
  const sink = ctx.demo.sink;
  let done = 0;
  const send = sink.send.bind(sink);
  sink.send = async (event: HarnessLabEventInput) => {
    await send(event);
    if (event.type === "metrics") {
      done++;
      ctx.progress(done / (total + 1), `step ${done} of ${total}`);
    }
  };
}

export async function runTrainEpoch(ctx: JobContext, args: ReferenceJobArgs): Promise<void> {
  const { demo } = ctx;
  const epoch = args.epoch ?? 1;
  const incumbent = chosenHarness(ctx);
  await ctx.sendTasks(epochTasks(demo, epoch));
  stepCounter(ctx, demo.config.stepsPerEpoch);
  const firstStep = ctx.checkpoint?.step ?? 0;
  let lastSaved = -1;
  const save = async (step: number) => {
    const event = checkpointEvent(ctx.experiment, ctx.run, ctx.policy, step, epoch);
    // The demo's ids are per experiment; a job's checkpoints are per run, so jobs never collide.
    await demo.sink.send({ ...event, id: `${ctx.run}-ckpt-step${step}`, name: `step ${step} (epoch ${epoch}, job run)` });
    lastSaved = step;
  };
  const trained = await trainEpoch(demo, {
    experiment: ctx.experiment, run: ctx.run, epoch, firstStep, incumbent, policy: ctx.policy, onCheckpoint: save,
  });
  // The epoch's last weights are what the next job continues from: always saved.
  if (lastSaved !== trained.nextStep) await save(trained.nextStep);
  demo.log(`trained epoch ${epoch}: steps ${firstStep}..${trained.nextStep - 1} under ${incumbent.label}; checkpoint ${ctx.run}-ckpt-step${trained.nextStep}`);
}

export async function runCompare(ctx: JobContext, args: ReferenceJobArgs): Promise<void> {
  const { demo, inputs } = ctx;
  if (!inputs.proposal || !inputs.harness || !inputs.baseHarness) throw new Error("compare-candidate needs a proposal (its candidate and base harness versions)");
  await ctx.sendTasks(demo.suites.comparison);
  const total = 2 * demo.suites.comparison.length * demo.config.comparisonRolloutsPerTask;
  let sent = 0;
  const send = demo.sink.send.bind(demo.sink);
  demo.sink.send = async (event) => {
    await send(event);
    if (event.type === "rollout" && ++sent % 8 === 0) ctx.progress(sent / (total + 1), `${sent} of ${total} comparison rollouts`);
  };
  const outcome = await compareCandidate(demo, {
    experiment: ctx.experiment, run: ctx.run, comparisonId: `${ctx.run}-comparison`, proposalId: inputs.proposal.id, epoch: ctx.checkpoint?.epoch ?? args.epoch ?? 0,
    policy: ctx.policy,
    base: { harnessVersion: inputs.baseHarness.id, files: ctx.harnessFiles(inputs.baseHarness) },
    candidate: { harnessVersion: inputs.harness.id, files: ctx.harnessFiles(inputs.harness) },
  });
  demo.log(`compared ${inputs.proposal.id}: pass ${outcome.base.passRate.toFixed(3)} → ${outcome.candidate.passRate.toFixed(3)}, trainable ${outcome.base.trainableRate.toFixed(3)} → ${outcome.candidate.trainableRate.toFixed(3)}; the rule says ${outcome.rule.verdict}`);
}

export async function runEvaluate(ctx: JobContext, args: ReferenceJobArgs): Promise<void> {
  const { demo } = ctx;
  const harness = chosenHarness(ctx);
  const benchmark = args.benchmark ?? "all";
  const suites = benchmark === "all" ? [...EVAL_SUITES] : EVAL_SUITES.filter((s) => s === benchmark);
  if (suites.length === 0) throw new Error(`benchmark must be all or one of ${EVAL_SUITES.join(", ")}, not "${benchmark}"`);
  const repeats = args.repeats ?? 1;
  const loaded = demo.harness(harness.files);
  await ctx.sendTasks(suites.flatMap((s) => demo.suites.eval[s]));
  const total = suites.length * repeats;
  let done = 0;
  for (const suite of suites) {
    for (let repeat = 0; repeat < repeats; repeat++) {
      const evalId = `${ctx.run}-${suite}-r${repeat}`;
      const results = [];
      let solved = 0;
      for (const [t, task] of demo.suites.eval[suite].entries()) {
        // The demo's evaluation streams (programs/reference-experiment/run/evaluate.ts): this checkpoint under this harness draws as every
        // other (checkpoint, harness) cell of the matrix does for (task, repeat), so cells are paired draws.
        const rng = episodeStream(demo.rng, `eval/${suite}`, task, repeat);
        const episode = runEpisode({ task, harness: loaded, policy: ctx.policy, rng, maxTurns: demo.config.evalMaxTurns, temperature: demo.config.temperature });
        const rollout = `${evalId}-t${t}`;
        await demo.sink.send(rolloutEvent({
          id: rollout, experiment: ctx.experiment, run: ctx.run, task: demo.ids.taskId(task), harnessVersion: harness.id, checkpoint: ctx.checkpoint?.id, purpose: "eval",
        }, episode));
        results.push({ task: demo.ids.taskId(task), success: episode.success, reward: episode.reward, rollout });
        if (episode.success) solved++;
      }
      await demo.sink.send({
        type: "eval_result", id: evalId, experiment: ctx.experiment, run: ctx.run, checkpoint: ctx.checkpoint?.id, harness_version: harness.id,
        benchmark: suite, repeat, results,
      });
      done++;
      ctx.progress(done / (total + 1), `${suite} repeat ${repeat + 1}: pass@1 ${(solved / results.length).toFixed(3)}`);
    }
  }
}
