// The evaluation cells of one or several experiments: every (experiment, checkpoint, harness version,
// benchmark) evaluated, with each task's successes and attempts summed over the repeats in SQL (eval_results ⨝
// eval_runs), the repeats seen, the runs that carry only `reported` summary numbers, and the labels the matrix
// shows. The statistics are computed from this in lib/results (pass@1 with its interval over tasks, Δ, flips).
import "server-only";
import type { Store } from "../client";
import { getIncumbent } from "./harness-incumbent";
import type { CellRef } from "../../lib/results/cell-key";
import { cellKey } from "../../lib/results/cell-key";
import { filesKey, type NamingFileRow } from "../../lib/domain/harness-naming";
import type { CellTask } from "../../lib/results/task-flips";
import type { TaskAttempts } from "../../lib/results/pass-at-1";
import type {
  CheckpointLabel, EvalCellSource, EvalMatrixSource, ExperimentLabel, HarnessLabel,
} from "../../lib/results/matrix-source";

/** SQLite's default limit on host parameters is far above this; the page never asks for more experiments. */
export const MAX_MATRIX_EXPERIMENTS = 50;

interface RunRow {
  id: string;
  experimentId: string;
  checkpointId: string | null;
  harnessVersionId: string | null;
  benchmark: string;
  repeat: number;
  ord: number;
  reported: string | null;
  hasResults: number;
}

function experimentLabels(store: Store, ids: readonly string[]): { found: ExperimentLabel[]; missing: string[] } {
  const get = store.sqlite.prepare("SELECT id, name, method FROM experiments WHERE id = ?");
  const standIns = store.sqlite.prepare("SELECT id FROM harness_versions WHERE experiment_id = ? AND origin_proposal_id = ? ORDER BY rowid").pluck();
  const found: ExperimentLabel[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const row = get.get(id) as { id: string; name: string; method: string } | undefined;
    if (!row) {
      missing.push(id);
      continue;
    }
    const incumbent = getIncumbent(store, id);
    const incumbentVersionIds = incumbent ? [incumbent.harnessVersionId] : [];
    if (incumbent?.proposalId) {
      for (const v of standIns.all(id, incumbent.proposalId) as string[]) if (v !== incumbent.harnessVersionId) incumbentVersionIds.push(v);
    }
    // Named by its own label, as every page names the incumbent (lib/domain/harness-naming.ts); the promotion
    // order's "H1" may be another version's label.
    found.push({ ...row, incumbentVersionIds, incumbentLabel: incumbent?.versionLabel ?? null });
  }
  return { found, missing };
}

/**
 * "id\x1e successes \x1e attempts \x1f id …" → tasks. Read by index rather than split(): 90,000 entries per
 * page in the bench, and the intermediate arrays and number strings of split() were most of the parsing time.
 */
function unpackTaskSums(packed: string, into: TaskAttempts[]): void {
  let at = 0;
  while (at < packed.length) {
    const idEnd = packed.indexOf("\x1e", at);
    let i = idEnd + 1;
    let successes = 0;
    for (let c = packed.charCodeAt(i); c !== 0x1e; c = packed.charCodeAt(++i)) successes = successes * 10 + c - 48;
    i += 1;
    let attempts = 0;
    for (let c = packed.charCodeAt(i); c >= 48 && c <= 57; c = packed.charCodeAt(++i)) attempts = attempts * 10 + c - 48;
    into.push({ taskId: packed.slice(at, idEnd), successes, attempts });
    at = i + 1;
  }
}

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export function getEvalMatrixSource(store: Store, experimentIds: readonly string[]): EvalMatrixSource {
  const ids = [...new Set(experimentIds)].slice(0, MAX_MATRIX_EXPERIMENTS);
  const { found, missing } = experimentLabels(store, ids);
  const expIds = found.map((e) => e.id);
  if (expIds.length === 0) return { experiments: found, missingExperiments: missing, checkpoints: [], harnessVersions: [], cells: [] };
  const inList = `(${placeholders(expIds.length)})`;
  const db = store.sqlite;

  const checkpoints = db.prepare(
    `SELECT id, experiment_id AS experimentId, name, step, epoch, role, rowid AS "order"
       FROM checkpoints WHERE experiment_id IN ${inList} ORDER BY rowid`,
  ).all(...expIds) as CheckpointLabel[];
  const harnessVersions = db.prepare(
    `SELECT id, experiment_id AS experimentId, label, origin, rowid AS "order"
       FROM harness_versions WHERE experiment_id IN ${inList} ORDER BY rowid`,
  ).all(...expIds) as HarnessLabel[];
  // Each version's files identity, so the matrix shows versions holding the same files once (matrix-identity.ts).
  const files = new Map<string, NamingFileRow[]>();
  for (const f of db.prepare(
    `SELECT f.harness_version_id AS versionId, f.path, f.blob_hash AS blobHash, f.kind, f.hook_position AS hookPosition
       FROM harness_files f JOIN harness_versions v ON v.id = f.harness_version_id WHERE v.experiment_id IN ${inList}`,
  ).all(...expIds) as NamingFileRow[]) {
    const list = files.get(f.versionId);
    if (list) list.push(f);
    else files.set(f.versionId, [f]);
  }
  for (const h of harnessVersions) h.filesKey = filesKey(files.get(h.id) ?? []);

  // One row per eval run (hundreds at most): which cell it belongs to and whether it has per-task results.
  const runs = db.prepare(
    `SELECT er.id, er.experiment_id AS experimentId, er.checkpoint_id AS checkpointId, er.harness_version_id AS harnessVersionId,
            er.benchmark, er.repeat_index AS repeat, er.rowid AS ord, er.reported,
            EXISTS (SELECT 1 FROM eval_results r WHERE r.eval_run_id = er.id) AS hasResults
       FROM eval_runs er WHERE er.experiment_id IN ${inList} ORDER BY er.rowid`,
  ).all(...expIds) as RunRow[];

  const cells = new Map<string, EvalCellSource>();
  const repeatSets = new Map<string, Set<number>>();
  const resultRuns = new Map<string, string[]>();
  for (const r of runs) {
    const key = cellKey(r);
    let cell = cells.get(key);
    if (!cell) {
      cell = {
        experimentId: r.experimentId, checkpointId: r.checkpointId, harnessVersionId: r.harnessVersionId, benchmark: r.benchmark,
        repeats: [], evalRuns: 0, tasks: [], summaryOnly: [], firstOrder: r.ord, lastOrder: r.ord,
      };
      cells.set(key, cell);
      repeatSets.set(key, new Set());
      resultRuns.set(key, []);
    }
    cell.lastOrder = r.ord;
    if (r.hasResults) {
      cell.evalRuns += 1;
      repeatSets.get(key)!.add(r.repeat);
      resultRuns.get(key)!.push(r.id);
    } else if (r.reported) {
      cell.summaryOnly.push({ evalRunId: r.id, repeat: r.repeat, reported: JSON.parse(r.reported) as Record<string, number> });
    }
  }
  for (const [key, set] of repeatSets) cells.get(key)!.repeats = [...set].sort((a, b) => a - b);

  // The per-task sums over repeats, grouped in SQL one cell at a time (a few thousand rows each, so the sort
  // stays in cache; one GROUP BY over all 270,000 results of the bench took twice as long), and handed over as
  // one packed text per cell: crossing into JS row by row cost more than the grouping itself. Ids hold no
  // control characters (lib/events/primitives.ts), so \x1e and \x1f cannot occur inside a task id.
  const perCell = db.prepare(
    `SELECT group_concat(task_id || char(30) || s || char(30) || n, char(31))
       FROM (SELECT r.task_id, SUM(r.success) AS s, COUNT(*) AS n
               FROM eval_results r WHERE r.eval_run_id IN (SELECT value FROM json_each(?))
              GROUP BY r.task_id)`,
  ).pluck();
  for (const [key, ids] of resultRuns) {
    const packed = perCell.get(JSON.stringify(ids)) as string | null;
    if (!packed) continue;
    unpackTaskSums(packed, cells.get(key)!.tasks);
  }
  return { experiments: found, missingExperiments: missing, checkpoints, harnessVersions, cells: [...cells.values()] };
}

/** Every attempt of one cell, per task, with the trajectory each repeat produced: the input of the flips. */
export function listEvalCellTasks(store: Store, cell: CellRef): CellTask[] {
  const rows = store.sqlite.prepare(
    `SELECT r.task_id AS taskId, t.key, t.title, er.repeat_index AS repeat, r.success, r.rollout_id AS rolloutId
       FROM eval_runs er
       JOIN eval_results r ON r.eval_run_id = er.id
       JOIN tasks t ON t.id = r.task_id
      WHERE er.experiment_id = ? AND er.checkpoint_id IS ? AND er.harness_version_id IS ? AND er.benchmark = ?
      ORDER BY r.task_id, er.repeat_index, er.rowid`,
  ).all(cell.experimentId, cell.checkpointId, cell.harnessVersionId, cell.benchmark) as Array<{
    taskId: string; key: string; title: string | null; repeat: number; success: number; rolloutId: string | null;
  }>;
  const tasks: CellTask[] = [];
  for (const r of rows) {
    let t = tasks.at(-1);
    if (!t || t.taskId !== r.taskId) {
      t = { taskId: r.taskId, key: r.key, title: r.title, successes: 0, attempts: 0, runs: [] };
      tasks.push(t);
    }
    t.attempts += 1;
    if (r.success) t.successes += 1;
    t.runs.push({ repeat: r.repeat, success: r.success === 1, rolloutId: r.rolloutId });
  }
  return tasks;
}

export interface ExperimentEvalCount {
  id: string;
  name: string;
  method: string;
  /** Eval runs with per-task results or reported numbers. */
  evalRuns: number;
}

/** Every experiment with how many eval runs it holds, oldest first: the choices of the cross-experiment matrix. */
export function listExperimentEvalCounts(store: Store): ExperimentEvalCount[] {
  return store.sqlite.prepare(
    `SELECT e.id, e.name, e.method, (SELECT COUNT(*) FROM eval_runs er WHERE er.experiment_id = e.id) AS evalRuns
       FROM experiments e ORDER BY e.created_at, e.rowid`,
  ).all() as ExperimentEvalCount[];
}
