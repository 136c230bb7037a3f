// Reads of the job system: templates, jobs with who launched them and the runs they produced, the records
// a launch resolves (checkpoints, harness versions, proposals of the job's experiment) and the jobs the
// supervisor follows.
import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Store } from "../client";
import { experiments, jobs, jobTemplates, runs, users } from "../schema";
import type { JOB_EXECUTORS, JOB_KINDS, JOB_STATUSES } from "../../lib/domain/vocabulary";

export type JobStatus = (typeof JOB_STATUSES)[number];
export type JobKind = (typeof JOB_KINDS)[number];
export type JobExecutorName = (typeof JOB_EXECUTORS)[number];
export const ACTIVE_JOB_STATUSES = ["queued", "running"] as const satisfies readonly JobStatus[];

export interface JobTemplateRow {
  id: string;
  experimentId: string | null;
  name: string;
  kind: JobKind;
  command: string[];
  placeholders: Record<string, unknown>;
  env: Record<string, string> | null;
  cwd: string | null;
  resources: Record<string, unknown> | null;
  createdBy: string | null;
  createdAt: number;
  updatedAt: number;
}

export function getJobTemplateRow(store: Store, id: string): JobTemplateRow | null {
  return store.db.select().from(jobTemplates).where(eq(jobTemplates.id, id)).get() ?? null;
}

/** Templates that can be launched for an experiment: its own and the installation-wide ones (no experiment). */
export function listJobTemplateRows(store: Store, opts: { experimentId?: string } = {}): JobTemplateRow[] {
  const where = opts.experimentId ? or(eq(jobTemplates.experimentId, opts.experimentId), isNull(jobTemplates.experimentId)) : undefined;
  return store.db.select().from(jobTemplates).where(where).orderBy(asc(jobTemplates.name), asc(jobTemplates.id)).all();
}

export interface JobRun {
  id: string;
  name: string | null;
  kind: string;
  status: string;
}

export interface JobRecord {
  id: string;
  experimentId: string | null;
  experimentName: string | null;
  templateId: string | null;
  templateName: string | null;
  kind: JobKind;
  params: Record<string, unknown> | null;
  command: string[];
  executor: JobExecutorName;
  /** Local: "pid:starttime"; Slurm: the job id. */
  externalId: string | null;
  status: JobStatus;
  statusReason: string | null;
  exitCode: number | null;
  logPath: string | null;
  progress: number | null;
  progressMessage: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  /** finished − started (or now − started while running); null before it starts. */
  durationMs: number | null;
  /** The runs its events created (runs.job_id), oldest first. */
  runs: JobRun[];
}

const JOB_COLUMNS = {
  id: jobs.id,
  experimentId: jobs.experimentId,
  experimentName: experiments.name,
  templateId: jobs.templateId,
  templateName: jobTemplates.name,
  kind: jobs.kind,
  params: jobs.params,
  command: jobs.command,
  executor: jobs.executor,
  externalId: jobs.externalId,
  status: jobs.status,
  statusReason: jobs.statusReason,
  exitCode: jobs.exitCode,
  logPath: jobs.logPath,
  progress: jobs.progress,
  progressMessage: jobs.progressMessage,
  createdBy: jobs.createdBy,
  createdByName: users.username,
  createdAt: jobs.createdAt,
  startedAt: jobs.startedAt,
  finishedAt: jobs.finishedAt,
};

type JobRow = Omit<JobRecord, "durationMs" | "runs">;

function selectJobs(store: Store) {
  return store.db
    .select(JOB_COLUMNS)
    .from(jobs)
    .leftJoin(experiments, eq(experiments.id, jobs.experimentId))
    .leftJoin(jobTemplates, eq(jobTemplates.id, jobs.templateId))
    .leftJoin(users, eq(users.id, jobs.createdBy));
}

function withRuns(store: Store, rows: JobRow[], now: number): JobRecord[] {
  const byJob = new Map<string, JobRun[]>();
  if (rows.length) {
    const found = store.db
      .select({ jobId: runs.jobId, id: runs.id, name: runs.name, kind: runs.kind, status: runs.status })
      .from(runs)
      .where(inArray(runs.jobId, rows.map((r) => r.id)))
      .orderBy(asc(runs.createdAt), asc(runs.id))
      .all();
    for (const { jobId, ...run } of found) {
      const list = byJob.get(jobId!) ?? [];
      list.push(run);
      byJob.set(jobId!, list);
    }
  }
  return rows.map((row) => ({
    ...row,
    durationMs: row.startedAt === null ? null : (row.finishedAt ?? now) - row.startedAt,
    runs: byJob.get(row.id) ?? [],
  }));
}

/** The job's reason column as stored now (a cancel's mark from another dashboard included). */
export function getJobStatusReason(store: Store, id: string): string | null {
  return (store.sqlite.prepare("SELECT status_reason FROM jobs WHERE id = ?").pluck().get(id) as string | null | undefined) ?? null;
}

export function getJob(store: Store, id: string, now: number = Date.now()): JobRecord | null {
  const row = selectJobs(store).where(eq(jobs.id, id)).get();
  return row ? withRuns(store, [row], now)[0] : null;
}

export interface JobFilter {
  /** One job only (a job's own token lists just its job). */
  id?: string;
  status?: JobStatus | readonly JobStatus[];
  experimentId?: string;
  executor?: JobExecutorName;
  templateId?: string;
  kind?: JobKind;
  createdBy?: string;
  /** Keyset paging: jobs created before this time (newest first). */
  before?: number;
  limit?: number;
}

/** Jobs newest first, filtered; at most 500 per call. */
export function listJobs(store: Store, filter: JobFilter = {}, now: number = Date.now()): JobRecord[] {
  const where: SQL[] = [];
  if (filter.status !== undefined) where.push(typeof filter.status === "string" ? eq(jobs.status, filter.status) : inArray(jobs.status, [...filter.status]));
  if (filter.id !== undefined) where.push(eq(jobs.id, filter.id));
  if (filter.experimentId) where.push(eq(jobs.experimentId, filter.experimentId));
  if (filter.executor) where.push(eq(jobs.executor, filter.executor));
  if (filter.templateId) where.push(eq(jobs.templateId, filter.templateId));
  if (filter.kind) where.push(eq(jobs.kind, filter.kind));
  if (filter.createdBy) where.push(eq(jobs.createdBy, filter.createdBy));
  if (filter.before !== undefined) where.push(lt(jobs.createdAt, filter.before));
  const rows = selectJobs(store)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(Math.min(Math.max(filter.limit ?? 100, 1), 500))
    .all();
  return withRuns(store, rows, now);
}

/** Queued and running jobs, oldest first: the supervisor's work list. */
export function listActiveJobs(store: Store): JobRecord[] {
  const rows = selectJobs(store).where(inArray(jobs.status, [...ACTIVE_JOB_STATUSES])).orderBy(asc(jobs.createdAt), asc(jobs.id)).all();
  return rows.map((row) => ({ ...row, durationMs: null, runs: [] }));
}

export function experimentExists(store: Store, id: string): boolean {
  return store.db.select({ id: experiments.id }).from(experiments).where(eq(experiments.id, id)).get() !== undefined;
}

export function getExperimentForJob(store: Store, id: string): { id: string; name: string; method: string; config: Record<string, unknown> | null } | null {
  return store.db.select({ id: experiments.id, name: experiments.name, method: experiments.method, config: experiments.config }).from(experiments).where(eq(experiments.id, id)).get() ?? null;
}

const RECORD_TABLE = { checkpoint: "checkpoints", harness_version: "harness_versions", proposal: "proposals" } as const;

/** Does a checkpoint / harness version / proposal with this id exist IN this experiment? */
export function recordInExperiment(store: Store, type: keyof typeof RECORD_TABLE, id: string, experimentId: string): boolean {
  return store.sqlite.prepare(`SELECT 1 FROM ${RECORD_TABLE[type]} WHERE id = ? AND experiment_id = ?`).get(id, experimentId) !== undefined;
}

export interface CheckpointInput {
  id: string;
  name: string | null;
  model: string | null;
  step: number | null;
  epoch: number | null;
  uri: string | null;
  metadata: Record<string, unknown> | null;
}

export function getCheckpointInput(store: Store, id: string): CheckpointInput | null {
  const row = store.sqlite.prepare("SELECT id, name, model, step, epoch, uri, metadata FROM checkpoints WHERE id = ?").get(id) as
    | (Omit<CheckpointInput, "metadata"> & { metadata: string | null })
    | undefined;
  return row ? { ...row, metadata: row.metadata ? (JSON.parse(row.metadata) as Record<string, unknown>) : null } : null;
}

export function getProposalSides(store: Store, id: string): { id: string; base: string; candidate: string } | null {
  return (store.sqlite.prepare("SELECT id, base_harness_version_id AS base, candidate_harness_version_id AS candidate FROM proposals WHERE id = ?").get(id) as
    | { id: string; base: string; candidate: string }
    | undefined) ?? null;
}
