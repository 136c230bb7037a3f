CREATE TABLE `source_files` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`name` text NOT NULL,
	`format` text NOT NULL,
	`encoding` text NOT NULL,
	`blob_hash` text NOT NULL,
	`size` integer NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`blob_hash`) REFERENCES `blobs`(`hash`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_turns` (
	`id` integer PRIMARY KEY NOT NULL,
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
	FOREIGN KEY (`rollout_id`) REFERENCES `rollouts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Turns get an INTEGER PRIMARY KEY (NULL assigns a new one) so the full-text index can point at them stably.
INSERT INTO `__new_turns`("id", "rollout_id", "idx", "role", "content", "reasoning", "action", "observation", "return_code", "format_error", "tokens", "raw") SELECT NULL, "rollout_id", "idx", "role", "content", "reasoning", "action", "observation", "return_code", "format_error", "tokens", "raw" FROM `turns`;--> statement-breakpoint
DROP TABLE `turns`;--> statement-breakpoint
ALTER TABLE `__new_turns` RENAME TO `turns`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `turns_rollout_idx` ON `turns` (`rollout_id`,`idx`);--> statement-breakpoint
ALTER TABLE `rollouts` ADD `source_file_id` text REFERENCES source_files(id);--> statement-breakpoint
ALTER TABLE `eval_results` ADD `details` text;--> statement-breakpoint
CREATE INDEX `eval_results_task` ON `eval_results` (`task_id`);