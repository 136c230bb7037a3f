// What the Harness-R1 views are computed from, for one experiment: its harness versions with their files (path,
// content hash, hook position — never the contents), its checkpoints, its evaluation cells (checkpoint × version
// × benchmark) with their runs, and the engineer runs' reward curves; then, for the few cells a page shows, their
// per-task successes and attempts summed over repeats (loadEvalCells). Reading every result of an experiment with
// 20 targets × 6 versions × 3 benchmarks × 3 repeats × 500 tasks would take seconds; the page needs a fraction.
// Evaluations without a checkpoint or a version, or with only reported numbers, cannot be placed or paired and
// are left out. Same-batch records share created_at, so rowid (insertion order) breaks the tie: "creation order".
import "server-only";
import type { Store } from "../client";
import type { HookPosition } from "../../lib/domain/vocabulary";
import { cellKey, type CellKey, type CellRef, type CheckpointInfo, type EvalCell, type VersionFiles } from "../../lib/harness-r1/types";
import { ENGINEER_REWARD_KEY } from "../../lib/harness-r1/engineer-curve";
import type { TaskAttempts } from "../../lib/results/pass-at-1";


export interface HarnessR1Version extends VersionFiles {
  origin: string;
  createdAt: number;
}

export interface EngineerCurve {
  runId: string;
  name: string | null;
  status: string;
  points: Array<{ step: number; epoch: number | null; value: number | null }>;
}

export interface HarnessR1Data {
  /** In creation order. */
  versions: HarnessR1Version[];
  /** In creation order. */
  checkpoints: CheckpointInfo[];
  /** Evaluation cells with their runs (repeats), results not read yet. */
  cells: CellRef[];
  engineerRuns: EngineerCurve[];
}

export function getHarnessR1Data(store: Store, experimentId: string): HarnessR1Data {
  const db = store.sqlite;
  const versionRows = db
    .prepare("SELECT id, label, parent_id AS parentId, origin, created_at AS createdAt FROM harness_versions WHERE experiment_id = ? ORDER BY created_at, rowid")
    .all(experimentId) as Array<Omit<HarnessR1Version, "files">>;
  const fileRows = db
    .prepare(
      `SELECT f.harness_version_id AS versionId, f.path, f.blob_hash AS hash, f.hook_position AS hookPosition
       FROM harness_files f JOIN harness_versions v ON v.id = f.harness_version_id
       WHERE v.experiment_id = ? ORDER BY f.harness_version_id, f.path`,
    )
    .all(experimentId) as Array<{ versionId: string; path: string; hash: string; hookPosition: HookPosition | null }>;
  const files = new Map<string, HarnessR1Version["files"]>();
  for (const { versionId, ...file } of fileRows) files.set(versionId, [...(files.get(versionId) ?? []), file]);
  const versions = versionRows.map((v) => ({ ...v, files: files.get(v.id) ?? [] }));

  const checkpoints = db
    .prepare("SELECT id, name, model, role FROM checkpoints WHERE experiment_id = ? ORDER BY created_at, rowid")
    .all(experimentId) as CheckpointInfo[];

  // Cells from the eval runs alone: which repeats each holds. Results are read per cell by loadEvalCells.
  const runRows = db
    .prepare(
      `SELECT id, checkpoint_id AS checkpointId, harness_version_id AS versionId, benchmark FROM eval_runs
       WHERE experiment_id = ? AND checkpoint_id IS NOT NULL AND harness_version_id IS NOT NULL ORDER BY rowid`,
    )
    .all(experimentId) as Array<CellKey & { id: string }>;
  const byCell = new Map<string, CellRef>();
  for (const { id, ...key } of runRows) {
    const cell = byCell.get(cellKey(key));
    if (cell) cell.runIds.push(id);
    else byCell.set(cellKey(key), { ...key, runIds: [id] });
  }
  const cells = [...byCell.values()];

  const runs = db
    .prepare("SELECT id AS runId, name, status FROM runs WHERE experiment_id = ? AND kind = 'engineer' ORDER BY created_at, rowid")
    .all(experimentId) as Array<Omit<EngineerCurve, "points">>;
  const points = db.prepare("SELECT step, epoch, value FROM metric_points WHERE run_id = ? AND key = ? ORDER BY step");
  const engineerRuns = runs.map((run) => ({ ...run, points: points.all(run.runId, ENGINEER_REWARD_KEY) as EngineerCurve["points"] }));

  return { versions, checkpoints, cells, engineerRuns };
}

/** Ids are printable (lib/events/primitives.ts: no control characters), so U+001F can separate them. */
const SEPARATOR = "\u001f";

/** Per-task successes and attempts of each cell, summed over its runs; tasks in first-seen order. */
export function loadEvalCells(store: Store, cells: readonly CellRef[]): EvalCell[] {
  // One row per run, "1task-a␟0task-b␟…": the primary key (eval_run_id, task_id) finds one run's results without
  // touching another's, and one string per run instead of one row object per result is ~3× faster at 180,000
  // results (programs/bench/harness-r1-bench.ts).
  const results = store.sqlite
    .prepare("SELECT group_concat((success != 0) || task_id, char(31)) FROM eval_results WHERE eval_run_id = ?")
    .pluck();
  return cells.map((cell) => {
    const tasks = new Map<string, TaskAttempts>();
    for (const runId of cell.runIds) {
      const joined = results.get(runId) as string | null;
      if (!joined) continue;
      for (const item of joined.split(SEPARATOR)) {
        const taskId = item.slice(1);
        const success = item.charCodeAt(0) === 49 ? 1 : 0; // "1"
        const t = tasks.get(taskId);
        if (t) {
          t.successes += success;
          t.attempts += 1;
        } else tasks.set(taskId, { taskId, successes: success, attempts: 1 });
      }
    }
    return { checkpointId: cell.checkpointId, versionId: cell.versionId, benchmark: cell.benchmark, tasks: [...tasks.values()] };
  });
}
