// The task page around listTaskRollouts (db/queries/task-rollouts.ts): the task itself and how its rollouts
// split by harness version and by checkpoint. The counts cover every stored rollout of the task, not only
// the rows the page lists, so a task rerun thousands of times still gets true totals.
import "server-only";
import type { Store } from "../client";
import { OUTCOME_SQL } from "../../lib/domain/outcome";

export interface TaskHeader {
  id: string;
  key: string;
  benchmark: string;
  title: string | null;
  rollouts: number;
}

export interface OutcomeCounts {
  rollouts: number;
  successes: number;
  failures: number;
  /** Reward never established: neither success nor failure (lib/domain/outcome.ts). */
  unknown: number;
  truncated: number;
}

export interface HarnessVersionTally extends OutcomeCounts {
  /** null: rollouts that name no harness version. */
  harnessVersionId: string | null;
  label: string | null;
  experimentId: string | null;
  experimentName: string | null;
}

export interface CheckpointTally extends OutcomeCounts {
  /** null: rollouts that name no checkpoint. */
  checkpointId: string | null;
  name: string | null;
  step: number | null;
  experimentId: string | null;
  experimentName: string | null;
}

export function getTask(store: Store, taskId: string): TaskHeader | null {
  const row = store.sqlite
    .prepare(
      `SELECT t.id, t.key, t.benchmark, t.title, (SELECT count(*) FROM rollouts r WHERE r.task_id = t.id) AS rollouts
         FROM tasks t WHERE t.id = ?`,
    )
    .get(taskId) as TaskHeader | undefined;
  return row ?? null;
}

const COUNTS = `count(*) AS rollouts,
  sum(CASE WHEN o.outcome = 'success' THEN 1 ELSE 0 END) AS successes,
  sum(CASE WHEN o.outcome = 'failure' THEN 1 ELSE 0 END) AS failures,
  sum(CASE WHEN o.outcome = 'unknown' THEN 1 ELSE 0 END) AS unknown,
  sum(o.truncated) AS truncated`;

/** The task's rollouts with their outcome by the one rule of lib/domain/outcome.ts. */
const WITH_OUTCOMES = `WITH o AS (
  SELECT r.*, ${OUTCOME_SQL} AS outcome FROM rollouts r WHERE r.task_id = @taskId
)`;

/** Successes / rollouts per harness version (H0 of one experiment is not H0 of another: ids, not labels). */
export function tallyTaskByHarnessVersion(store: Store, taskId: string): HarnessVersionTally[] {
  return store.sqlite
    .prepare(
      `${WITH_OUTCOMES}
       SELECT o.harness_version_id AS harnessVersionId, h.label, h.experiment_id AS experimentId, e.name AS experimentName, ${COUNTS}
         FROM o
         LEFT JOIN harness_versions h ON h.id = o.harness_version_id
         LEFT JOIN experiments e ON e.id = h.experiment_id
        GROUP BY o.harness_version_id
        ORDER BY o.harness_version_id IS NULL, e.name, h.created_at, h.label`,
    )
    .all({ taskId }) as HarnessVersionTally[];
}

/** Successes / rollouts per checkpoint, in training order where the checkpoint says its step. */
export function tallyTaskByCheckpoint(store: Store, taskId: string): CheckpointTally[] {
  return store.sqlite
    .prepare(
      `${WITH_OUTCOMES}
       SELECT o.checkpoint_id AS checkpointId, COALESCE(c.name, c.model) AS name, c.step, c.experiment_id AS experimentId,
              e.name AS experimentName, ${COUNTS}
         FROM o
         LEFT JOIN checkpoints c ON c.id = o.checkpoint_id
         LEFT JOIN experiments e ON e.id = c.experiment_id
        GROUP BY o.checkpoint_id
        ORDER BY o.checkpoint_id IS NULL, e.name, c.step IS NULL, c.step, c.created_at, o.checkpoint_id`,
    )
    .all({ taskId }) as CheckpointTally[];
}
