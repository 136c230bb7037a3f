-- Full-text indexing moves out of the insert: a trigger on every turn made ingestion 2–5× slower.
-- Turns are now indexed after they are stored (db/full-text-index.ts): in the background by the server,
-- and up to date before every search. `indexed_upto` is the highest turns.id already in turns_fts.
DROP TRIGGER `turns_fts_after_insert`;
--> statement-breakpoint
CREATE TABLE `turns_fts_progress` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `indexed_upto` integer NOT NULL
);
--> statement-breakpoint
-- Until now every turn was indexed by the trigger (and 0003 rebuilt the index), so all are in it.
INSERT INTO `turns_fts_progress` (`id`, `indexed_upto`) VALUES (1, COALESCE((SELECT max(`id`) FROM `turns`), 0));
--> statement-breakpoint
-- A turn that was never indexed must not be "deleted" from the index: external-content FTS5 would
-- subtract tokens it never added.
DROP TRIGGER `turns_fts_after_delete`;
--> statement-breakpoint
CREATE TRIGGER `turns_fts_after_delete` AFTER DELETE ON `turns`
WHEN old.`id` <= (SELECT `indexed_upto` FROM `turns_fts_progress` WHERE `id` = 1) BEGIN
  INSERT INTO `turns_fts`(`turns_fts`, rowid, `content`, `reasoning`, `observation`) VALUES ('delete', old.`id`, old.`content`, old.`reasoning`, old.`observation`);
END;
