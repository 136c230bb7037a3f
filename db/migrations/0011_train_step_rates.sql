-- Issue 19: a run's training curves read per-step counts kept on write instead of every train rollout of
-- the run (2 M rollouts took seconds). Triggers on rollouts keep them equal to the recomputation from the
-- rows (db/queries/train-step-rates.test.ts checks that after inserts, outcome updates and deletes), in
-- every writer: ingestion, import, sync, the verdict join. Only train rollouts that name a step count.
--   train_step_rates     per (run, step): rollouts, successes, truncations, reward sum/count, rollouts
--                        without a group (each its own group, never mixed), groups, mixed groups and the
--                        usable rollouts of mixed groups (trainable), smallest epoch, latest time.
--   train_step_groups    per (run, step, group): members, usable ones (not truncated, reward known), usable successes.
--   train_step_versions  per (run, step, harness version): rollouts (the step's majority version).
CREATE TABLE `train_step_rates` (
  `run_id` text NOT NULL,
  `step` integer NOT NULL,
  `rollouts` integer NOT NULL,
  `successes` integer NOT NULL,
  `truncated` integer NOT NULL,
  `reward_sum` real NOT NULL,
  `reward_count` integer NOT NULL,
  `singletons` integer NOT NULL,
  `groups` integer NOT NULL,
  `mixed_groups` integer NOT NULL,
  `trainable_rollouts` integer NOT NULL,
  `min_epoch` integer,
  `max_time` integer,
  PRIMARY KEY (`run_id`, `step`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `train_step_groups` (
  `run_id` text NOT NULL,
  `step` integer NOT NULL,
  `group_id` text NOT NULL,
  `members` integer NOT NULL,
  `usable` integer NOT NULL,
  `usable_successes` integer NOT NULL,
  PRIMARY KEY (`run_id`, `step`, `group_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `train_step_versions` (
  `run_id` text NOT NULL,
  `step` integer NOT NULL,
  `harness_version_id` text NOT NULL,
  `rollouts` integer NOT NULL,
  PRIMARY KEY (`run_id`, `step`, `harness_version_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The rows stored so far.
INSERT INTO `train_step_groups` (`run_id`, `step`, `group_id`, `members`, `usable`, `usable_successes`)
SELECT `run_id`, `step`, `group_id`, count(*), sum(NOT `truncated` AND `reward` IS NOT NULL), sum(NOT `truncated` AND `reward` IS NOT NULL AND `success`)
  FROM `rollouts` WHERE `purpose` = 'train' AND `step` IS NOT NULL AND `group_id` IS NOT NULL
 GROUP BY `run_id`, `step`, `group_id`;
--> statement-breakpoint
INSERT INTO `train_step_rates`
SELECT r.`run_id`, r.`step`, count(*), sum(r.`success`), sum(r.`truncated`), total(r.`reward`), count(r.`reward`), sum(r.`group_id` IS NULL),
       coalesce((SELECT count(*) FROM `train_step_groups` g WHERE g.`run_id` = r.`run_id` AND g.`step` = r.`step`), 0),
       coalesce((SELECT count(*) FROM `train_step_groups` g WHERE g.`run_id` = r.`run_id` AND g.`step` = r.`step` AND g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable`), 0),
       coalesce((SELECT sum(g.`usable`) FROM `train_step_groups` g WHERE g.`run_id` = r.`run_id` AND g.`step` = r.`step` AND g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable`), 0),
       min(r.`epoch`), max(coalesce(r.`started_at`, r.`created_at`))
  FROM `rollouts` r WHERE r.`purpose` = 'train' AND r.`step` IS NOT NULL
 GROUP BY r.`run_id`, r.`step`;
--> statement-breakpoint
INSERT INTO `train_step_versions` (`run_id`, `step`, `harness_version_id`, `rollouts`)
SELECT `run_id`, `step`, `harness_version_id`, count(*)
  FROM `rollouts` WHERE `purpose` = 'train' AND `step` IS NOT NULL AND `harness_version_id` IS NOT NULL
 GROUP BY `run_id`, `step`, `harness_version_id`;
--> statement-breakpoint
-- Adding a rollout: its counts; for a grouped one, the group's mixed contribution is taken off, the group
-- updated, and its contribution added back (a group turns mixed with its first usable success beside a failure).
CREATE TRIGGER `train_step_rates_add_inserted` AFTER INSERT ON `rollouts`
WHEN new.`purpose` = 'train' AND new.`step` IS NOT NULL BEGIN
  INSERT INTO `train_step_rates` VALUES (new.`run_id`, new.`step`, 1, new.`success`, new.`truncated`, coalesce(new.`reward`, 0), new.`reward` IS NOT NULL,
    new.`group_id` IS NULL, 0, 0, 0, new.`epoch`, coalesce(new.`started_at`, new.`created_at`))
  ON CONFLICT DO UPDATE SET `rollouts` = `rollouts` + 1, `successes` = `successes` + excluded.`successes`, `truncated` = `truncated` + excluded.`truncated`,
    `reward_sum` = `reward_sum` + excluded.`reward_sum`, `reward_count` = `reward_count` + excluded.`reward_count`, `singletons` = `singletons` + excluded.`singletons`,
    `min_epoch` = CASE WHEN excluded.`min_epoch` IS NULL THEN `min_epoch` WHEN `min_epoch` IS NULL THEN excluded.`min_epoch` ELSE min(`min_epoch`, excluded.`min_epoch`) END,
    `max_time` = CASE WHEN excluded.`max_time` IS NULL THEN `max_time` WHEN `max_time` IS NULL THEN excluded.`max_time` ELSE max(`max_time`, excluded.`max_time`) END;
  UPDATE `train_step_rates` SET
    `groups` = `groups` + (NOT EXISTS (SELECT 1 FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`)),
    `mixed_groups` = `mixed_groups` - coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` - coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0)
  WHERE `run_id` = new.`run_id` AND `step` = new.`step` AND new.`group_id` IS NOT NULL;
  INSERT INTO `train_step_groups` SELECT new.`run_id`, new.`step`, new.`group_id`, 1, NOT new.`truncated` AND new.`reward` IS NOT NULL, NOT new.`truncated` AND new.`reward` IS NOT NULL AND new.`success`
   WHERE new.`group_id` IS NOT NULL
  ON CONFLICT DO UPDATE SET `members` = `members` + 1, `usable` = `usable` + excluded.`usable`, `usable_successes` = `usable_successes` + excluded.`usable_successes`;
  UPDATE `train_step_rates` SET
    `mixed_groups` = `mixed_groups` + coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` + coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0)
  WHERE `run_id` = new.`run_id` AND `step` = new.`step` AND new.`group_id` IS NOT NULL;
  INSERT INTO `train_step_versions` SELECT new.`run_id`, new.`step`, new.`harness_version_id`, 1 WHERE new.`harness_version_id` IS NOT NULL
  ON CONFLICT DO UPDATE SET `rollouts` = `rollouts` + 1;
END;
--> statement-breakpoint
-- Removing a rollout (deleted, or its old values before an update): the reverse. The smallest epoch and
-- latest time cannot be subtracted; they are read again from the step's rows, which only a delete or a
-- change of step, epoch or time needs (the verdict join changes success and reward only).
CREATE TRIGGER `train_step_rates_remove_deleted` AFTER DELETE ON `rollouts`
WHEN old.`purpose` = 'train' AND old.`step` IS NOT NULL BEGIN
  UPDATE `train_step_rates` SET
    `mixed_groups` = `mixed_groups` - coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` - coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND old.`group_id` IS NOT NULL;
  UPDATE `train_step_groups` SET `members` = `members` - 1, `usable` = `usable` - (NOT old.`truncated` AND old.`reward` IS NOT NULL),
    `usable_successes` = `usable_successes` - (NOT old.`truncated` AND old.`reward` IS NOT NULL AND old.`success`)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `group_id` = old.`group_id`;
  UPDATE `train_step_rates` SET
    `groups` = `groups` - coalesce((SELECT g.`members` = 0 FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `mixed_groups` = `mixed_groups` + coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` + coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND old.`group_id` IS NOT NULL;
  DELETE FROM `train_step_groups` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `group_id` = old.`group_id` AND `members` = 0;
  UPDATE `train_step_rates` SET `rollouts` = `rollouts` - 1, `successes` = `successes` - old.`success`, `truncated` = `truncated` - old.`truncated`,
    `reward_sum` = `reward_sum` - coalesce(old.`reward`, 0), `reward_count` = `reward_count` - (old.`reward` IS NOT NULL), `singletons` = `singletons` - (old.`group_id` IS NULL),
    `min_epoch` = (SELECT min(r.`epoch`) FROM `rollouts` r WHERE r.`run_id` = old.`run_id` AND r.`step` = old.`step` AND r.`purpose` = 'train'),
    `max_time` = (SELECT max(coalesce(r.`started_at`, r.`created_at`)) FROM `rollouts` r WHERE r.`run_id` = old.`run_id` AND r.`step` = old.`step` AND r.`purpose` = 'train')
  WHERE `run_id` = old.`run_id` AND `step` = old.`step`;
  DELETE FROM `train_step_rates` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `rollouts` = 0;
  UPDATE `train_step_versions` SET `rollouts` = `rollouts` - 1 WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `harness_version_id` = old.`harness_version_id`;
  DELETE FROM `train_step_versions` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `harness_version_id` = old.`harness_version_id` AND `rollouts` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `train_step_rates_remove_updated` AFTER UPDATE OF `run_id`, `purpose`, `step`, `group_id`, `success`, `reward`, `truncated`, `epoch`, `harness_version_id`, `started_at`, `created_at` ON `rollouts`
WHEN old.`purpose` = 'train' AND old.`step` IS NOT NULL BEGIN
  UPDATE `train_step_rates` SET
    `mixed_groups` = `mixed_groups` - coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` - coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND old.`group_id` IS NOT NULL;
  UPDATE `train_step_groups` SET `members` = `members` - 1, `usable` = `usable` - (NOT old.`truncated` AND old.`reward` IS NOT NULL),
    `usable_successes` = `usable_successes` - (NOT old.`truncated` AND old.`reward` IS NOT NULL AND old.`success`)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `group_id` = old.`group_id`;
  UPDATE `train_step_rates` SET
    `groups` = `groups` - coalesce((SELECT g.`members` = 0 FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `mixed_groups` = `mixed_groups` + coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` + coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = old.`run_id` AND g.`step` = old.`step` AND g.`group_id` = old.`group_id`), 0)
  WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND old.`group_id` IS NOT NULL;
  DELETE FROM `train_step_groups` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `group_id` = old.`group_id` AND `members` = 0;
  UPDATE `train_step_rates` SET `rollouts` = `rollouts` - 1, `successes` = `successes` - old.`success`, `truncated` = `truncated` - old.`truncated`,
    `reward_sum` = `reward_sum` - coalesce(old.`reward`, 0), `reward_count` = `reward_count` - (old.`reward` IS NOT NULL), `singletons` = `singletons` - (old.`group_id` IS NULL),
    `min_epoch` = CASE WHEN old.`run_id` IS new.`run_id` AND old.`step` IS new.`step` AND old.`purpose` IS new.`purpose` AND old.`epoch` IS new.`epoch` THEN `min_epoch`
      ELSE (SELECT min(r.`epoch`) FROM `rollouts` r WHERE r.`run_id` = old.`run_id` AND r.`step` = old.`step` AND r.`purpose` = 'train') END,
    `max_time` = CASE WHEN old.`run_id` IS new.`run_id` AND old.`step` IS new.`step` AND old.`purpose` IS new.`purpose` AND old.`started_at` IS new.`started_at` AND old.`created_at` IS new.`created_at` THEN `max_time`
      ELSE (SELECT max(coalesce(r.`started_at`, r.`created_at`)) FROM `rollouts` r WHERE r.`run_id` = old.`run_id` AND r.`step` = old.`step` AND r.`purpose` = 'train') END
  WHERE `run_id` = old.`run_id` AND `step` = old.`step`;
  DELETE FROM `train_step_rates` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `rollouts` = 0;
  UPDATE `train_step_versions` SET `rollouts` = `rollouts` - 1 WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `harness_version_id` = old.`harness_version_id`;
  DELETE FROM `train_step_versions` WHERE `run_id` = old.`run_id` AND `step` = old.`step` AND `harness_version_id` = old.`harness_version_id` AND `rollouts` = 0;
END;
--> statement-breakpoint
-- An update: its old values removed (above), its new ones added (the order of the two does not matter).
CREATE TRIGGER `train_step_rates_add_updated` AFTER UPDATE OF `run_id`, `purpose`, `step`, `group_id`, `success`, `reward`, `truncated`, `epoch`, `harness_version_id`, `started_at`, `created_at` ON `rollouts`
WHEN new.`purpose` = 'train' AND new.`step` IS NOT NULL BEGIN
  INSERT INTO `train_step_rates` VALUES (new.`run_id`, new.`step`, 1, new.`success`, new.`truncated`, coalesce(new.`reward`, 0), new.`reward` IS NOT NULL,
    new.`group_id` IS NULL, 0, 0, 0, new.`epoch`, coalesce(new.`started_at`, new.`created_at`))
  ON CONFLICT DO UPDATE SET `rollouts` = `rollouts` + 1, `successes` = `successes` + excluded.`successes`, `truncated` = `truncated` + excluded.`truncated`,
    `reward_sum` = `reward_sum` + excluded.`reward_sum`, `reward_count` = `reward_count` + excluded.`reward_count`, `singletons` = `singletons` + excluded.`singletons`,
    `min_epoch` = CASE WHEN excluded.`min_epoch` IS NULL THEN `min_epoch` WHEN `min_epoch` IS NULL THEN excluded.`min_epoch` ELSE min(`min_epoch`, excluded.`min_epoch`) END,
    `max_time` = CASE WHEN excluded.`max_time` IS NULL THEN `max_time` WHEN `max_time` IS NULL THEN excluded.`max_time` ELSE max(`max_time`, excluded.`max_time`) END;
  UPDATE `train_step_rates` SET
    `groups` = `groups` + (NOT EXISTS (SELECT 1 FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`)),
    `mixed_groups` = `mixed_groups` - coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` - coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0)
  WHERE `run_id` = new.`run_id` AND `step` = new.`step` AND new.`group_id` IS NOT NULL;
  INSERT INTO `train_step_groups` SELECT new.`run_id`, new.`step`, new.`group_id`, 1, NOT new.`truncated` AND new.`reward` IS NOT NULL, NOT new.`truncated` AND new.`reward` IS NOT NULL AND new.`success`
   WHERE new.`group_id` IS NOT NULL
  ON CONFLICT DO UPDATE SET `members` = `members` + 1, `usable` = `usable` + excluded.`usable`, `usable_successes` = `usable_successes` + excluded.`usable_successes`;
  UPDATE `train_step_rates` SET
    `mixed_groups` = `mixed_groups` + coalesce((SELECT g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0),
    `trainable_rollouts` = `trainable_rollouts` + coalesce((SELECT CASE WHEN g.`usable_successes` > 0 AND g.`usable_successes` < g.`usable` THEN g.`usable` ELSE 0 END FROM `train_step_groups` g WHERE g.`run_id` = new.`run_id` AND g.`step` = new.`step` AND g.`group_id` = new.`group_id`), 0)
  WHERE `run_id` = new.`run_id` AND `step` = new.`step` AND new.`group_id` IS NOT NULL;
  INSERT INTO `train_step_versions` SELECT new.`run_id`, new.`step`, new.`harness_version_id`, 1 WHERE new.`harness_version_id` IS NOT NULL
  ON CONFLICT DO UPDATE SET `rollouts` = `rollouts` + 1;
END;
