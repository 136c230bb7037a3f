-- Issue 19: the experiment overview counted the tasks an experiment touched with count(DISTINCT task_id) over
-- every rollout of the experiment (34 ms at 80,000 rollouts, growing with them). With the task index extended
-- by the experiment, the count is one index probe per task (db/queries/experiments.ts). The index keeps its
-- name and its leading column, so the trajectory browser's task filter (INDEXED BY rollouts_task) reads it as
-- before, and ingestion writes as many index entries per rollout as before.
DROP INDEX `rollouts_task`;--> statement-breakpoint
CREATE INDEX `rollouts_task` ON `rollouts` (`task_id`,`experiment_id`);
