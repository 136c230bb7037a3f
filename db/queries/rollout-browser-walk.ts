// Reading rollouts in page order: one SQL read (optionally testing a search per candidate), the lazy merge
// of one walk per experiment, and a walk bounded to a budget of index entries.
import "server-only";
import type Database from "better-sqlite3";
import type { SortDir, SortKey } from "../../lib/trajectories/browser-query";
import type { BrowserCursor } from "../../lib/trajectories/browser-cursor";
import { compareIds, joinConds, SORT_COLUMNS, type Cond } from "./rollout-browser-sql";

export interface Keyed {
  id: string;
  value: number | null;
  /** With a search tested per rollout: [turn rowid, snippet] of the first matching turn, as JSON. */
  hit?: string;
}

// Statements are prepared once per connection and SQL text: a page runs the same walk once per experiment.
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
export function prepared(sqlite: Database.Database, sql: string): Database.Statement {
  let cache = statements.get(sqlite);
  if (!cache) statements.set(sqlite, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) {
    if (cache.size > 500) cache.clear();
    stmt = sqlite.prepare(sql);
    cache.set(sql, stmt);
  }
  return stmt;
}

/**
 * One read in page order. With a per-rollout search test, the walk is wrapped so the test runs once per
 * candidate, in order, only until the page is full: the inner query yields candidates (a co-routine,
 * kept from being flattened or having the filter pushed into it by LIMIT -1 OFFSET 0), the middle one
 * asks FTS5 about each, the outer one keeps the matches.
 */
export function runKeyed(sqlite: Database.Database, expr: string, index: string, conds: Cond[], orderBy: string, limit: number, probe: Cond | null): Keyed[] {
  const where = joinConds(conds);
  const inner = `SELECT r.id AS id, ${expr} AS value FROM rollouts r INDEXED BY ${index} WHERE ${where.sql} ORDER BY ${orderBy}`;
  if (!probe) return prepared(sqlite, `${inner} LIMIT ?`).all(...where.params, limit) as Keyed[];
  const sql = `SELECT id, value, hit FROM (SELECT w.id AS id, w.value AS value, ${probe.sql} AS hit FROM (${inner} LIMIT -1 OFFSET 0) AS w LIMIT -1 OFFSET 0)
    WHERE hit IS NOT NULL LIMIT ?`;
  return prepared(sqlite, sql).all(...probe.params, ...where.params, limit) as Keyed[];
}

export function comparator(phase: "values" | "nulls", dir: SortDir): (a: Keyed, b: Keyed) => number {
  const sign = dir === "desc" ? -1 : 1;
  if (phase === "nulls") return (a, b) => sign * compareIds(a.id, b.id);
  return (a, b) => sign * ((a.value as number) - (b.value as number) || compareIds(a.id, b.id));
}

interface Walk {
  stream: Cond;
  rows: Keyed[];
  at: number;
  after: BrowserCursor | null;
  done: boolean;
  chunk: number;
}

/**
 * Merges the per-experiment walks lazily: each walk is read in small chunks (growing when it keeps being
 * used), and the next row of the page is the smallest head among walks that each still hold a row or are
 * finished. So a page reads about one page of rows in total, not one page from every experiment.
 */
export function mergeWalks(
  streams: Cond[], start: BrowserCursor | null, need: number, sortKey: SortKey, dir: SortDir, compare: (a: Keyed, b: Keyed) => number,
  read: (stream: Cond, after: BrowserCursor | null, limit: number) => Keyed[],
): Keyed[] {
  const first = Math.min(need, Math.ceil(need / streams.length) + 2);
  const walks: Walk[] = streams.map((stream) => ({ stream, rows: [], at: 0, after: start, done: false, chunk: first }));
  const refill = (w: Walk) => {
    w.rows = read(w.stream, w.after, w.chunk);
    w.at = 0;
    const last = w.rows[w.rows.length - 1];
    if (w.rows.length < w.chunk || !last) w.done = true;
    else w.after = { key: sortKey, dir, value: last.value, id: last.id };
    w.chunk = Math.min(need, w.chunk * 2);
  };
  walks.forEach(refill);
  const out: Keyed[] = [];
  while (out.length < need) {
    let best: Walk | null = null;
    for (const w of walks) {
      if (w.at >= w.rows.length && !w.done) refill(w);
      if (w.at < w.rows.length && (!best || compare(w.rows[w.at], best.rows[best.at]) < 0)) best = w;
    }
    if (!best) break;
    out.push(best.rows[best.at++]);
  }
  return out;
}

/** Thrown by a bounded walk that found too few rows within its budget: the filter keeps few rows here. */
export class SparseWalk extends Error {}

/**
 * A walk's read bounded to `budget` index entries: the entry at that distance (read from the index alone)
 * becomes a stop, so the walk tests at most that many rows. Too few matches before the stop means the
 * filter keeps few rows here, and walking on could mean testing every row.
 */
export function boundedRead(
  sqlite: Database.Database, key: SortKey, dir: SortDir, phase: "values" | "nulls", conds: Cond[], rest: Cond[], orderBy: string,
  limit: number, budget: number, probe: Cond | null,
): Keyed[] {
  const column = SORT_COLUMNS[key];
  const where = joinConds(conds);
  const stop = prepared(sqlite, `SELECT ${column.expr} AS value, r.id AS id FROM rollouts r INDEXED BY ${column.index} WHERE ${where.sql}
    ORDER BY ${orderBy} LIMIT 1 OFFSET ?`).get(...where.params, budget - 1) as Keyed | undefined;
  if (!stop) return runKeyed(sqlite, column.expr, column.index, [...conds, ...rest], orderBy, limit, probe);
  const within = dir === "desc" ? ">" : "<";
  const stopCond: Cond = phase === "nulls"
    ? { sql: `r.id ${within}= ?`, params: [stop.id] }
    : { sql: `${column.expr} ${within}= ? AND (${column.expr} ${within} ? OR r.id ${within}= ?)`, params: [stop.value, stop.value, stop.id] };
  const rows = runKeyed(sqlite, column.expr, column.index, [...conds, stopCond, ...rest], orderBy, limit, probe);
  if (rows.length < limit) throw new SparseWalk();
  return rows;
}
