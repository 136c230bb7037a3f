CREATE TABLE `blobs` (
	`hash` text PRIMARY KEY NOT NULL,
	`size` integer NOT NULL,
	`content` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `checkpoints` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`run_id` text,
	`role` text NOT NULL,
	`name` text,
	`model` text,
	`step` integer,
	`epoch` integer,
	`uri` text,
	`metadata` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `checkpoints_experiment` ON `checkpoints` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `experiments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`method` text NOT NULL,
	`description` text,
	`config` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `harness_files` (
	`harness_version_id` text NOT NULL,
	`path` text NOT NULL,
	`blob_hash` text NOT NULL,
	`kind` text NOT NULL,
	`hook_position` text,
	PRIMARY KEY(`harness_version_id`, `path`),
	FOREIGN KEY (`harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`blob_hash`) REFERENCES `blobs`(`hash`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `harness_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`label` text NOT NULL,
	`parent_id` text,
	`origin` text NOT NULL,
	`origin_proposal_id` text,
	`description` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parent_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `harness_versions_experiment` ON `harness_versions` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `metric_points` (
	`run_id` text NOT NULL,
	`key` text NOT NULL,
	`step` integer NOT NULL,
	`epoch` integer,
	`value` real,
	`time` integer,
	PRIMARY KEY(`run_id`, `key`, `step`),
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`name` text,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`config` text,
	`job_id` text,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `runs_experiment` ON `runs` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`benchmark` text NOT NULL,
	`title` text,
	`metadata` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tasks_benchmark_key` ON `tasks` (`benchmark`,`key`);--> statement-breakpoint
CREATE TABLE `hook_events` (
	`rollout_id` text NOT NULL,
	`turn_idx` integer NOT NULL,
	`seq` integer NOT NULL,
	`position` text NOT NULL,
	`hook` text,
	`effect` text,
	`message` text,
	PRIMARY KEY(`rollout_id`, `turn_idx`, `seq`),
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hook_events_position` ON `hook_events` (`position`);--> statement-breakpoint
CREATE TABLE `rollouts` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`run_id` text NOT NULL,
	`task_id` text NOT NULL,
	`harness_version_id` text,
	`checkpoint_id` text,
	`purpose` text NOT NULL,
	`epoch` integer,
	`step` integer,
	`group_id` text,
	`sample_index` integer,
	`reward` real,
	`success` integer NOT NULL,
	`exit_status` text,
	`truncated` integer NOT NULL,
	`truncation_kind` text,
	`num_turns` integer NOT NULL,
	`prompt_tokens` integer,
	`completion_tokens` integer,
	`cost_usd` real,
	`duration_ms` integer,
	`submission` text,
	`source_format` text NOT NULL,
	`metadata` text,
	`started_at` integer,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`checkpoint_id`) REFERENCES `checkpoints`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `rollouts_experiment_purpose` ON `rollouts` (`experiment_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `rollouts_run_step` ON `rollouts` (`run_id`,`step`);--> statement-breakpoint
CREATE INDEX `rollouts_task` ON `rollouts` (`task_id`);--> statement-breakpoint
CREATE INDEX `rollouts_created` ON `rollouts` (`created_at`);--> statement-breakpoint
CREATE TABLE `skill_sources` (
	`skill_id` text NOT NULL,
	`rollout_id` text NOT NULL,
	PRIMARY KEY(`skill_id`, `rollout_id`),
	FOREIGN KEY (`skill_id`) REFERENCES `skills`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `skills` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`kind` text NOT NULL,
	`task_id` text,
	`epoch` integer,
	`text` text NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `skills_experiment` ON `skills` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `turns` (
	`rollout_id` text NOT NULL,
	`idx` integer NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`reasoning` text,
	`action` text,
	`observation` text,
	`return_code` integer,
	`format_error` integer NOT NULL,
	`tokens` integer,
	`raw` text,
	PRIMARY KEY(`rollout_id`, `idx`),
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `comparison_rollouts` (
	`comparison_id` text NOT NULL,
	`rollout_id` text NOT NULL,
	`side` text NOT NULL,
	PRIMARY KEY(`comparison_id`, `rollout_id`),
	FOREIGN KEY (`comparison_id`) REFERENCES `comparisons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `comparisons` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`run_id` text,
	`rollouts_per_task` integer,
	`reported` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `comparisons_proposal` ON `comparisons` (`proposal_id`);--> statement-breakpoint
CREATE TABLE `decisions` (
	`id` text PRIMARY KEY NOT NULL,
	`proposal_id` text NOT NULL,
	`verdict` text NOT NULL,
	`actor_kind` text NOT NULL,
	`actor` text NOT NULL,
	`reason` text,
	`rule_verdict` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `decisions_proposal` ON `decisions` (`proposal_id`);--> statement-breakpoint
CREATE TABLE `evolution_rounds` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`run_id` text,
	`epoch` integer NOT NULL,
	`idx` integer NOT NULL,
	`incumbent_harness_version_id` text NOT NULL,
	`started_at` integer,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`incumbent_harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `evolution_rounds_experiment` ON `evolution_rounds` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `proposal_evidence` (
	`proposal_id` text NOT NULL,
	`rollout_id` text NOT NULL,
	`note` text,
	PRIMARY KEY(`proposal_id`, `rollout_id`),
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `proposals` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`round_id` text,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`problem` text,
	`rationale` text,
	`teacher` text,
	`base_harness_version_id` text NOT NULL,
	`candidate_harness_version_id` text NOT NULL,
	`parent_proposal_id` text,
	`status` text NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `evolution_rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`base_harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`candidate_harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`parent_proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `proposals_experiment_status` ON `proposals` (`experiment_id`,`status`);--> statement-breakpoint
CREATE TABLE `eval_results` (
	`eval_run_id` text NOT NULL,
	`task_id` text NOT NULL,
	`success` integer NOT NULL,
	`reward` real,
	`rollout_id` text,
	PRIMARY KEY(`eval_run_id`, `task_id`),
	FOREIGN KEY (`eval_run_id`) REFERENCES `eval_runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `eval_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`run_id` text,
	`checkpoint_id` text,
	`harness_version_id` text,
	`benchmark` text NOT NULL,
	`repeat_index` integer NOT NULL,
	`reported` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`checkpoint_id`) REFERENCES `checkpoints`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `eval_runs_experiment` ON `eval_runs` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `failure_packet_rollouts` (
	`failure_packet_id` text NOT NULL,
	`rollout_id` text NOT NULL,
	PRIMARY KEY(`failure_packet_id`, `rollout_id`),
	FOREIGN KEY (`failure_packet_id`) REFERENCES `failure_packets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `failure_packets` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`run_id` text,
	`target_checkpoint_id` text,
	`benchmark` text,
	`text` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`target_checkpoint_id`) REFERENCES `checkpoints`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `failure_packets_experiment` ON `failure_packets` (`experiment_id`);--> statement-breakpoint
CREATE TABLE `patch_evaluations` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`failure_packet_id` text NOT NULL,
	`proposal_id` text,
	`patch_index` integer,
	`target_model` text,
	`benchmark` text,
	`valid` integer NOT NULL,
	`complete` integer NOT NULL,
	`baseline_success` real,
	`patched_success` real,
	`reward` real,
	`hook_positions` text,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`failure_packet_id`) REFERENCES `failure_packets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `patch_evaluations_packet` ON `patch_evaluations` (`failure_packet_id`);--> statement-breakpoint
CREATE TABLE `job_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`command` text NOT NULL,
	`placeholders` text NOT NULL,
	`env` text,
	`cwd` text,
	`resources` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text,
	`template_id` text,
	`kind` text NOT NULL,
	`params` text,
	`command` text NOT NULL,
	`executor` text NOT NULL,
	`external_id` text,
	`status` text NOT NULL,
	`status_reason` text,
	`exit_code` integer,
	`log_path` text,
	`progress` real,
	`progress_message` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`template_id`) REFERENCES `job_templates`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `jobs_status` ON `jobs` (`status`);--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`token_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`scopes` text NOT NULL,
	`created_by` text,
	`job_id` text,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	`last_used_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`target_kind` text,
	`target_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sign_in_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`display_name` text,
	`role` text NOT NULL,
	`password_hash` text,
	`created_at` integer NOT NULL,
	`disabled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);