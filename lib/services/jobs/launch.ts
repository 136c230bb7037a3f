// launchJob: from a template and parameters to a recorded, started job. Order matters:
//   1. who may launch; the template; the experiment;
//   2. the parameters, validated and rendered (nothing is written before they all pass), and the harness code
//      they would run: code from outside nobody reviewed needs a reviewer's confirmation (unreviewed-gate.ts);
//   3. the job directory: its control files (the launch spec, the log; later the exit status) and its work folder
//      work/, the one folder the job may write: the chosen harness version's files (path-checked), inputs.json;
//   4. ONE transaction: the job row, the audit entry, the job's own token, and any confirmed reviews;
//   5. start: the local queue's next tick, sbatch, or Ray's Jobs API (an unreachable scheduler fails the job
//      with the reason; the ray executor with no Ray cluster configured is refused before anything is written).
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { Store } from "../../../db/client";
import { whyTemplateDoesNotApply } from "./pure/template-applies";
import { getCheckpointInput, getExperimentForJob, getJob, getProposalSides, recordInExperiment, type JobRecord } from "../../../db/queries/jobs";
import { getHarnessVersionWithFiles } from "../../../db/queries/harness-version-files";
import { insertJob } from "../../../db/mutations/jobs";
import { recordAudit } from "../../../db/mutations/audit-log";
import { newId } from "../auth/secrets";
import { auditActorOf, mayLaunch, userIdOf, type JobActor } from "./permissions";
import { getJobTemplate } from "./templates";
import { describeProblems, renderCommand, type ParamProblem } from "./render-command";
import type { JobTemplateSpec } from "./pure/template-schema";
import { createFreshDirectory, JobPathError, writeFilesUnder, writePrivateFile } from "./job-files";
import { BASE_HARNESS_SUBDIR, HARNESS_SUBDIR, INPUTS_FILE, type HarnessManifest, type JobInputs } from "./job-inputs";
import { LOG_FILE, workDirOf, writeLaunchSpec } from "./job-dir";
import { mintJobToken, tokenLifetimeMs } from "./job-token";
import { jobRuntime } from "./runtime";
import { submitSlurmJob } from "./slurm-runner";
import { NO_RAY_CLUSTER, submitRayJob } from "./ray-runner";
import { checkUnreviewed, harnessVersionsRun, type UnreviewedVersion } from "./unreviewed-gate";
import { recordHarnessReview } from "../../../db/mutations/harness-review";
import { writeTransaction } from "../../../db/write-transaction";

export interface LaunchInput {
  templateId: string;
  /** Placeholder name → value (strings from a form, or numbers). */
  params: unknown;
  actor: JobActor;
  /** Required for installation-wide templates; must match for an experiment's own template. */
  experimentId?: string;
  /** Ids of unreviewed harness versions the (signed-in reviewer) actor confirms having read. */
  confirmUnreviewed?: string[];
}

export type LaunchResult =
  | { ok: true; job: JobRecord }
  /** Refused (nothing recorded) — or, with `job`, recorded and failed at submission (the scheduler's answer). */
  | { ok: false; status: 400 | 403 | 404 | 409 | 500 | 503; error: string; problems?: ParamProblem[]; job?: JobRecord; unreviewed?: UnreviewedVersion[]; review?: string };

export async function launchJob(store: Store, input: LaunchInput, now: number = Date.now()): Promise<LaunchResult> {
  const allowed = mayLaunch(input.actor);
  if (!allowed.ok) return { ok: false, status: 403, error: allowed.error };
  const template = getJobTemplate(store, input.templateId);
  if (!template.ok) return template;
  const { spec } = template.template;
  const experimentId = template.template.experimentId ?? input.experimentId;
  if (!experimentId) return { ok: false, status: 400, error: "experimentId: this template is offered for every experiment; say which one" };
  if (input.experimentId && input.experimentId !== experimentId) {
    return { ok: false, status: 400, error: `experimentId: template "${input.templateId}" belongs to experiment "${experimentId}"` };
  }
  const experiment = getExperimentForJob(store, experimentId);
  if (!experiment) return { ok: false, status: 404, error: `experimentId: experiment "${experimentId}" does not exist` };
  const notHere = whyTemplateDoesNotApply(spec.command, experiment);
  if (notHere) return { ok: false, status: 400, error: `templateId: template "${input.templateId}" ${notHere}` };

  const rt = jobRuntime(store);
  const jobId = newId();
  const run = `job-${jobId}`;
  const jobDir = path.join(rt.options.jobsRoot, jobId);
  // What the job sees as its folder ({job_dir}, HARNESS_LAB_JOB_DIR) is its work folder, never the control files.
  const workDir = workDirOf(jobDir);
  const harnessDir = path.join(workDir, HARNESS_SUBDIR);
  const rendered = renderCommand(spec, input.params, {
    builtins: { node: rt.options.nodePath, home: rt.options.home, job: jobId, job_dir: workDir, harness_dir: harnessDir, experiment: experimentId, run },
    exists: (type, id) => recordInExperiment(store, type, id, experimentId),
  });
  if (!rendered.ok) return { ok: false, status: 400, error: describeProblems(rendered.problems), problems: rendered.problems };
  const gate = checkUnreviewed(store, input.actor, spec, harnessVersionsRun(store, spec, rendered.values), input.confirmUnreviewed, { experimentId, templateId: input.templateId, values: rendered.values });
  if (!gate.ok) return gate;

  const executor = spec.resources.executor ?? rt.options.executor;
  if (executor === "ray" && !rt.options.ray) return { ok: false, status: 503, error: `executor: ${NO_RAY_CLUSTER}` };
  const env = {
    ...rendered.env,
    HARNESS_LAB_URL: rt.options.serverUrl, HARNESS_LAB_EXPERIMENT: experimentId, HARNESS_LAB_RUN: run,
    HARNESS_LAB_HARNESS_DIR: harnessDir, HARNESS_LAB_JOB: jobId, HARNESS_LAB_JOB_DIR: workDir,
  };
  const logPath = path.join(jobDir, LOG_FILE);
  try {
    createFreshDirectory(jobDir);
    fs.mkdirSync(workDir, { mode: 0o700 });
    const inputs = writeInputs(store, spec, rendered.values, { workDir, jobId, run, experiment });
    writePrivateFile(path.join(workDir, INPUTS_FILE), `${JSON.stringify(inputs, null, 2)}\n`);
    // On Ray a template with a working_dir starts there (Ray's choice, "" here) unless it names its own cwd.
    const cwd = rendered.cwd ?? (executor === "ray" && spec.resources.workingDir ? "" : rt.options.home);
    writeLaunchSpec(jobDir, { argv: rendered.argv, env, cwd, resources: spec.resources });
    writePrivateFile(logPath, "");
  } catch (error) {
    fs.rmSync(jobDir, { recursive: true, force: true });
    if (error instanceof JobPathError) return { ok: false, status: 400, error: `the harness version cannot be written safely: ${error.message}` };
    return { ok: false, status: 500, error: `cannot prepare the job directory: ${(error as Error).message}` };
  }

  const createdBy = userIdOf(input.actor);
  const secret = writeTransaction(store, () => {
    insertJob(store, {
      id: jobId, experimentId, templateId: input.templateId, kind: spec.kind, params: rendered.values, command: rendered.argv,
      executor, logPath, createdBy, createdAt: now,
    });
    recordAudit(store, {
      ...auditActorOf(input.actor), action: "job.launch", targetKind: "job", targetId: jobId, at: now,
      detail: {
        template: input.templateId, templateName: spec.name, experiment: experimentId, params: rendered.values, command: rendered.argv, executor, run,
        ...(gate.confirmed.length ? { confirmedUnreviewed: gate.confirmed.map((r) => r.version.id) } : {}),
      },
    });
    // Only a signed-in reviewer gets this far with confirmations (checkUnreviewed).
    for (const review of gate.confirmed) {
      recordHarnessReview(store, createdBy!, {
        versionId: review.version.id, label: review.version.label, experimentId, arrivedVia: review.version.arrivedVia,
        base: review.base, filesChanged: review.files.map((f) => f.path),
      }, now);
    }
    return mintJobToken(store, jobId, { createdBy, expiresAt: now + tokenLifetimeMs(spec.resources.timeLimitMinutes), now });
  });

  if (executor === "slurm" || executor === "ray") {
    const failure = executor === "slurm" ? await submitSlurmJob(rt, { id: jobId, logPath }, secret) : await submitRayJob(rt, { id: jobId, logPath, experimentId }, secret);
    if (failure) return { ok: false, status: 503, error: failure, job: getJob(store, jobId)! };
  } else {
    rt.secrets.set(jobId, secret);
    await rt.tick();
  }
  return { ok: true, job: getJob(store, jobId)! };
}

/**
 * Resolves the records the parameters name and writes the harness files: the chosen version (the first
 * harness_version placeholder, else a proposal's candidate) into harness/, a proposal's base into base-harness/.
 */
function writeInputs(
  store: Store,
  spec: JobTemplateSpec,
  values: Record<string, string>,
  ctx: { workDir: string; jobId: string; run: string; experiment: JobInputs["experiment"] },
): JobInputs {
  const inputs: JobInputs = { job: ctx.jobId, run: ctx.run, experiment: ctx.experiment, params: values, checkpoints: {}, harness: null, baseHarness: null, proposal: null };
  let chosen: string | null = null;
  let base: string | null = null;
  for (const [name, placeholder] of Object.entries(spec.placeholders)) {
    const value = values[name];
    if (value === undefined) continue;
    if (placeholder.type === "checkpoint") {
      const checkpoint = getCheckpointInput(store, value);
      if (checkpoint) inputs.checkpoints[value] = checkpoint;
    } else if (placeholder.type === "harness_version") {
      chosen ??= value;
    } else if (placeholder.type === "proposal" && !inputs.proposal) {
      inputs.proposal = getProposalSides(store, value);
    }
  }
  if (inputs.proposal) {
    chosen ??= inputs.proposal.candidate;
    base = inputs.proposal.base;
  }
  fs.mkdirSync(path.join(ctx.workDir, HARNESS_SUBDIR), { mode: 0o700 });
  if (chosen) inputs.harness = writeHarness(store, chosen, ctx.workDir, HARNESS_SUBDIR);
  if (base) {
    fs.mkdirSync(path.join(ctx.workDir, BASE_HARNESS_SUBDIR), { mode: 0o700 });
    inputs.baseHarness = writeHarness(store, base, ctx.workDir, BASE_HARNESS_SUBDIR);
  }
  return inputs;
}

function writeHarness(store: Store, versionId: string, workDir: string, subdir: string): HarnessManifest {
  const version = getHarnessVersionWithFiles(store, versionId);
  if (!version) throw new Error(`harness version "${versionId}" disappeared`);
  writeFilesUnder(path.join(workDir, subdir), version.files);
  return { id: version.id, label: version.label, dir: subdir, files: version.files.map((f) => ({ path: f.path, kind: f.kind, hookPosition: f.hookPosition })) };
}
