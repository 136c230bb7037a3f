// The experiment's structure as events: the experiment, its runs, checkpoints, harness versions (every file
// with its content from the blobs), the tasks it uses, its metric points and its imported source files.
import "server-only";
import type Database from "better-sqlite3";
import type { EventInput } from "./event-types";
import { opt, parentsFirst, parsed, rowsOf, type Row } from "./rows";

export function experimentEvent(sqlite: Database.Database, id: string): EventInput<"experiment"> | undefined {
  const row = sqlite.prepare("SELECT * FROM experiments WHERE id = ?").get(id) as Row | undefined;
  if (!row) return undefined;
  return {
    type: "experiment", id, name: row.name as string, method: row.method as EventInput<"experiment">["method"],
    description: opt(row.description as string | null), config: parsed(row.config), created_at: row.created_at as number,
  };
}

/**
 * Runs in their final state. The job a run came from is left out on purpose: jobs are local to a store
 * (a launch on this machine's cluster), and the target store would refuse a reference to a job it lacks.
 */
export function* runEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"run">> {
  for (const r of rowsOf(sqlite, "SELECT * FROM runs WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "run", id: r.id as string, experiment, kind: r.kind as EventInput<"run">["kind"], status: r.status as EventInput<"run">["status"],
      name: opt(r.name as string | null), config: parsed(r.config),
      started_at: opt(r.started_at as number | null), finished_at: opt(r.finished_at as number | null),
    };
  }
}

export function* checkpointEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"checkpoint">> {
  for (const c of rowsOf(sqlite, "SELECT * FROM checkpoints WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "checkpoint", id: c.id as string, experiment, run: opt(c.run_id as string | null), role: c.role as EventInput<"checkpoint">["role"],
      name: opt(c.name as string | null), model: opt(c.model as string | null), step: opt(c.step as number | null),
      epoch: opt(c.epoch as number | null), uri: opt(c.uri as string | null), metadata: parsed(c.metadata),
    };
  }
}

/** Every harness version, parents first; files in the order they were sent (rowid), which the content hash depends on. */
export function* harnessVersionEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"harness_version">> {
  const list = sqlite.prepare("SELECT id, parent_id AS parent FROM harness_versions WHERE experiment_id = ? ORDER BY rowid").all(experiment) as Array<{ id: string; parent: string | null }>;
  const version = sqlite.prepare("SELECT * FROM harness_versions WHERE id = ?");
  const files = sqlite.prepare(
    `SELECT f.path, f.kind, f.hook_position, b.content FROM harness_files f JOIN blobs b ON b.hash = f.blob_hash
     WHERE f.harness_version_id = ? ORDER BY f.rowid`,
  );
  for (const { id } of parentsFirst(list)) {
    const v = version.get(id) as Row;
    yield {
      type: "harness_version", id, experiment, label: v.label as string, parent: opt(v.parent_id as string | null),
      origin: v.origin as EventInput<"harness_version">["origin"], origin_proposal: opt(v.origin_proposal_id as string | null),
      description: opt(v.description as string | null),
      files: (files.all(id) as Row[]).map((f) => ({
        path: f.path as string, content: f.content as string, kind: f.kind as EventInput<"harness_version">["files"][number]["kind"],
        hook_position: opt(f.hook_position as EventInput<"harness_version">["files"][number]["hook_position"] | null),
      })),
    };
  }
}

/** Tasks are global; the ones this experiment's rollouts, skills and evaluations point at travel with it. */
export function* taskEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"task">> {
  const sql = `SELECT * FROM tasks WHERE id IN (
      SELECT task_id FROM rollouts WHERE experiment_id = @e
      UNION SELECT task_id FROM skills WHERE experiment_id = @e AND task_id IS NOT NULL
      UNION SELECT r.task_id FROM eval_results r JOIN eval_runs e ON e.id = r.eval_run_id WHERE e.experiment_id = @e)
    ORDER BY rowid`;
  for (const t of rowsOf(sqlite, sql, { e: experiment })) {
    yield {
      type: "task", id: t.id as string, key: t.key as string, benchmark: t.benchmark as string,
      title: opt(t.title as string | null), metadata: parsed(t.metadata),
    };
  }
}

/**
 * Metric points, one event per (run, step, epoch, time): the points a trainer sent together. Each point keeps
 * its time, so the target does not stamp it with the time of the import.
 */
export function* metricsEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"metrics">> {
  const runs = sqlite.prepare("SELECT id FROM runs WHERE experiment_id = ? ORDER BY rowid").pluck().all(experiment) as string[];
  for (const run of runs) {
    let current: (EventInput<"metrics"> & { values: Record<string, number | null> }) | undefined;
    const points = rowsOf<{ key: string; step: number; epoch: number | null; value: number | null; time: number | null }>(
      sqlite, "SELECT key, step, epoch, value, time FROM metric_points WHERE run_id = ? ORDER BY step, epoch, time, key", run,
    );
    for (const p of points) {
      const epoch = opt(p.epoch);
      const time = opt(p.time);
      if (!current || current.step !== p.step || current.epoch !== epoch || current.time !== time) {
        if (current) yield current;
        current = { type: "metrics", run, step: p.step, epoch, time, values: {} };
      }
      current.values[p.key] = p.value;
    }
    if (current) yield current;
  }
}

export function* sourceFileEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"source_file">> {
  const sql = `SELECT s.id, s.name, s.format, s.encoding, b.content FROM source_files s JOIN blobs b ON b.hash = s.blob_hash
    WHERE s.experiment_id = ? ORDER BY s.rowid`;
  for (const s of rowsOf(sqlite, sql, experiment)) {
    yield {
      type: "source_file", id: s.id as string, experiment, name: s.name as string, format: s.format as string,
      encoding: s.encoding as "utf8" | "base64", content: s.content as string,
    };
  }
}
