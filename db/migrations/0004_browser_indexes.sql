-- Indexes of the trajectory browser (db/queries/rollout-browser.ts): one per sortable column, led by experiment_id,
-- so a filtered, sorted page is an index walk that stops after one page; hook positions with their rollouts.
-- Why each one: the comments in db/schema/rollouts.ts. The tokens index is on an expression; drizzle-kit 0.31
-- quotes the parts of an expression as column names, so that statement was corrected by hand (the snapshot
-- records the expression correctly).
DROP INDEX `hook_events_position`;--> statement-breakpoint
CREATE INDEX `hook_events_position_rollout` ON `hook_events` (`position`,`rollout_id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_created` ON `rollouts` (`experiment_id`,`created_at`,`id`,`success`,`reward`,`purpose`,`run_id`,`epoch`,`step`,`truncated`,`num_turns`,`harness_version_id`,`checkpoint_id`,`exit_status`,`task_id`,`prompt_tokens`,`completion_tokens`,`cost_usd`,`duration_ms`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_outcome` ON `rollouts` (`experiment_id`,`success`,`reward`,`id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_turns` ON `rollouts` (`experiment_id`,`num_turns`,`id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_step` ON `rollouts` (`experiment_id`,`step`,`id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_tokens` ON `rollouts` (`experiment_id`,coalesce("prompt_tokens" + "completion_tokens", "prompt_tokens", "completion_tokens"),`id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_cost` ON `rollouts` (`experiment_id`,`cost_usd`,`id`);--> statement-breakpoint
CREATE INDEX `rollouts_browse_duration` ON `rollouts` (`experiment_id`,`duration_ms`,`id`);