// Appliers for the experiment's structure: experiment, run, harness version, checkpoint, task, metrics.
import "server-only";
import { createHash } from "node:crypto";
import type { EventOf } from "../../lib/events/contract";
import { ApplyContext, type ApplyStatus, insertImmutableRow, json, orNull } from "./context";
import { runStatusAfterJobEnd, UNFINISHED_RUN_STATUSES } from "../../lib/domain/run-status-of-job";
import type { JOB_STATUSES } from "../../lib/domain/vocabulary";

type JobStatus = (typeof JOB_STATUSES)[number];

export function applyExperiment(ctx: ApplyContext, e: EventOf<"experiment">): ApplyStatus {
  const row = ctx.stmt("SELECT method, name, description, config FROM experiments WHERE id = ?").get(e.id) as
    | { method: string; name: string; description: string | null; config: string | null }
    | undefined;
  if (!row) {
    ctx.stmt(
      "INSERT INTO experiments (id, name, method, description, config, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ).run(e.id, e.name, e.method, orNull(e.description), json(e.config), e.created_at ?? ctx.now, ctx.now);
    return "applied";
  }
  if (row.method !== e.method) return ctx.conflict("method", `experiment "${e.id}" has method "${row.method}"; the method cannot change`);
  // Free-form JSON comes out of the contract with sorted keys, so its text is canonical: equal text, equal content.
  const config = e.config === undefined ? row.config : json(e.config);
  const description = e.description ?? row.description;
  if (row.name === e.name && row.description === description && row.config === config) return "unchanged";
  ctx.stmt("UPDATE experiments SET name = ?, description = ?, config = ?, updated_at = ? WHERE id = ?")
    .run(e.name, description, config, ctx.now, e.id);
  return "applied";
}

// A run event that arrives after its job ended (an offline log synced later) cannot make the run live again:
// its process is gone, so an unfinished status takes the job's end (lib/domain/run-status-of-job.ts).
function withEndedJob(ctx: ApplyContext, e: EventOf<"run">): EventOf<"run"> {
  if (!e.job || !(UNFINISHED_RUN_STATUSES as readonly string[]).includes(e.status)) return e;
  const job = ctx.stmt("SELECT status, finished_at FROM jobs WHERE id = ?").get(e.job) as { status: JobStatus; finished_at: number | null } | undefined;
  const status = job ? runStatusAfterJobEnd(job.status) : null;
  return status ? { ...e, status, finished_at: e.finished_at ?? job?.finished_at ?? undefined } : e;
}

// A replayed "running" must not undo a "finished": statuses only move forward.
const STATUS_RANK: Record<string, number> = { pending: 0, running: 1, finished: 2, failed: 2, cancelled: 2 };
const ENDED = 2;

// A producer that does not say when its run started or ended (the reference experiment, whose events must be the
// same for the same seed; a plain HTTP producer) still gets a start and an end on the run page: the arrival of the
// event that first says "running", and of the one that first ends it. A time the producer sends always wins.
function startedAt(e: EventOf<"run">, now: number, previous: unknown): unknown {
  if (e.started_at !== undefined) return e.started_at;
  if (previous !== null && previous !== undefined) return previous;
  return STATUS_RANK[e.status] >= STATUS_RANK.running ? now : null;
}

function finishedAt(e: EventOf<"run">, now: number, status: string, previous: unknown): unknown {
  if (e.finished_at !== undefined) return e.finished_at;
  if (previous !== null && previous !== undefined) return previous;
  return STATUS_RANK[status] >= ENDED && STATUS_RANK[e.status] >= ENDED ? now : null;
}

export function applyRun(ctx: ApplyContext, e: EventOf<"run">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("jobs", e.job, "job");
  e = withEndedJob(ctx, e);
  const row = ctx.stmt("SELECT * FROM runs WHERE id = ?").get(e.id) as Record<string, unknown> | undefined;
  if (!row) {
    ctx.stmt(
      `INSERT INTO runs (id, experiment_id, name, kind, status, config, job_id, started_at, finished_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.id, e.experiment, orNull(e.name), e.kind, e.status, json(e.config), orNull(e.job),
      startedAt(e, ctx.now, null), finishedAt(e, ctx.now, e.status, null), ctx.now, ctx.now);
    return "applied";
  }
  if (row.experiment_id !== e.experiment) return ctx.conflict("experiment", `run "${e.id}" belongs to experiment "${row.experiment_id}"`);
  if (row.kind !== e.kind) return ctx.conflict("kind", `run "${e.id}" is of kind "${row.kind}"; the kind cannot change`);
  const status = STATUS_RANK[e.status] >= STATUS_RANK[row.status as string] ? e.status : (row.status as string);
  const next = {
    name: e.name ?? row.name,
    status,
    config: e.config === undefined ? row.config : JSON.stringify(e.config),
    job_id: e.job ?? row.job_id,
    started_at: startedAt(e, ctx.now, row.started_at),
    finished_at: finishedAt(e, ctx.now, status, row.finished_at),
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== row[k]);
  if (!changed) return "unchanged";
  ctx.stmt("UPDATE runs SET name = ?, status = ?, config = ?, job_id = ?, started_at = ?, finished_at = ?, updated_at = ? WHERE id = ?")
    .run(next.name, next.status, next.config, next.job_id, next.started_at, next.finished_at, ctx.now, e.id);
  return "applied";
}

// How the version arrived is recorded when it is first stored and never changes: a re-send (through any
// credential) is "unchanged" by its content hash, which does not include the arrival.
export function applyHarnessVersion(ctx: ApplyContext, e: EventOf<"harness_version">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("harness_versions", e.parent, "parent");
  const row = {
    experiment_id: e.experiment, label: e.label, parent_id: orNull(e.parent), origin: e.origin, origin_proposal_id: orNull(e.origin_proposal),
    description: orNull(e.description), arrived_via: ctx.arrivedVia,
  };
  return insertImmutableRow(ctx, "harness_versions", "harness version", e, row, () => {
    const blob = ctx.stmt("INSERT OR IGNORE INTO blobs (hash, size, content) VALUES (?, ?, ?)");
    const file = ctx.stmt("INSERT INTO harness_files (harness_version_id, path, blob_hash, kind, hook_position) VALUES (?, ?, ?, ?, ?)");
    for (const f of e.files) {
      const hash = createHash("sha256").update(f.content).digest("hex");
      blob.run(hash, Buffer.byteLength(f.content), f.content);
      file.run(e.id, f.path, hash, f.kind, orNull(f.hook_position));
    }
  });
}

export function applyCheckpoint(ctx: ApplyContext, e: EventOf<"checkpoint">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("runs", e.run, "run");
  return insertImmutableRow(ctx, "checkpoints", "checkpoint", e, {
    experiment_id: e.experiment, run_id: orNull(e.run), role: e.role, name: orNull(e.name), model: orNull(e.model), step: orNull(e.step),
    epoch: orNull(e.epoch), uri: orNull(e.uri), metadata: json(e.metadata),
  });
}

export function applyTask(ctx: ApplyContext, e: EventOf<"task">): ApplyStatus {
  const row = ctx.stmt("SELECT key, benchmark, title, metadata FROM tasks WHERE id = ?").get(e.id) as
    | { key: string; benchmark: string; title: string | null; metadata: string | null }
    | undefined;
  const hash = ctx.hash(e);
  if (!row) {
    const clash = ctx.stmt("SELECT id FROM tasks WHERE benchmark = ? AND key = ?").pluck().get(e.benchmark, e.key) as string | undefined;
    if (clash !== undefined) return ctx.conflict("key", `benchmark "${e.benchmark}" already has task "${e.key}" under id "${clash}"`);
    ctx.stmt("INSERT INTO tasks (id, key, benchmark, title, metadata, content_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(e.id, e.key, e.benchmark, orNull(e.title), json(e.metadata), hash, ctx.now);
    return "applied";
  }
  if (row.key !== e.key || row.benchmark !== e.benchmark) {
    return ctx.conflict("key", `task "${e.id}" is "${row.benchmark}/${row.key}"; key and benchmark cannot change`);
  }
  const title = e.title ?? row.title;
  const metadata = e.metadata === undefined ? row.metadata : json(e.metadata);
  if (title === row.title && metadata === row.metadata) return "unchanged";
  ctx.stmt("UPDATE tasks SET title = ?, metadata = ?, content_hash = ? WHERE id = ?").run(title, metadata, hash, e.id);
  return "applied";
}

export function applyMetrics(ctx: ApplyContext, e: EventOf<"metrics">): ApplyStatus {
  ctx.ref("runs", e.run, "run");
  const existing = ctx.stmt("SELECT value FROM metric_points WHERE run_id = ? AND key = ? AND step = ?");
  const insert = ctx.stmt("INSERT INTO metric_points (run_id, key, step, epoch, value, time) VALUES (?, ?, ?, ?, ?, ?)");
  let inserted = false;
  for (const [key, value] of Object.entries(e.values)) {
    const row = existing.get(e.run, key, e.step) as { value: number | null } | undefined;
    if (!row) {
      insert.run(e.run, key, e.step, orNull(e.epoch), value, e.time ?? ctx.now);
      inserted = true;
    } else if (row.value !== value) {
      ctx.conflict(`values.${key}`, `run "${e.run}" already has ${key} = ${row.value} at step ${e.step}; metric points are immutable`);
    }
  }
  return inserted ? "applied" : "unchanged";
}
