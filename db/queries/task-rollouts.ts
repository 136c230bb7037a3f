// Every rollout of one task across runs, harness versions and checkpoints: the task page and the
// viewer's "compare with…" list.
import "server-only";
import type { Store } from "../client";
import { decodeRolloutRow, ROLLOUT_ROW_COLUMNS, ROLLOUT_ROW_JOINS, type RolloutRow, type Stored } from "./rollout-row";

/** A row of a task's rollouts: the one rollout projection. */
export type TaskRolloutRow = RolloutRow;

/** Newest first; bounded because a task rerun thousands of times still needs a usable page. */
export function listTaskRollouts(store: Store, taskId: string, limit = 500): TaskRolloutRow[] {
  const rows = store.sqlite.prepare(
    `SELECT ${ROLLOUT_ROW_COLUMNS}
       ${ROLLOUT_ROW_JOINS}
      WHERE r.task_id = ?
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ?`,
  ).all(taskId, limit) as Array<Stored<RolloutRow>>;
  return rows.map(decodeRolloutRow);
}
