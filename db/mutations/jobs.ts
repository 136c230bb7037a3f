// Writes of the job system. Status changes are guarded in SQL (`WHERE status IN (…)`), so a cancel and a
// finish racing each other (or two supervisors after a restart) cannot both win; the end of a job revokes
// its tokens, ends its unfinished runs (lib/domain/run-status-of-job.ts) and records the end in the audit log,
// all in the same transaction.
import "server-only";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Store } from "../client";
import { apiTokens, jobs, jobTemplates, runs } from "../schema";
import { runStatusAfterJobEnd, UNFINISHED_RUN_STATUSES } from "../../lib/domain/run-status-of-job";
import { recordAudit } from "./audit-log";
import { SYSTEM_ACTOR, type AuditActor } from "../../lib/domain/audit-actor";
import { ACTIVE_JOB_STATUSES, type JobStatus } from "../queries/jobs";
import type { JobTemplateSpec } from "../../lib/services/jobs/pure/template-schema";
import { writeTransaction } from "../write-transaction";

export interface SaveTemplateInput {
  id: string;
  experimentId: string | null;
  spec: JobTemplateSpec;
  createdBy: string | null;
}

/** Creates or replaces a template (same id = an edit) with an audit row; returns which it was. */
export function saveJobTemplate(store: Store, input: SaveTemplateInput, actor: AuditActor, now: number = Date.now()): "created" | "updated" {
  const { spec } = input;
  const values = {
    experimentId: input.experimentId,
    name: spec.name,
    kind: spec.kind,
    command: spec.command,
    placeholders: spec.placeholders as Record<string, unknown>,
    env: spec.env,
    cwd: spec.cwd ?? null,
    resources: spec.resources as Record<string, unknown>,
    updatedAt: now,
  };
  return writeTransaction(store, () => {
    const existing = store.db.select({ id: jobTemplates.id }).from(jobTemplates).where(eq(jobTemplates.id, input.id)).get();
    if (existing) store.db.update(jobTemplates).set(values).where(eq(jobTemplates.id, input.id)).run();
    else store.db.insert(jobTemplates).values({ id: input.id, ...values, createdBy: input.createdBy, createdAt: now }).run();
    const action = existing ? "job_template.update" : "job_template.create";
    recordAudit(store, { ...actor, action, targetKind: "job_template", targetId: input.id, detail: { name: spec.name, experimentId: input.experimentId, spec }, at: now });
    return existing ? ("updated" as const) : ("created" as const);
  });
}

export interface NewJob {
  id: string;
  experimentId: string;
  templateId: string | null;
  kind: JobTemplateSpec["kind"];
  params: Record<string, unknown>;
  command: string[];
  executor: "local" | "slurm" | "ray";
  logPath: string | null;
  createdBy: string | null;
  createdAt: number;
}

export function insertJob(store: Store, job: NewJob): void {
  store.db.insert(jobs).values({ ...job, status: "queued", externalId: null, statusReason: null }).run();
}

/** queued → running; false when the job is no longer queued (cancelled meanwhile). */
export function markJobRunning(store: Store, id: string, input: { externalId: string | null; startedAt: number }): boolean {
  const result = store.db.update(jobs).set({ status: "running", externalId: input.externalId, startedAt: input.startedAt, statusReason: null })
    .where(and(eq(jobs.id, id), eq(jobs.status, "queued"))).run();
  return result.changes === 1;
}

/** Records the scheduler's id while the job still waits in its queue (Slurm). */
export function setJobExternalId(store: Store, id: string, externalId: string): void {
  store.db.update(jobs).set({ externalId }).where(and(eq(jobs.id, id), inArray(jobs.status, [...ACTIVE_JOB_STATUSES]))).run();
}

export function setJobStatusReason(store: Store, id: string, reason: string | null): void {
  store.db.update(jobs).set({ statusReason: reason }).where(and(eq(jobs.id, id), inArray(jobs.status, [...ACTIVE_JOB_STATUSES]))).run();
}

export function setJobProgress(store: Store, id: string, progress: number, message: string | null): void {
  store.db.update(jobs).set({ progress, progressMessage: message }).where(eq(jobs.id, id)).run();
}

export type FinalStatus = Exclude<JobStatus, "queued" | "running">;

export interface FinishInput {
  status: FinalStatus;
  exitCode: number | null;
  reason: string | null;
  finishedAt: number;
  /** Who ended it (a cancel); the system otherwise. */
  actor?: AuditActor;
}

/**
 * Ends a queued or running job: status, exit code, reason, end time; revokes every token of the job; one
 * audit row. Returns false (and writes nothing) when the job had already ended.
 */
export function finishJob(store: Store, id: string, input: FinishInput): boolean {
  return writeTransaction(store, () => {
    const result = store.db
      .update(jobs)
      .set({ status: input.status, exitCode: input.exitCode, statusReason: input.reason, finishedAt: input.finishedAt })
      .where(and(eq(jobs.id, id), inArray(jobs.status, [...ACTIVE_JOB_STATUSES])))
      .run();
    if (result.changes !== 1) return false;
    const revoked = revokeJobTokens(store, id, input.finishedAt);
    const runsEnded = endRunsOfJob(store, id, input.status, input.finishedAt);
    recordAudit(store, {
      ...(input.actor ?? SYSTEM_ACTOR),
      action: "job.end",
      targetKind: "job",
      targetId: id,
      detail: { status: input.status, exitCode: input.exitCode, reason: input.reason, tokensRevoked: revoked, runsEnded },
      at: input.finishedAt,
    });
    return true;
  });
}

/** Ends the job's runs that never said they were over, as the job ended; returns how many. */
function endRunsOfJob(store: Store, jobId: string, status: FinalStatus, at: number): number {
  const runStatus = runStatusAfterJobEnd(status);
  if (!runStatus) return 0;
  return store.db.update(runs).set({ status: runStatus, finishedAt: at, updatedAt: at })
    .where(and(eq(runs.jobId, jobId), inArray(runs.status, [...UNFINISHED_RUN_STATUSES]))).run().changes;
}

/** Revokes the job's live tokens; returns how many. */
export function revokeJobTokens(store: Store, jobId: string, now: number): number {
  return store.db.update(apiTokens).set({ revokedAt: now }).where(and(eq(apiTokens.jobId, jobId), isNull(apiTokens.revokedAt))).run().changes;
}

/** A job's token lives for its time limit counted from when it STARTS (a queue may hold it for hours). */
export function setJobTokenExpiry(store: Store, jobId: string, expiresAt: number): void {
  store.db.update(apiTokens).set({ expiresAt }).where(and(eq(apiTokens.jobId, jobId), isNull(apiTokens.revokedAt))).run();
}
