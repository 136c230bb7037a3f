// The trajectory browser's queries: a filtered, sorted page of rollouts with a keyset cursor, the counts by
// outcome that follow the filter, and (when a page comes back empty) which filter emptied it.
// How a query is read (walk per experiment or anchor) is decided in rollout-browser-plan.ts, except a search
// newest first, which is read from the newest matching turn down (rollout-browser-recent-search.ts); the SQL pieces
// and the handling of unknown sort values are in rollout-browser-sql.ts.
import "server-only";
import type Database from "better-sqlite3";
import type { Store } from "../client";
import { indexPendingTurns } from "../full-text-index";
import { writerThreadRunning } from "../writer/store-writer";
import type { BrowserFilter, BrowserState, FilterParam, ParamProblem } from "../../lib/trajectories/browser-query";
import { describeFilters, ftsMatchExpression, withoutParam } from "../../lib/trajectories/browser-query";
import { encodeBrowserCursor, type BrowserCursor } from "../../lib/trajectories/browser-cursor";
import type { Outcome } from "../../lib/domain/outcome";
import { filterConds, fixedSuccess, joinConds, phaseCanMatch, phaseConds, phasesAfter, SORT_COLUMNS, type Cond } from "./rollout-browser-sql";
import { boundedRead, comparator, mergeWalks, prepared, runKeyed, SparseWalk, type Keyed } from "./rollout-browser-walk";
import { DEFAULT_TUNING, experimentsToWalk, planQuery, searchProbeSelect, type Plan, type PlanTuning } from "./rollout-browser-plan";
import { loadBrowserRows, snippetMarkers, type BrowserRow, type Markers } from "./rollout-browser-rows";
import { recentSearchPage } from "./rollout-browser-recent-search";

export type { BrowserRow } from "./rollout-browser-rows";

export type BrowserResult<T> = { ok: true; value: T } | { ok: false; problem: ParamProblem };

export interface BrowserPage {
  rows: BrowserRow[];
  nextCursor: string | null;
  /** How the page was read ("walk", the anchoring filter, or "search:recent"): for the bench and for tests. */
  plan: string;
}

/** The walks of a page: one per experiment, and for the reward order one per experiment and success value. */
function walkStreams(experiments: string[], filter: BrowserFilter, bySuccess: boolean): Cond[] {
  const success = fixedSuccess(filter);
  const values = !bySuccess ? [null] : success === null ? [1, 0] : [success];
  return experiments.flatMap((e) => values.map((s) => (s === null
    ? { sql: "r.experiment_id = ?", params: [e] }
    : { sql: "r.experiment_id = ? AND r.success = ?", params: [e, s] })));
}

/**
 * A search in the default order (newest first) read from the newest matching turn down (rollout-browser-recent-search.ts),
 * each row with its first matching turn and snippet; null when that walk gave up (the set or probe path follows).
 */
function recentSearch(
  sqlite: Database.Database, state: BrowserState, cursor: BrowserCursor | null, want: number, budget: number | null, markers: Markers,
): { keyed: Keyed[]; plan: Plan } | null {
  const { filter, sort } = state;
  if (filter.q === undefined || sort.key !== "created" || sort.dir !== "desc" || budget === null) return null;
  const match = ftsMatchExpression(filter.q);
  const rows = recentSearchPage(sqlite, match, [...filterConds(filter), ...phaseConds(sort.key, sort.dir, "values", cursor).where], want, budget);
  if (!rows) return null;
  const probe = searchProbeSelect(match, markers.open, markers.close);
  const hits = rows.length === 0 ? [] : prepared(sqlite, `SELECT w.id AS id, ${probe.sql} AS hit FROM (SELECT value AS id FROM json_each(?)) AS w`)
    .all(...probe.params, JSON.stringify(rows.map((r) => r.id))) as { id: string; hit: string | null }[];
  const hitOf = new Map(hits.map((h) => [h.id, h.hit]));
  const keyed = rows.map((r) => ({ ...r, hit: hitOf.get(r.id) ?? undefined }));
  return { keyed, plan: { anchor: null, search: { kind: "probe", match } } };
}

/** Up to `want` (id, sort value) pairs after the cursor, in page order. */
function keyedPage(
  sqlite: Database.Database, state: BrowserState, cursor: BrowserCursor | null, want: number, tuning: PlanTuning, markers: Markers,
): { keyed: Keyed[]; plan: Plan | null; fallback: boolean; recent?: boolean } {
  const { filter, sort } = state;
  const column = SORT_COLUMNS[sort.key];
  const experiments = experimentsToWalk(sqlite, filter);
  if (experiments.length === 0) return { keyed: [], plan: null, fallback: false };
  const recent = recentSearch(sqlite, state, cursor, want, tuning.recentSearchBudget, markers);
  if (recent) return { ...recent, fallback: false, recent: true };
  const plan = planQuery(sqlite, filter, experiments, tuning);
  const base = filterConds(filter);
  if (plan.search?.kind === "set") base.push(plan.search.cond);
  const probe = plan.search?.kind === "probe" ? searchProbeSelect(plan.search.match, markers.open, markers.close) : null;
  const streams = walkStreams(experiments, filter, column.bySuccess);
  const inExperiments: Cond = { sql: `r.experiment_id IN (${experiments.map(() => "?").join(", ")})`, params: experiments };
  const keyed: Keyed[] = [];
  let fallback = false;
  for (const phase of phasesAfter(sort.key, cursor)) {
    if (!phaseCanMatch(sort.key, phase, filter)) continue;
    const { where, orderBy } = phaseConds(sort.key, sort.dir, phase, cursor);
    const need = want - keyed.length;
    const anchored = (index: string, anchor: Cond) => runKeyed(sqlite, column.expr, index, [anchor, ...base, ...where], orderBy, need, probe);
    const walk = (budget: number | null) => mergeWalks(streams, cursor, need, sort.key, sort.dir, comparator(phase, sort.dir), (stream, after, limit) => {
      const continued = after === cursor ? where : phaseConds(sort.key, sort.dir, phase, after).where;
      return budget === null
        ? runKeyed(sqlite, column.expr, column.index, [stream, ...continued, ...base], orderBy, limit, probe)
        : boundedRead(sqlite, sort.key, sort.dir, phase, [stream, ...continued], base, orderBy, limit, budget, probe);
    });
    if (plan.anchor) {
      keyed.push(...anchored(plan.anchor.index, plan.anchor.cond));
    } else if (column.index === "rollouts_browse_created" || tuning.walkBudget === null) {
      // The default order's index holds the filter columns: walking it never reads a row it does not return.
      keyed.push(...walk(null));
    } else {
      try {
        keyed.push(...walk(Math.max(Math.min(2_000, tuning.walkBudget), Math.ceil(tuning.walkBudget / streams.length))));
      } catch (error) {
        if (!(error instanceof SparseWalk)) throw error;
        // Few rows match here, or they sit far down this order. The created index holds every filter and sort
        // column: one pass over it keeps the page's rows in a bounded sort, without reading the table.
        fallback = true;
        keyed.push(...anchored("rollouts_browse_created", inExperiments));
      }
    }
    if (keyed.length >= want) break;
  }
  return { keyed, plan, fallback };
}

/** FTS5 refuses some input with an error; the search is built so it should not, but if it does it is the user's `q`. */
function searchProblem(error: unknown): ParamProblem | null {
  if (error instanceof Error && error.name === "SqliteError" && /fts5|MATCH/i.test(error.message)) {
    return { field: "q", message: "could not be searched; try other words" };
  }
  return null;
}

function guarded<T>(run: () => T): BrowserResult<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    const problem = searchProblem(error);
    if (problem) return { ok: false, problem };
    throw error;
  }
}

/** One page: `limit` rows after `cursor` in the state's order, with the cursor of the next page. */
export function listBrowserPage(
  store: Store, state: BrowserState, options: { limit: number; cursor: BrowserCursor | null; tuning?: PlanTuning },
): BrowserResult<BrowserPage> {
  return guarded(() => {
    // With a writer thread, the route has had it catch the index up (catchUpFullTextIndex): no write here.
    if (state.filter.q && !writerThreadRunning()) indexPendingTurns(store);
    const markers = snippetMarkers();
    const { keyed, plan, fallback, recent } = keyedPage(store.sqlite, state, options.cursor, options.limit + 1, options.tuning ?? DEFAULT_TUNING, markers);
    const shown = keyed.slice(0, options.limit);
    const last = shown[shown.length - 1];
    const nextCursor = keyed.length > options.limit && last
      ? encodeBrowserCursor({ key: state.sort.key, dir: state.sort.dir, value: last.value, id: last.id })
      : null;
    const found = new Map(shown.flatMap((k) => (k.hit ? [[k.id, JSON.parse(k.hit) as [number, string]] as const] : [])));
    const search = plan?.search ? { ...plan.search, markers, found } : null;
    const rows = loadBrowserRows(store.sqlite, shown.map((k) => k.id), search, state.filter.value);
    return { rows, nextCursor, plan: recent ? "search:recent" : plan?.anchor ? `anchor:${plan.anchor.kind}` : fallback ? "anchor:few" : plan ? "walk" : "none" };
  });
}

export type OutcomeCounts = Record<Outcome, number>;

/** Above this many matching turns a search is not counted: it would mean testing every rollout. */
export type CountResult = { counted: true; counts: OutcomeCounts } | { counted: false; reason: string };

/**
 * Rollouts per outcome under every filter except the outcome itself (so each chip says what choosing it
 * would show). Exact: through the anchor when one is small, else by ranges of rollouts_browse_outcome,
 * whose leading (experiment, success, reward) are the outcome rule and whose other columns hold the filters.
 */
export function countBrowserOutcomes(store: Store, filter: BrowserFilter, tuning: PlanTuning = DEFAULT_TUNING): BrowserResult<CountResult> {
  return guarded((): CountResult => {
    if (filter.q && !writerThreadRunning()) indexPendingTurns(store);
    const sqlite = store.sqlite;
    const f: BrowserFilter = { ...filter, outcome: undefined, success: undefined };
    const zero: OutcomeCounts = { success: 0, failure: 0, unknown: 0 };
    const experiments = experimentsToWalk(sqlite, f);
    if (experiments.length === 0) return { counted: true, counts: zero };
    const plan = planQuery(sqlite, f, experiments, tuning);
    const conds = filterConds(f);
    if (plan.search?.kind === "probe") {
      return { counted: false, reason: "the search words occur in too many turns to count every matching rollout" };
    }
    if (plan.search) conds.push(plan.search.cond);
    if (plan.anchor) {
      const where = joinConds([plan.anchor.cond, ...conds]);
      const rows = prepared(sqlite, `SELECT r.success AS s, r.reward IS NULL AS n, count(*) AS c FROM rollouts r INDEXED BY ${plan.anchor.index}
        WHERE ${where.sql} GROUP BY 1, 2`).all(...where.params) as { s: number; n: number; c: number }[];
      const counts = { ...zero };
      for (const row of rows) counts[row.s === 1 ? "success" : row.n === 1 ? "unknown" : "failure"] += row.c;
      return { counted: true, counts };
    }
    const inExperiments: Cond = { sql: `r.experiment_id IN (${experiments.map(() => "?").join(", ")})`, params: experiments };
    const onlyExperiment = filterConds({ ...f, experiment: undefined }).length === 0 && !plan.search;
    if (!onlyExperiment) {
      // One pass over the created index, which holds every filter column and the outcome's two.
      const where = joinConds([inExperiments, ...conds]);
      const row = prepared(sqlite, `SELECT count(*) AS n, coalesce(sum(r.success = 1), 0) AS s, coalesce(sum(r.success = 0 AND r.reward IS NULL), 0) AS u
        FROM rollouts r INDEXED BY rollouts_browse_created WHERE ${where.sql}`).get(...where.params) as { n: number; s: number; u: number };
      return { counted: true, counts: { success: row.s, failure: row.n - row.s - row.u, unknown: row.u } };
    }
    // No filter beyond the experiment: ranges of (experiment, success, reward), and the total from the
    // table's own count when every experiment is asked for.
    const count = (outcome: string) => {
      const where = joinConds([inExperiments, { sql: outcome, params: [] }]);
      return (prepared(sqlite, `SELECT count(*) AS n FROM rollouts r INDEXED BY rollouts_browse_outcome WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
    };
    const success = count("r.success = 1");
    const unknown = count("r.success = 0 AND r.reward IS NULL");
    const failure = f.experiment === undefined
      ? (sqlite.prepare("SELECT count(*) AS n FROM rollouts").get() as { n: number }).n - success - unknown
      : count("r.success = 0 AND r.reward IS NOT NULL");
    return { counted: true, counts: { success, failure, unknown } };
  });
}

/**
 * For an empty page: the first filter (in the order the filter bar lists them) after which nothing is
 * left, and the filters applied before it. Null when even the first filter alone finds nothing, or no filter.
 */
export function findEmptyingFilter(store: Store, state: BrowserState): { param: FilterParam; label: string; before: string[] } | null {
  const active = describeFilters(state.filter);
  for (let i = 0; i < active.length; i++) {
    let partial = state.filter;
    for (const later of active.slice(i + 1)) partial = withoutParam(partial, later.param);
    const result = guarded(() => keyedPage(store.sqlite, { ...state, filter: partial }, null, 1, DEFAULT_TUNING, snippetMarkers()).keyed.length);
    if (!result.ok || result.value === 0) return { ...active[i], before: active.slice(0, i).map((a) => a.label) };
  }
  return null;
}
