ALTER TABLE `harness_versions` ADD `arrived_via` text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE `harness_versions` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `harness_versions` ADD `reviewed_at` integer;