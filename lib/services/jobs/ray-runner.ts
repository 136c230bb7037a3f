// The Ray executor's moves: submit a recorded job to a Ray cluster's Jobs API, and follow a submitted one —
// its state, its log (copied into the job's own log file, where the log view and the progress reader find
// it, as for every executor), its time limit — until it ends. The submission id is fixed by the job's id
// (harness-lab-<job id>), so a dashboard that stopped anywhere between recording and submitting finds the
// job again by asking Ray. A head that cannot be reached at launch fails the job at once with the reason; one
// that stays unreachable while the job runs marks it lost after a while (as for Slurm).
import "server-only";
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { getJobStatusReason, type JobRecord } from "../../../db/queries/jobs";
import { finishJob, markJobRunning, setJobExternalId, setJobStatusReason, setJobTokenExpiry } from "../../../db/mutations/jobs";
import { CANCEL_MARK, jobDirOf, readLaunchSpec, type LaunchSpec } from "./job-dir";
import { tokenLifetimeMs } from "./job-token";
import { followProgress } from "./progress-follow";
import { raySubmissionId, rayEndReason } from "./ray-api";
import { queryRay, rayLogs, stopRay, submitRay, type RayOptions } from "./ray-client";
import type { RuntimeState } from "./runtime-state";

export const NO_RAY_CLUSTER = "no Ray cluster is configured: an admin sets HARNESS_LAB_RAY_ADDRESS (the Ray dashboard's address, e.g. http://ray-head:8265) and restarts the dashboard";

function rayOf(rt: RuntimeState): RayOptions {
  if (!rt.options.ray) throw new Error(NO_RAY_CLUSTER);
  return rt.options.ray;
}

/** Submits the job with its token in runtime_env.env_vars; on any failure the job ends "failed" with the reason. Returns that reason, or null. */
export async function submitRayJob(rt: RuntimeState, job: Pick<JobRecord, "id" | "logPath" | "experimentId">, secret: string): Promise<string | null> {
  rt.submitting.add(job.id);
  try {
    const spec = readLaunchSpec(jobDirOf(job.logPath!));
    const submitted = await submitRay(
      { jobId: job.id, argv: spec.argv, cwd: spec.cwd || null, env: { ...spec.env, HARNESS_LAB_TOKEN: secret }, resources: spec.resources, metadata: job.experimentId ? { harness_lab_experiment: job.experimentId } : {} },
      rayOf(rt),
    );
    if (!submitted.ok) throw new Error(submitted.error);
    setJobExternalId(rt.store, job.id, submitted.id);
    return null;
  } catch (error) {
    const reason = (error as Error).message;
    finishJob(rt.store, job.id, { status: "failed", exitCode: null, reason, finishedAt: Date.now() });
    return reason;
  } finally {
    rt.submitting.delete(job.id);
  }
}

/** Asks Ray to stop the job (it ends STOPPED, and the job "cancelled", at a later look). */
export async function stopRayJob(rt: RuntimeState, job: Pick<JobRecord, "id" | "externalId">): Promise<{ ok: true } | { ok: false; error: string }> {
  const options = rt.options.ray;
  if (!options) return { ok: false, error: NO_RAY_CLUSTER };
  return stopRay(job.externalId ?? raySubmissionId(job.id), options);
}

/**
 * Appends what Ray's log holds beyond the job's log file. Ray answers the whole log each time, and only ever
 * appends to it: the file's size says how much was copied already, across restarts too.
 */
async function copyLog(rt: RuntimeState, job: JobRecord, submissionId: string): Promise<void> {
  if (!job.logPath) return;
  const answer = await rayLogs(submissionId, rayOf(rt));
  if (!answer.ok) return;
  const bytes = Buffer.from(answer.logs, "utf8");
  // Only the server writes this file (the job runs elsewhere); never through a link planted at its path.
  const fd = fs.openSync(job.logPath, fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK, 0o600);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return;
    if (bytes.length > stat.size) fs.writeSync(fd, bytes, stat.size);
  } finally {
    fs.closeSync(fd);
  }
}

function launchSpecOf(job: JobRecord): LaunchSpec | null {
  try {
    return job.logPath ? readLaunchSpec(jobDirOf(job.logPath)) : null;
  } catch {
    return null;
  }
}

export async function checkRayJob(rt: RuntimeState, job: JobRecord): Promise<void> {
  const now = Date.now();
  const end = (status: "succeeded" | "failed" | "cancelled" | "lost", exitCode: number | null, reason: string | null) => {
    if (job.logPath) followProgress(rt, job);
    const ending = rt.ending.get(job.id);
    // Whoever cancelled it — this runtime, or another one whose mark is in the reason column (read afresh).
    const reasonNow = getJobStatusReason(rt.store, job.id) ?? job.statusReason;
    const cancelledBy = ending?.reason ?? (reasonNow?.startsWith(CANCEL_MARK) ? `cancelled by ${reasonNow.slice(CANCEL_MARK.length)}` : null);
    // A job stopped for its time limit fails with that reason; one stopped by a person is cancelled.
    const final = status === "cancelled" && ending?.status === "failed" ? "failed" : status;
    const why = status === "cancelled" && (cancelledBy || ending) ? ending?.reason ?? cancelledBy : reason;
    finishJob(rt.store, job.id, { status: final, exitCode, reason: why, finishedAt: Date.now(), actor: final === "cancelled" ? ending?.actor : undefined });
    rt.ending.delete(job.id);
    rt.logs.delete(job.id);
    rt.unreachableSince.delete(job.id);
  };
  const options = rt.options.ray;
  if (!options) {
    setJobStatusReason(rt.store, job.id, `${NO_RAY_CLUSTER} (the job is left as it is on Ray)`);
    return;
  }
  // Recorded but perhaps never submitted (the server stopped in between): Ray is asked by the fixed id.
  const submissionId = job.externalId ?? raySubmissionId(job.id);
  const answer = await queryRay(submissionId, options);
  if (answer.kind === "unreachable") {
    const since = rt.unreachableSince.get(job.id) ?? now;
    rt.unreachableSince.set(job.id, since);
    if (now - since >= rt.options.slurmUnreachableLostMs) end("lost", null, `${answer.error} for ${Math.round((now - since) / 60_000)} min`);
    else setJobStatusReason(rt.store, job.id, `${answer.error} since ${new Date(since).toISOString()}`);
    return;
  }
  rt.unreachableSince.delete(job.id);
  if (answer.kind === "unknown") {
    if (!job.externalId && now - job.createdAt <= 60_000) return;
    end("lost", null, job.externalId ? `Ray no longer knows job ${submissionId} (the head was restarted, or the job was deleted)` : "the dashboard stopped before the job was submitted to Ray");
    return;
  }
  if (!job.externalId) setJobExternalId(rt.store, job.id, submissionId);
  const { state } = answer;
  if (state.phase === "queued") {
    const reason = `Ray: ${state.status}${state.message ? ` (${state.message})` : ""}`;
    if (job.status === "queued" && reason !== job.statusReason && !rt.ending.has(job.id) && !job.statusReason?.startsWith(CANCEL_MARK)) setJobStatusReason(rt.store, job.id, reason);
    return;
  }
  await copyLog(rt, job, submissionId);
  if (state.phase === "running") {
    const spec = launchSpecOf(job);
    if (job.status === "queued" && markJobRunning(rt.store, job.id, { externalId: submissionId, startedAt: now })) {
      // The token's time limit counts from the start, not from the submission.
      setJobTokenExpiry(rt.store, job.id, now + tokenLifetimeMs(spec?.resources.timeLimitMinutes));
      setJobStatusReason(rt.store, job.id, job.statusReason?.startsWith(CANCEL_MARK) ? job.statusReason : null);
      rt.logs.set(job.id, { offset: 0, carry: "", decoder: new StringDecoder("utf8") });
      return;
    }
    // Ray has no time limit of its own: past the template's, the job is stopped and fails with the reason.
    const limit = spec?.resources.timeLimitMinutes;
    const started = job.startedAt ?? now;
    if (limit && now - started > limit * 60_000 && !rt.ending.has(job.id)) {
      const stopped = await stopRay(submissionId, options);
      if (stopped.ok) rt.ending.set(job.id, { status: "failed", reason: `time limit of ${limit} min exceeded`, deadline: now, killed: true });
    }
    return;
  }
  end(state.phase, state.exitCode, rayEndReason(state));
}
