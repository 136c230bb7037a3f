// How a browser query reads the store. Two ways, chosen per query without table statistics (the store is
// never ANALYZEd, so SQLite's own choice is a guess; a wrong guess costs seconds on a million rollouts):
//
// - walk: one walk per experiment down the sort column's index (experiment_id, value, id), testing the
//   filters on each row and stopping after a page; the walks are merged. Cheap when the filter keeps a fair
//   share of rows, whatever their number.
// - anchor: when one filter alone keeps few rollouts (a task, a small run, a rare hook position, a search
//   for a rare word), read just those through that filter's own index and sort them. Cheap when few.
//
// The anchor is chosen when its capped count is at most anchorMax: below that, sorting the anchor's rows
// costs less than a walk that must skip the other rows (~sqrt(page × rows) is the break-even).
import "server-only";
import type Database from "better-sqlite3";
import type { BrowserFilter } from "../../lib/trajectories/browser-query";
import { ftsMatchExpression } from "../../lib/trajectories/browser-query";
import type { Cond } from "./rollout-browser-sql";

/** The thresholds; tests move them to drive every query down both ways. */
export interface PlanTuning {
  anchorMax: number;
  /** A search whose words occur in at most this many turns reads those turns' rollouts; above it, walks test each rollout. */
  searchAnchorMax: number;
  /**
   * Index entries a walk over a sort index without filter columns may read per page before it gives up and
   * sorts the matching rows in one pass over the created index (null: no limit). The default order's index
   * holds the filter columns, so its walk is never limited.
   */
  walkBudget: number | null;
  /**
   * Matching turns a search in the default order (newest first) may read from the newest down before it gives up
   * and takes the set or probe path (null: never read that way). See rollout-browser-recent-search.ts.
   */
  recentSearchBudget: number | null;
}

export const DEFAULT_TUNING: PlanTuning = { anchorMax: 20_000, searchAnchorMax: 20_000, walkBudget: 20_000, recentSearchBudget: 20_000 };

export interface Anchor {
  /** Which filter, for tests and the bench's report. */
  kind: "task" | "run" | "step" | "benchmark" | "hook" | "search" | "none";
  index: string;
  cond: Cond;
  count: number;
}

/** Count of rows a subquery yields, stopping at `cap` + 1: enough to know "more than cap". */
function cappedCount(sqlite: Database.Database, sql: string, params: unknown[], cap: number): number {
  const row = sqlite.prepare(`SELECT count(*) AS n FROM (${sql} LIMIT ${cap + 1})`).get(...params) as { n: number };
  return row.n;
}

/**
 * The experiments a walk must visit: the one asked for, or the one a run, harness version or checkpoint
 * belongs to, or else every experiment. Empty when those disagree (nothing can match).
 */
export function experimentsToWalk(sqlite: Database.Database, filter: BrowserFilter): string[] {
  const implied = new Set<string>();
  if (filter.experiment !== undefined) implied.add(filter.experiment);
  const owner = (table: string, id: string | undefined) => {
    if (id === undefined) return;
    const row = sqlite.prepare(`SELECT experiment_id AS e FROM ${table} WHERE id = ?`).get(id) as { e: string } | undefined;
    implied.add(row ? row.e : "\u0000missing");
  };
  owner("runs", filter.run);
  owner("harness_versions", filter.harnessVersion);
  owner("checkpoints", filter.checkpoint);
  if (implied.size > 1 || implied.has("\u0000missing")) return [];
  if (implied.size === 1) return [...implied];
  return (sqlite.prepare("SELECT id FROM experiments ORDER BY id").pluck().all() as string[]);
}

// The rollouts whose turns match a search, for searches of few turns, kept for the next requests of the same
// view (its further pages, its counts). The key holds the highest turn id: new turns make a new entry.
const searchSets = new Map<string, Map<string, number> | null>();
const SEARCH_SETS_KEPT = 16;

/**
 * The rollouts some turn of which matches, each with its first matching turn id, or null when more than
 * `maxTurns` turns match (then a walk tests rollouts one by one instead). One FTS5 pass reads only turn
 * ids; mapping them to rollouts reads those turns.
 */
export function searchRolloutSet(sqlite: Database.Database, match: string, maxTurns: number): Map<string, number> | null {
  if (maxTurns < 0) return null;
  const newest = sqlite.prepare("SELECT max(id) FROM turns").pluck().get() as number | null;
  const key = `${maxTurns}\u0000${newest}\u0000${match}`;
  if (searchSets.has(key)) return searchSets.get(key) ?? null;
  const turnIds = sqlite.prepare("SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? LIMIT ?").pluck().all(match, maxTurns + 1) as number[];
  const set = turnIds.length > maxTurns ? null : new Map((sqlite.prepare(
    "SELECT rollout_id, min(id) FROM turns WHERE id IN (SELECT value FROM json_each(?)) GROUP BY rollout_id",
  ).raw().all(JSON.stringify(turnIds)) as [string, number][]));
  if (searchSets.size >= SEARCH_SETS_KEPT) searchSets.delete(searchSets.keys().next().value as string);
  searchSets.set(key, set);
  return set;
}

/**
 * For words in very many turns: "the first matching turn of this rollout" as a scalar subquery over the
 * rollout `w.id`, returning [turn rowid, snippet] as JSON or NULL. The rollout's turns are one range of turn
 * ids (inserted together), so FTS5 is asked only about that range; the join back to turns keeps it exact
 * even if they were not. A walk asks it of each candidate in page order and stops after a page, and the
 * snippet comes with the answer (each FTS5 query costs a seek in every index segment, so one is better than two).
 */
export function searchProbeSelect(match: string, open: string, close: string): Cond {
  return {
    sql: `(SELECT json_array(f.rowid, snippet(turns_fts, -1, ?, ?, '…', 16)) FROM turns_fts f JOIN turns ft ON ft.id = f.rowid
            WHERE f.turns_fts MATCH ? AND ft.rollout_id = w.id
              AND f.rowid BETWEEN (SELECT min(id) FROM turns WHERE rollout_id = w.id) AND (SELECT max(id) FROM turns WHERE rollout_id = w.id)
            ORDER BY f.rowid LIMIT 1)`,
    params: [open, close, match],
  };
}

/** How the search is tested: as a set of rollouts computed once (few matching turns), or per rollout. */
export type SearchTest = ({ kind: "set"; cond: Cond; firstTurns: Map<string, number> } | { kind: "probe" }) & { match: string };

export interface Plan {
  /** Read through this filter's index and sort, or null: walk the sort index per experiment. */
  anchor: Anchor | null;
  search: SearchTest | null;
}

/** The smallest anchor under the thresholds (or a walk), and the cheaper form of the search test. */
export function planQuery(sqlite: Database.Database, filter: BrowserFilter, experiments: string[], tuning: PlanTuning = DEFAULT_TUNING): Plan {
  const candidates: Anchor[] = [];
  const consider = (anchor: Omit<Anchor, "count">, countSql: string, params: unknown[], max = tuning.anchorMax) => {
    const count = max < 0 ? Number.POSITIVE_INFINITY : cappedCount(sqlite, countSql, params, max);
    if (count <= max) candidates.push({ ...anchor, count });
    return count;
  };
  let search: SearchTest | null = null;
  if (filter.q !== undefined) {
    const match = ftsMatchExpression(filter.q);
    const set = searchRolloutSet(sqlite, match, tuning.searchAnchorMax);
    if (set) {
      const cond: Cond = { sql: "r.id IN (SELECT value FROM json_each(?))", params: [JSON.stringify([...set.keys()])] };
      search = { kind: "set", cond, firstTurns: set, match };
      // Few matching turns: reading just those rollouts beats any walk, whatever the other anchors say.
      candidates.push({ kind: "search", index: "sqlite_autoindex_rollouts_1", cond, count: set.size });
    } else {
      search = { kind: "probe", match };
    }
  }
  if (filter.task !== undefined) {
    consider({ kind: "task", index: "rollouts_task", cond: { sql: "r.task_id = ?", params: [filter.task] } },
      "SELECT 1 FROM rollouts INDEXED BY rollouts_task WHERE task_id = ?", [filter.task]);
  }
  if (filter.run !== undefined) {
    const withStep = filter.step !== undefined;
    const c: Cond = withStep ? { sql: "r.run_id = ? AND r.step = ?", params: [filter.run, filter.step] } : { sql: "r.run_id = ?", params: [filter.run] };
    consider({ kind: "run", index: "rollouts_run_step", cond: c }, `SELECT 1 FROM rollouts r INDEXED BY rollouts_run_step WHERE ${c.sql}`, c.params);
  } else if (filter.step !== undefined && experiments.length > 0) {
    const c: Cond = { sql: `r.experiment_id IN (${experiments.map(() => "?").join(", ")}) AND r.step = ?`, params: [...experiments, filter.step] };
    consider({ kind: "step", index: "rollouts_browse_step", cond: c }, `SELECT 1 FROM rollouts r INDEXED BY rollouts_browse_step WHERE ${c.sql}`, c.params);
  }
  if (filter.benchmark !== undefined && filter.task === undefined) {
    const c: Cond = { sql: "r.task_id IN (SELECT id FROM tasks WHERE benchmark = ?)", params: [filter.benchmark] };
    consider({ kind: "benchmark", index: "rollouts_task", cond: c }, `SELECT 1 FROM rollouts r INDEXED BY rollouts_task WHERE ${c.sql}`, c.params);
  }
  if (filter.hook !== undefined) {
    const c: Cond = { sql: "r.id IN (SELECT rollout_id FROM hook_events WHERE position = ?)", params: [filter.hook] };
    consider({ kind: "hook", index: "sqlite_autoindex_rollouts_1", cond: c },
      "SELECT DISTINCT rollout_id FROM hook_events INDEXED BY hook_events_position_rollout WHERE position = ?", [filter.hook]);
  }
  const anchor = candidates.length ? candidates.reduce((best, a) => (a.count < best.count ? a : best)) : null;
  return { anchor, search };
}
