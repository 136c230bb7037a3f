// Every rollout of one task across runs, harness versions and checkpoints: the task page and the
// viewer's "compare with…" list.
import "server-only";
import type { Store } from "../client";

export interface TaskRolloutRow {
  id: string;
  experimentId: string;
  experimentName: string;
  runId: string;
  runName: string | null;
  purpose: string;
  epoch: number | null;
  step: number | null;
  groupId: string | null;
  harnessVersionId: string | null;
  harnessLabel: string | null;
  checkpointId: string | null;
  checkpointName: string | null;
  success: boolean;
  reward: number | null;
  exitStatus: string | null;
  truncated: boolean;
  numTurns: number;
  createdAt: number;
}

/** Newest first; bounded because a task rerun thousands of times still needs a usable page. */
export function listTaskRollouts(store: Store, taskId: string, limit = 500): TaskRolloutRow[] {
  const rows = store.sqlite.prepare(
    `SELECT r.id, r.experiment_id AS experimentId, e.name AS experimentName, r.run_id AS runId, ru.name AS runName,
            r.purpose, r.epoch, r.step, r.group_id AS groupId, r.harness_version_id AS harnessVersionId, h.label AS harnessLabel,
            r.checkpoint_id AS checkpointId, COALESCE(c.name, c.model) AS checkpointName, r.success, r.reward,
            r.exit_status AS exitStatus, r.truncated, r.num_turns AS numTurns, r.created_at AS createdAt
       FROM rollouts r
       JOIN experiments e ON e.id = r.experiment_id
       JOIN runs ru ON ru.id = r.run_id
       LEFT JOIN harness_versions h ON h.id = r.harness_version_id
       LEFT JOIN checkpoints c ON c.id = r.checkpoint_id
      WHERE r.task_id = ?
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ?`,
  ).all(taskId, limit) as Array<Omit<TaskRolloutRow, "success" | "truncated"> & { success: number; truncated: number }>;
  return rows.map((r) => ({ ...r, success: r.success === 1, truncated: r.truncated === 1 }));
}
