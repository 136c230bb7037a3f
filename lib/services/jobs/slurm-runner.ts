// The Slurm executor's moves: submit a recorded job (batch script + sbatch), and follow a submitted one
// through squeue / scontrol / sacct until it ends. A controller that cannot be reached at launch fails the
// job at once with the reason; one that stays unreachable while the job runs marks it lost after a while.
import "server-only";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { getJobStatusReason, type JobRecord } from "../../../db/queries/jobs";
import { finishJob, markJobRunning, setJobExternalId, setJobStatusReason, setJobTokenExpiry } from "../../../db/mutations/jobs";
import { jobDirOf, readLaunchSpec, removeTokenFile, SLURM_SCRIPT, TOKEN_FILE, workDirOf } from "./job-dir";
import { handOverTree, writePrivateFile } from "./job-files";
import { dropPrivilegesArgv } from "./sandbox";
import { slurmBatchScript } from "./slurm-script";
import { sandboxArgs } from "./sandbox-plan";
import { querySlurmJob, submitBatch } from "./slurm-commands";
import { submitRest } from "./slurm-rest";
import { tokenLifetimeMs } from "./job-token";
import { followProgress } from "./progress-follow";
import { CANCEL_MARK } from "./job-dir";
import type { RuntimeState } from "./runtime-state";

/** Writes the script and submits it; on any failure the job ends "failed" with the reason. Returns that reason, or null. */
export async function submitSlurmJob(rt: RuntimeState, job: Pick<JobRecord, "id" | "logPath">, secret: string): Promise<string | null> {
  rt.submitting.add(job.id);
  const jobDir = jobDirOf(job.logPath!);
  try {
    const spec = readLaunchSpec(jobDir);
    const tokenFile = path.join(jobDir, TOKEN_FILE);
    const o = rt.options;
    // Confined on the node unless the installation opted out; the node's own bwrap decides (not this server's).
    const workDir = workDirOf(jobDir);
    const settings = { home: o.home, nodePath: o.nodePath, storeFile: o.storeFile, jobsRoot: o.jobsRoot, extraReadOnly: o.sandboxReadOnly };
    const folders = { workDir, cwd: spec.cwd };
    const jobUser = o.sandbox.jobUser;
    const sandbox = o.sandbox.mode === "none" ? null : {
      required: o.sandbox.mode === "bwrap",
      asRoot: { args: sandboxArgs(settings, folders, { kind: "shared" }, true), drop: jobUser ? dropPrivilegesArgv(jobUser) : [] },
      asUser: { args: sandboxArgs(settings, folders, { kind: "shared" }, false) },
    };
    // A server that is root submits jobs that run as root on the node: inside the sandbox they become the job user.
    if (sandbox && jobUser) handOverTree(workDir, jobUser);
    const script = slurmBatchScript({ jobId: job.id, logPath: job.logPath!, argv: spec.argv, env: spec.env, cwd: spec.cwd, tokenFile, resources: spec.resources, sandbox });
    writePrivateFile(tokenFile, secret);
    writePrivateFile(path.join(jobDir, SLURM_SCRIPT), script, 0o700);
    const { rest } = rt.options.slurm;
    // Through slurmrestd the same script goes in the request (the file stays for people to read).
    const submitted = rest
      ? await submitRest({ jobId: job.id, script, logPath: job.logPath!, cwd: spec.cwd, environment: rt.options.slurm.env, resources: spec.resources }, rest)
      : await submitBatch(path.join(jobDir, SLURM_SCRIPT), rt.options.slurm);
    if (!submitted.ok) throw new Error(submitted.error);
    setJobExternalId(rt.store, job.id, submitted.id);
    return null;
  } catch (error) {
    const reason = (error as Error).message;
    finishJob(rt.store, job.id, { status: "failed", exitCode: null, reason, finishedAt: Date.now() });
    removeTokenFile(jobDir);
    return reason;
  } finally {
    rt.submitting.delete(job.id);
  }
}

export async function checkSlurmJob(rt: RuntimeState, job: JobRecord): Promise<void> {
  const now = Date.now();
  const jobDir = job.logPath ? jobDirOf(job.logPath) : null;
  const end = (status: "succeeded" | "failed" | "cancelled" | "lost", exitCode: number | null, reason: string | null) => {
    if (job.logPath) followProgress(rt, job);
    const ending = rt.ending.get(job.id);
    // Whoever cancelled it — this runtime, or another one (before a restart, or a second dashboard on the same
    // store) whose mark is in the reason column. Read afresh: `job` was read before this poll asked Slurm, and
    // the other dashboard may have marked its cancel meanwhile.
    const reasonNow = getJobStatusReason(rt.store, job.id) ?? job.statusReason;
    const cancelledBy = ending?.reason ?? (reasonNow?.startsWith(CANCEL_MARK) ? `cancelled by ${reasonNow.slice(CANCEL_MARK.length)}` : null);
    finishJob(rt.store, job.id, { status, exitCode, reason: status === "cancelled" && cancelledBy ? cancelledBy : reason, finishedAt: Date.now(), actor: status === "cancelled" ? ending?.actor : undefined });
    if (jobDir) removeTokenFile(jobDir);
    rt.ending.delete(job.id);
    rt.logs.delete(job.id);
    rt.unreachableSince.delete(job.id);
  };
  if (!job.externalId) {
    // Recorded but never submitted: the server stopped between the two (a live launch holds it in `submitting`).
    if (now - job.createdAt > 60_000) end("lost", null, "the dashboard stopped before the job was submitted to Slurm");
    return;
  }
  const answer = await querySlurmJob(job.externalId, rt.options.slurm);
  if (answer.kind === "unreachable") {
    const since = rt.unreachableSince.get(job.id) ?? now;
    rt.unreachableSince.set(job.id, since);
    if (now - since >= rt.options.slurmUnreachableLostMs) end("lost", null, `${answer.error} for ${Math.round((now - since) / 60_000)} min`);
    else setJobStatusReason(rt.store, job.id, `${answer.error} since ${new Date(since).toISOString()}`);
    return;
  }
  rt.unreachableSince.delete(job.id);
  if (answer.kind === "unknown") {
    const where = rt.options.slurm.rest ? "slurmrestd answers: invalid job id" : "not in squeue, scontrol or the jobcomp file";
    end("lost", null, `Slurm no longer knows job ${job.externalId} (${where})`);
    return;
  }
  const { state } = answer;
  if (state.phase === "queued") {
    const reason = state.reason ? `Slurm: ${state.state} (${state.reason})` : null;
    if (job.status === "queued" && reason !== job.statusReason && !rt.ending.has(job.id)) setJobStatusReason(rt.store, job.id, reason);
    return;
  }
  if (state.phase === "running") {
    if (job.status === "queued" && markJobRunning(rt.store, job.id, { externalId: job.externalId, startedAt: now })) {
      // The token's time limit counts from the start, not from the submission.
      let limit: number | undefined;
      try {
        limit = jobDir ? readLaunchSpec(jobDir).resources.timeLimitMinutes : undefined;
      } catch {
        limit = undefined;
      }
      setJobTokenExpiry(rt.store, job.id, now + tokenLifetimeMs(limit));
      if (rt.ending.has(job.id)) setJobStatusReason(rt.store, job.id, job.statusReason);
      rt.logs.set(job.id, { offset: 0, carry: "", decoder: new StringDecoder("utf8") });
    }
    return;
  }
  const exitReason = state.phase === "failed" ? state.reason ?? `exit code ${state.exitCode}` : state.reason;
  end(state.phase, state.exitCode, exitReason);
}
