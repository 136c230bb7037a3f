// The payload of the preinstalled templates: one phase of the reference experiment (programs/reference-experiment) run as a job
// of an existing reference experiment — train one epoch, compare a proposal's candidate with its base, or
// evaluate a checkpoint — posting its events with the job's token into the job's run (HARNESS_LAB_RUN).
// Tasks, seeds and sizes come from the experiment's config, so task ids match the ones already stored.
import { isReferenceConfig } from "../../lib/services/jobs/pure/template-applies";
import fs from "node:fs";
import path from "node:path";
import { HarnessLabClient } from "../../lib/client/harness-lab-client";
import { clientSink, type EventSink } from "../reference-experiment/run/event-sink";
import { createDemoContext, type DemoContext } from "../reference-experiment/run/demo-context";
import { demoConfig, type DemoSize } from "../reference-experiment/run/demo-config";
import { demoIds, taskEvent } from "../reference-experiment/run/experiment-events";
import { buildSuites } from "../reference-experiment/tasks/suites";
import { createRng } from "../reference-experiment/random";
import { SoftmaxPolicy } from "../reference-experiment/policy/softmax-policy";
import { initialPolicy } from "../reference-experiment/run/training-loop";
import type { HarnessFile } from "../reference-experiment/harness/types";
import type { RepairTask } from "../reference-experiment/types";
import type { HarnessLabEventInput } from "../../lib/events/contract";
import { readJobInputs, type HarnessManifest, type JobInputs } from "../../lib/services/jobs/job-inputs";
import { progressLine } from "../../lib/services/jobs/progress";
import { runCompare, runEvaluate, runTrainEpoch } from "./phases";
import type { JobContext, ReferenceJobArgs } from "./job-context";

export type { JobContext, ReferenceJobArgs } from "./job-context";

export const REFERENCE_JOB_KINDS = ["train-epoch", "compare-candidate", "evaluate"] as const;
export type ReferenceJobKind = (typeof REFERENCE_JOB_KINDS)[number];

export interface JobEnvironment {
  url: string;
  token: string;
  experiment: string;
  run: string;
  jobDir: string;
  harnessDir: string;
}

export function jobEnvironment(env: NodeJS.ProcessEnv): JobEnvironment {
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is not set: this command runs as a Harness Lab job (launched from a job template)`);
    return value;
  };
  return {
    url: need("HARNESS_LAB_URL"), token: need("HARNESS_LAB_TOKEN"), experiment: need("HARNESS_LAB_EXPERIMENT"), run: need("HARNESS_LAB_RUN"),
    jobDir: need("HARNESS_LAB_JOB_DIR"), harnessDir: need("HARNESS_LAB_HARNESS_DIR"),
  };
}

export async function runReferenceJob(kind: ReferenceJobKind, args: ReferenceJobArgs, env: JobEnvironment, out: (line: string) => void): Promise<void> {
  const inputs = readJobInputs(env.jobDir);
  if (inputs.experiment.id !== env.experiment) throw new Error(`inputs.json is for experiment "${inputs.experiment.id}", not "${env.experiment}"`);
  const config = inputs.experiment.config ?? {};
  const expSeed = config.seed;
  const size = config.size;
  if (!isReferenceConfig(config)) {
    throw new Error(`experiment "${env.experiment}" is not a reference experiment: its config has no seed and size (run \`harness-lab demo\` to create one)`);
  }
  // The argv names the versions; the job directory holds their files. They must agree.
  if (args.harnessVersion && inputs.harness?.id !== args.harnessVersion) throw new Error(`--harness-version ${args.harnessVersion} is not the version in HARNESS_LAB_HARNESS_DIR (${inputs.harness?.id ?? "none"})`);
  if (args.proposal && inputs.proposal?.id !== args.proposal) throw new Error(`--proposal ${args.proposal} is not the proposal of the job's inputs (${inputs.proposal?.id ?? "none"})`);
  const checkpoint = args.checkpoint ? inputs.checkpoints[args.checkpoint] ?? null : null;
  if (args.checkpoint && !checkpoint) throw new Error(`checkpoint "${args.checkpoint}" is not among the job's inputs`);
  const weights = checkpoint?.metadata?.weights;
  if (checkpoint && weights === undefined) throw new Error(`checkpoint "${checkpoint.id}" carries no policy weights (metadata.weights)`);
  const policy = weights === undefined ? initialPolicy() : SoftmaxPolicy.fromJSON(weights);

  const client = new HarnessLabClient({ url: env.url, token: env.token, batchSize: 100 });
  const sink: EventSink = clientSink(client);
  const demoSize = size as DemoSize;
  const demo = createDemoContext({
    config: demoConfig(demoSize, expSeed as number), ids: demoIds(expSeed as number, demoSize), suites: buildSuites(expSeed as number, demoSize),
    sink, rng: createRng(args.seed), log: out, review: { mode: "rule" },
  });
  const sentTasks = new Set<string>();
  const ctx: JobContext = {
    demo, experiment: env.experiment, run: env.run, inputs, policy, checkpoint,
    progress: (fraction, message) => out(progressLine(fraction, message)),
    // Tasks are global records; re-sending the reference's own is a no-op, and makes a fresh experiment work.
    sendTasks: async (tasks) => {
      for (const task of tasks) {
        if (sentTasks.has(task.id)) continue;
        sentTasks.add(task.id);
        await sink.send(taskEvent(demo.ids, task));
      }
    },
    harnessFiles: (manifest) => readHarness(env.jobDir, manifest),
  };
  const runKind = kind === "train-epoch" ? "train" : kind === "evaluate" ? "eval" : "compare";
  const runEvent = (status: "running" | "finished" | "failed", extra: Partial<Extract<HarnessLabEventInput, { type: "run" }>> = {}) =>
    sink.send({ type: "run", id: env.run, experiment: env.experiment, kind: runKind, status, ...extra });
  await runEvent("running", { name: `${kind} (job ${inputs.job.slice(0, 8)})`, config: { kind, ...args }, started_at: Date.now() });
  ctx.progress(0, "started");
  try {
    if (kind === "train-epoch") await runTrainEpoch(ctx, args);
    else if (kind === "compare-candidate") await runCompare(ctx, args);
    else await runEvaluate(ctx, args);
    await runEvent("finished", { finished_at: Date.now() });
    await sink.flush();
    ctx.progress(1, "done");
  } catch (error) {
    // Best effort: the run should say it failed even when the phase did; the job's exit code says it too.
    try {
      await runEvent("failed", { finished_at: Date.now() });
      await sink.flush();
    } catch {
      // the server may be what failed
    }
    throw error;
  }
}

function readHarness(jobDir: string, manifest: HarnessManifest): HarnessFile[] {
  const dir = path.join(jobDir, manifest.dir);
  return manifest.files.map((f) => ({
    path: f.path,
    content: fs.readFileSync(path.join(dir, f.path), "utf8"),
    kind: f.kind as HarnessFile["kind"],
    ...(f.hookPosition ? { hookPosition: f.hookPosition as HarnessFile["hookPosition"] } : {}),
  }));
}
