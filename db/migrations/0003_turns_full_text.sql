-- Full-text search over what was said and seen in a rollout (the trajectory browser's search box).
-- External content: the text lives once, in turns; the index keeps only tokens and points at turns.id.
-- Turns are immutable (a rollout is never rewritten), so insert and delete triggers keep it in step.
CREATE VIRTUAL TABLE `turns_fts` USING fts5(
  `content`, `reasoning`, `observation`,
  content='turns', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `turns_fts_after_insert` AFTER INSERT ON `turns` BEGIN
  INSERT INTO `turns_fts`(rowid, `content`, `reasoning`, `observation`) VALUES (new.`id`, new.`content`, new.`reasoning`, new.`observation`);
END;
--> statement-breakpoint
CREATE TRIGGER `turns_fts_after_delete` AFTER DELETE ON `turns` BEGIN
  INSERT INTO `turns_fts`(`turns_fts`, rowid, `content`, `reasoning`, `observation`) VALUES ('delete', old.`id`, old.`content`, old.`reasoning`, old.`observation`);
END;
--> statement-breakpoint
INSERT INTO `turns_fts`(`turns_fts`) VALUES ('rebuild');
