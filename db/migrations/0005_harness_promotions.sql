-- Harness promotions (which accepted proposal made which version the incumbent, H1, H2, …), the nonce that
-- stops one form from deciding twice, and the audit page's indexes. Promotions are append-only like decisions;
-- a store that already holds accepted proposals gets one promotion per proposal whose latest decision is an
-- accept, labelled in the order of those decisions (the statements after the generated ones, written by hand).
CREATE TABLE `harness_promotions` (
	`id` text PRIMARY KEY NOT NULL,
	`experiment_id` text NOT NULL,
	`harness_version_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`proposal_id` text,
	`decision_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`experiment_id`) REFERENCES `experiments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`harness_version_id`) REFERENCES `harness_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`proposal_id`) REFERENCES `proposals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decision_id`) REFERENCES `decisions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `harness_promotions_experiment` ON `harness_promotions` (`experiment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `harness_promotions_decision` ON `harness_promotions` (`decision_id`);--> statement-breakpoint
ALTER TABLE `decisions` ADD `nonce` text;--> statement-breakpoint
CREATE UNIQUE INDEX `decisions_nonce` ON `decisions` (`nonce`);--> statement-breakpoint
CREATE INDEX `audit_log_action` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE TRIGGER `harness_promotions_no_update` BEFORE UPDATE ON `harness_promotions` BEGIN SELECT RAISE(ABORT, 'harness promotions are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `harness_promotions_no_delete` BEFORE DELETE ON `harness_promotions` BEGIN SELECT RAISE(ABORT, 'harness promotions are append-only'); END;
--> statement-breakpoint
INSERT INTO `harness_promotions` (`id`, `experiment_id`, `harness_version_id`, `kind`, `label`, `proposal_id`, `decision_id`, `created_at`)
SELECT 'promotion-' || d.`id`, p.`experiment_id`, p.`candidate_harness_version_id`, 'promote',
  'H' || row_number() OVER (PARTITION BY p.`experiment_id` ORDER BY d.`created_at`, d.`rowid`), p.`id`, d.`id`, d.`created_at`
FROM `proposals` p
JOIN `decisions` d ON d.`id` = (SELECT `id` FROM `decisions` WHERE `proposal_id` = p.`id` ORDER BY `created_at` DESC, `rowid` DESC LIMIT 1)
WHERE d.`verdict` = 'accept';
