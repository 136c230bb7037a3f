// What an evaluation run measured: its evaluations grouped into matrix cells (checkpoint × harness version ×
// benchmark, the repeats together), each with pass@1 and its interval over tasks as the matrix computes them
// (lib/results/pass-at-1.ts), or the pass@1 its evaluator reported when it sent no per-task results.
import "server-only";
import type { Store } from "../client";
import type { CellRef } from "../../lib/results/cell-key";
import { passAt1, type PassAt1, type TaskAttempts } from "../../lib/results/pass-at-1";
import { reportedPassAt1 } from "../../lib/results/eval-matrix";

export interface RunEvaluationCell extends CellRef {
  checkpointName: string | null;
  harnessLabel: string | null;
  repeats: number;
  passAt1: PassAt1 | null;
  /** Mean of the reported pass@1 of the evaluations that sent no per-task results; null when none did. */
  reportedPassAt1: number | null;
}

interface Row {
  id: string;
  experimentId: string;
  checkpointId: string | null;
  checkpointName: string | null;
  harnessVersionId: string | null;
  harnessLabel: string | null;
  benchmark: string;
  reported: string | null;
}

export function listRunEvaluations(store: Store, runId: string): RunEvaluationCell[] {
  const runs = store.sqlite.prepare(
    `SELECT e.id, e.experiment_id AS experimentId, e.checkpoint_id AS checkpointId, coalesce(c.name, c.id) AS checkpointName,
            e.harness_version_id AS harnessVersionId, h.label AS harnessLabel, e.benchmark, e.reported
       FROM eval_runs e LEFT JOIN checkpoints c ON c.id = e.checkpoint_id LEFT JOIN harness_versions h ON h.id = e.harness_version_id
      WHERE e.run_id = ? ORDER BY e.benchmark, c.step, e.checkpoint_id, e.harness_version_id, e.repeat_index`,
  ).all(runId) as Row[];
  const results = store.sqlite.prepare("SELECT task_id AS taskId, success FROM eval_results WHERE eval_run_id = ?");
  const cells = new Map<string, { row: Row; repeats: number; tasks: Map<string, TaskAttempts>; reported: number[] }>();
  for (const row of runs) {
    const key = JSON.stringify([row.checkpointId, row.harnessVersionId, row.benchmark]);
    const cell = cells.get(key) ?? { row, repeats: 0, tasks: new Map<string, TaskAttempts>(), reported: [] as number[] };
    cells.set(key, cell);
    cell.repeats++;
    const rows = results.all(row.id) as Array<{ taskId: string; success: number }>;
    for (const r of rows) {
      const t = cell.tasks.get(r.taskId) ?? { taskId: r.taskId, successes: 0, attempts: 0 };
      t.attempts++;
      if (r.success === 1) t.successes++;
      cell.tasks.set(r.taskId, t);
    }
    if (rows.length === 0 && row.reported) {
      const reported = reportedPassAt1(JSON.parse(row.reported) as Record<string, number>);
      if (reported !== null) cell.reported.push(reported);
    }
  }
  return [...cells.values()].map(({ row, repeats, tasks, reported }) => ({
    experimentId: row.experimentId, checkpointId: row.checkpointId, harnessVersionId: row.harnessVersionId, benchmark: row.benchmark,
    checkpointName: row.checkpointName, harnessLabel: row.harnessLabel, repeats,
    passAt1: tasks.size > 0 ? passAt1([...tasks.values()]) : null,
    reportedPassAt1: reported.length > 0 ? reported.reduce((a, b) => a + b, 0) / reported.length : null,
  }));
}
