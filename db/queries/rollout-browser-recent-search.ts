// A search sorted newest first (the browser's default order) without mapping every match to its rollout.
//
// The set path (rollout-browser-plan.ts) maps every matching turn to its rollout, reads them all and sorts
// them: at 1,000,000 rollouts an identifier matches ~4,000 turns and that costs 100–250 ms for a page of 50.
// Turns are stored with their rollout, so newer turns mostly belong to newer rollouts. This walk reads the
// matches from the newest turn down (FTS5 yields them in rowid order without sorting), keeps the best rows
// seen so far that pass the filters and the cursor, and stops once the last row of the page is newer than
// anything an older turn can belong to: the time marks (db/full-text-time-marks.ts) bound the created_at of
// the rollouts of every turn up to a given id. So the page is exact whatever the order of arrival; its cost
// follows the matches above the page's last row, not all matches. When created_at does not follow the turns
// (or the filters keep few of the matches), the walk gives up after `budget` matching turns and the caller
// uses the set or probe path.
import "server-only";
import type Database from "better-sqlite3";
import { timeMarkBound } from "../full-text-time-marks";
import { compareIds, joinConds, type Cond } from "./rollout-browser-sql";
import { prepared, type Keyed } from "./rollout-browser-walk";

/** Page order of the default sort: created_at descending, then id descending. */
function before(a: Keyed, b: Keyed): boolean {
  const d = (b.value as number) - (a.value as number);
  return d < 0 || (d === 0 && compareIds(a.id, b.id) > 0);
}

/**
 * Up to `want` rollouts in created_at-descending order that have a turn matching `match` and pass `conds`
 * (the filters and the cursor, over `rollouts r`), or null when more than `budget` matching turns were read.
 */
export function recentSearchPage(sqlite: Database.Database, match: string, conds: Cond[], want: number, budget: number): Keyed[] | null {
  const where = joinConds(conds);
  const walk = prepared(sqlite, `SELECT f.rowid AS turn, r.id AS id, r.created_at AS value, (${where.sql}) AS pass
      FROM turns_fts f JOIN turns t ON t.id = f.rowid JOIN rollouts r ON r.id = t.rollout_id
     WHERE f.turns_fts MATCH ? ORDER BY f.rowid DESC`);
  const bound = timeMarkBound(sqlite);
  // The best `want` rows so far, in page order (a short array: inserting costs at most `want` moves).
  const top: Keyed[] = [];
  const seen = new Set<string>();
  let read = 0;
  for (const row of walk.iterate(...where.params, match) as Iterable<{ turn: number; id: string; value: number; pass: number }>) {
    if (++read > budget) return null;
    if (row.pass && !seen.has(row.id)) {
      seen.add(row.id);
      const keyed: Keyed = { id: row.id, value: row.value };
      if (top.length < want || before(keyed, top[top.length - 1])) {
        let at = top.length;
        while (at > 0 && before(keyed, top[at - 1])) at--;
        top.splice(at, 0, keyed);
        if (top.length > want) top.pop();
      }
    }
    // Every matching turn above this one has been read; a rollout not seen yet has only older matching turns,
    // so its created_at is at most the mark of this turn's block. Strictly newer: an equal created_at with a
    // greater id would sort before the last row.
    if (top.length === want && (top[want - 1].value as number) > bound(row.turn)) break;
  }
  return top;
}
