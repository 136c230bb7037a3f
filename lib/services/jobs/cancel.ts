// cancelJob: a queued local job ends at once; a running local job gets SIGTERM to its process group and
// SIGKILL after the grace period (the supervisor's tick); a Slurm job gets scancel and ends when Slurm says
// CANCELLED; a Ray job gets POST /api/jobs/{id}/stop and ends when Ray says STOPPED. The request is audited; the reason column carries it across a restart ("cancel requested by …").
import "server-only";
import type { Store } from "../../../db/client";
import { getJob, type JobRecord } from "../../../db/queries/jobs";
import { finishJob, setJobStatusReason } from "../../../db/mutations/jobs";
import { recordAudit } from "../../../db/mutations/audit-log";
import { auditActorOf, mayLaunch, type JobActor } from "./permissions";
import { jobRuntime } from "./runtime";
import { beginEnding } from "./local-runner";
import { cancelSlurmJob } from "./slurm-commands";
import { stopRayJob } from "./ray-runner";
import { CANCEL_MARK, jobDirOf, removeTokenFile } from "./job-dir";

export type CancelResult = { ok: true; job: JobRecord } | { ok: false; status: 403 | 404 | 409 | 503; error: string };

export async function cancelJob(store: Store, input: { jobId: string; actor: JobActor & { name?: string } }): Promise<CancelResult> {
  const allowed = mayLaunch(input.actor);
  if (!allowed.ok) return { ok: false, status: 403, error: allowed.error };
  const job = getJob(store, input.jobId);
  if (!job) return { ok: false, status: 404, error: `job "${input.jobId}" does not exist` };
  if (job.status !== "queued" && job.status !== "running") return { ok: false, status: 409, error: `job "${job.id}" already ended (${job.status})` };
  const rt = jobRuntime(store);
  const who = input.actor.name ?? input.actor.id;
  const actor = auditActorOf(input.actor);
  const audit = (detail: Record<string, unknown>) => recordAudit(store, { ...actor, action: "job.cancel", targetKind: "job", targetId: job.id, detail: { status: job.status, executor: job.executor, ...detail } });

  if (job.executor === "local") {
    if (job.status === "queued") {
      audit({});
      finishJob(store, job.id, { status: "cancelled", exitCode: null, reason: `cancelled by ${who} before it started`, finishedAt: Date.now(), actor });
      rt.secrets.delete(job.id);
    } else {
      audit({ process: job.externalId });
      setJobStatusReason(store, job.id, `${CANCEL_MARK}${who}`);
      beginEnding(rt, job, { status: "cancelled", reason: `cancelled by ${who}`, actor });
      await rt.tick();
    }
    return { ok: true, job: getJob(store, job.id)! };
  }

  const scheduler = job.executor === "ray" ? "Ray" : "Slurm";
  if (!job.externalId) {
    if (rt.submitting.has(job.id)) return { ok: false, status: 409, error: `job "${job.id}" is being submitted to ${scheduler}; cancel it again in a moment` };
    // A Ray job is found by its fixed submission id even when its answer never came back: stop it there too.
    if (job.executor === "ray") await stopRayJob(rt, job);
    audit({});
    finishJob(store, job.id, { status: "cancelled", exitCode: null, reason: `cancelled by ${who} before it reached ${scheduler}`, finishedAt: Date.now(), actor });
    if (job.logPath) removeTokenFile(jobDirOf(job.logPath));
    return { ok: true, job: getJob(store, job.id)! };
  }
  const cancelled = job.executor === "ray" ? await stopRayJob(rt, job) : await cancelSlurmJob(job.externalId, rt.options.slurm);
  if (!cancelled.ok) return { ok: false, status: 503, error: cancelled.error };
  audit(job.executor === "ray" ? { raySubmission: job.externalId } : { slurmJob: job.externalId });
  setJobStatusReason(store, job.id, `${CANCEL_MARK}${who}`);
  rt.ending.set(job.id, { status: "cancelled", reason: `cancelled by ${who}`, deadline: Date.now(), killed: true, actor });
  return { ok: true, job: getJob(store, job.id)! };
}
