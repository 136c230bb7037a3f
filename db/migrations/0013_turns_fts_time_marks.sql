-- Issue 19: a search sorted newest first reads the full-text matches from the newest turn down and stops
-- once no older turn can belong to a rollout that sorts into the page (db/queries/rollout-browser-recent-search.ts).
-- "Can it?" needs, for any turn id, the latest created_at of the rollouts of that turn and every turn before
-- it. The marks keep that per block of 256 turn ids (`chunk` = turns.id >> 8): `max_created_at` is the
-- latest created_at of the rollouts of the indexed turns in this block or any block before it (a running
-- maximum, so it only grows with the chunk). db/full-text-index.ts adds the marks of the turns it indexes;
-- nothing updates rollouts.created_at, and deleting a rollout leaves a mark above the truth, still a bound.
CREATE TABLE `turns_fts_time_marks` (
  `chunk` integer PRIMARY KEY NOT NULL,
  `max_created_at` integer NOT NULL
);
--> statement-breakpoint
-- The turns already indexed: their rollouts' latest created_at per block, then the running maximum.
INSERT INTO `turns_fts_time_marks` (`chunk`, `max_created_at`)
SELECT `chunk`, max(`latest`) OVER (ORDER BY `chunk` ROWS UNBOUNDED PRECEDING) FROM (
  SELECT t.`id` >> 8 AS `chunk`, max(r.`created_at`) AS `latest`
    FROM `turns` t JOIN `rollouts` r ON r.`id` = t.`rollout_id`
   WHERE t.`id` <= (SELECT `indexed_upto` FROM `turns_fts_progress` WHERE `id` = 1)
   GROUP BY 1
);
