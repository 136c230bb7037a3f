// What the Harness-R1 views are computed from, for one experiment: its harness versions with their files (path,
// content hash, hook position — never the contents), its checkpoints, its evaluation cells (checkpoint × version
// × benchmark) as per-task successes and attempts summed over repeats, and the engineer runs' reward curves.
// Evaluations without a checkpoint or a version, or with only reported numbers, cannot be placed or paired and
// are left out. Same-batch records share created_at, so rowid (insertion order) breaks the tie: "creation order".
import "server-only";
import type { Store } from "../client";
import type { HookPosition } from "../../lib/domain/vocabulary";
import type { CheckpointInfo, EvalCell, VersionFiles } from "../../lib/harness-r1/types";
import { ENGINEER_REWARD_KEY } from "../../lib/harness-r1/engineer-curve";


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
  cells: EvalCell[];
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

  const cellRows = db
    .prepare(
      `SELECT r.checkpoint_id AS checkpointId, r.harness_version_id AS versionId, r.benchmark, x.task_id AS taskId,
              SUM(x.success) AS successes, COUNT(*) AS attempts
       FROM eval_runs r JOIN eval_results x ON x.eval_run_id = r.id
       WHERE r.experiment_id = ? AND r.checkpoint_id IS NOT NULL AND r.harness_version_id IS NOT NULL
       GROUP BY r.checkpoint_id, r.harness_version_id, r.benchmark, x.task_id
       ORDER BY r.checkpoint_id, r.harness_version_id, r.benchmark, x.task_id`,
    )
    .all(experimentId) as Array<{ checkpointId: string; versionId: string; benchmark: string; taskId: string; successes: number; attempts: number }>;
  const cells: EvalCell[] = [];
  let current: EvalCell | null = null;
  for (const row of cellRows) {
    if (!current || current.checkpointId !== row.checkpointId || current.versionId !== row.versionId || current.benchmark !== row.benchmark) {
      current = { checkpointId: row.checkpointId, versionId: row.versionId, benchmark: row.benchmark, tasks: [] };
      cells.push(current);
    }
    current.tasks.push({ taskId: row.taskId, successes: row.successes, attempts: row.attempts });
  }

  const runs = db
    .prepare("SELECT id AS runId, name, status FROM runs WHERE experiment_id = ? AND kind = 'engineer' ORDER BY created_at, rowid")
    .all(experimentId) as Array<Omit<EngineerCurve, "points">>;
  const points = db.prepare("SELECT step, epoch, value FROM metric_points WHERE run_id = ? AND key = ? ORDER BY step");
  const engineerRuns = runs.map((run) => ({ ...run, points: points.all(run.runId, ENGINEER_REWARD_KEY) as EngineerCurve["points"] }));

  return { versions, checkpoints, cells, engineerRuns };
}
