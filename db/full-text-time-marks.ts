// Time marks of the full-text index (migration 0013): per block of 256 turn ids, the latest created_at of
// the rollouts of the indexed turns in that block or any block before it. A search sorted newest first walks
// the matches from the newest turn down and stops once the page's last row is newer than the mark below it:
// no rollout of an older turn can sort into the page (db/queries/rollout-browser-recent-search.ts).
import "server-only";
import type Database from "better-sqlite3";

/** Turn ids per mark: turns.id >> TIME_MARK_SHIFT is the block. */
export const TIME_MARK_SHIFT = 8;

/**
 * Records the marks of the turns with ids in (after, upto], just indexed, inside the indexing transaction.
 * Indexing goes up in turn ids, so only the blocks from the first of these on change: each takes the larger of
 * its own latest created_at and the mark before it.
 */
export function recordTimeMarks(sqlite: Database.Database, after: number, upto: number): void {
  const blocks = sqlite.prepare(
    `SELECT t.id >> ${TIME_MARK_SHIFT} AS chunk, max(r.created_at) AS latest FROM turns t JOIN rollouts r ON r.id = t.rollout_id
      WHERE t.id > ? AND t.id <= ? GROUP BY 1 ORDER BY 1`,
  ).all(after, upto) as { chunk: number; latest: number }[];
  if (blocks.length === 0) return;
  const upsert = sqlite.prepare(
    `INSERT INTO turns_fts_time_marks (chunk, max_created_at) VALUES (?, ?)
       ON CONFLICT(chunk) DO UPDATE SET max_created_at = max(max_created_at, excluded.max_created_at)`,
  );
  for (const b of blocks) upsert.run(b.chunk, b.latest);
  // The running maximum from the mark before the first changed block up to the last mark (normally one or two).
  const before = sqlite.prepare("SELECT max_created_at FROM turns_fts_time_marks WHERE chunk < ? ORDER BY chunk DESC LIMIT 1").pluck().get(blocks[0].chunk) as number | undefined;
  const marks = sqlite.prepare("SELECT chunk, max_created_at AS latest FROM turns_fts_time_marks WHERE chunk >= ? ORDER BY chunk").all(blocks[0].chunk) as { chunk: number; latest: number }[];
  const set = sqlite.prepare("UPDATE turns_fts_time_marks SET max_created_at = ? WHERE chunk = ?");
  let running = before ?? Number.NEGATIVE_INFINITY;
  for (const m of marks) {
    if (m.latest < running) set.run(running, m.chunk);
    else running = m.latest;
  }
}

/**
 * A reader of the bound for a walk downwards: the latest created_at of any rollout of a turn with an id at most
 * `turnId`, or +Infinity when no mark says (then nothing may be ruled out).
 */
export function timeMarkBound(sqlite: Database.Database): (turnId: number) => number {
  const stmt = sqlite.prepare("SELECT max_created_at FROM turns_fts_time_marks WHERE chunk = ?").pluck();
  let chunk = Number.NaN;
  let bound = Number.POSITIVE_INFINITY;
  return (turnId) => {
    const c = Math.floor(turnId / 2 ** TIME_MARK_SHIFT);
    if (c !== chunk) {
      chunk = c;
      const found = stmt.get(c) as number | undefined;
      // The turn is indexed, so its block has a mark (a running maximum: it bounds every block before it too).
      // None would mean marks are missing: rule nothing out.
      bound = found ?? Number.POSITIVE_INFINITY;
    }
    return bound;
  };
}

/**
 * Blocks of indexed turns whose mark is missing or below the latest created_at of the rollouts of that block's
 * turns or earlier ones: 0 when every search newest first can trust its stopping bound. A mark above the rows is
 * fine (a deleted rollout leaves one). For the crash audit and tests.
 */
export function timeMarksBelowRows(sqlite: Database.Database): number {
  return sqlite.prepare(
    `SELECT count(*) FROM (
       SELECT chunk, max(latest) OVER (ORDER BY chunk ROWS UNBOUNDED PRECEDING) AS want FROM (
         SELECT t.id >> ${TIME_MARK_SHIFT} AS chunk, max(r.created_at) AS latest FROM turns t JOIN rollouts r ON r.id = t.rollout_id
          WHERE t.id <= (SELECT indexed_upto FROM turns_fts_progress WHERE id = 1) GROUP BY 1)
     ) AS w LEFT JOIN turns_fts_time_marks m ON m.chunk = w.chunk WHERE m.max_created_at IS NULL OR m.max_created_at < w.want`,
  ).pluck().get() as number;
}
