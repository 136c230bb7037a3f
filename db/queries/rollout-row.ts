// The one projection of a rollout row: the columns every list and page of rollouts reads (with its experiment's,
// run's, task's, harness version's and checkpoint's names), their joins, and the decoding of SQLite's 0/1 into
// booleans. The trajectory browser, the viewer's header and a GRPO group's table extend it rather than each
// writing the same forty lines of SQL again.
import "server-only";

export interface RolloutRow {
  id: string;
  experimentId: string;
  experimentName: string;
  runId: string;
  runName: string | null;
  taskId: string;
  taskKey: string;
  benchmark: string;
  harnessVersionId: string | null;
  harnessLabel: string | null;
  checkpointId: string | null;
  checkpointName: string | null;
  purpose: string;
  epoch: number | null;
  step: number | null;
  groupId: string | null;
  sampleIndex: number | null;
  reward: number | null;
  success: boolean;
  exitStatus: string | null;
  truncated: boolean;
  truncationKind: string | null;
  numTurns: number;
  promptTokens: number | null;
  completionTokens: number | null;
  costUsd: number | null;
  durationMs: number | null;
  sourceFormat: string;
  startedAt: number | null;
  createdAt: number;
}

/** A row as SQLite returns it: the booleans still 0/1. */
export type Stored<T extends { success: boolean; truncated: boolean }> = Omit<T, "success" | "truncated"> & { success: number; truncated: number };

/** The columns of RolloutRow, over `rollouts r` and the joins of ROLLOUT_ROW_JOINS. */
export const ROLLOUT_ROW_COLUMNS = `r.id, r.experiment_id AS experimentId, e.name AS experimentName, r.run_id AS runId, ru.name AS runName,
            r.task_id AS taskId, t.key AS taskKey, t.benchmark, r.harness_version_id AS harnessVersionId, h.label AS harnessLabel,
            r.checkpoint_id AS checkpointId, COALESCE(c.name, c.model) AS checkpointName, r.purpose, r.epoch, r.step,
            r.group_id AS groupId, r.sample_index AS sampleIndex, r.reward, r.success, r.exit_status AS exitStatus, r.truncated,
            r.truncation_kind AS truncationKind, r.num_turns AS numTurns, r.prompt_tokens AS promptTokens,
            r.completion_tokens AS completionTokens, r.cost_usd AS costUsd, r.duration_ms AS durationMs,
            r.source_format AS sourceFormat, r.started_at AS startedAt, r.created_at AS createdAt`;

export const ROLLOUT_ROW_JOINS = `FROM rollouts r
       JOIN experiments e ON e.id = r.experiment_id
       JOIN runs ru ON ru.id = r.run_id
       JOIN tasks t ON t.id = r.task_id
       LEFT JOIN harness_versions h ON h.id = r.harness_version_id
       LEFT JOIN checkpoints c ON c.id = r.checkpoint_id`;

/** SQLite's 0/1 as the booleans they are. */
export function decodeRolloutRow<T extends { success: number; truncated: number }>(row: T): Omit<T, "success" | "truncated"> & { success: boolean; truncated: boolean } {
  return { ...row, success: row.success === 1, truncated: row.truncated === 1 };
}

/** One stored rollout as the training-rate computation (computeTrainingRates) reads it, in the GRPO group `groupKey`. */
export function rateInputOf(row: { success: number; reward: number | null; truncated: number }, groupKey: string | null) {
  return { groupKey, success: row.success === 1, reward: row.reward, truncated: row.truncated === 1 };
}
