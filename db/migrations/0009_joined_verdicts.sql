ALTER TABLE `rollouts` ADD `outcome_eval_run_id` text;--> statement-breakpoint
ALTER TABLE `eval_runs` ADD `joins_rollouts` integer DEFAULT false NOT NULL;