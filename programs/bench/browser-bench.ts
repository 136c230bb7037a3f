// Trajectory browser figures of issue 4: p95 of a filtered, sorted page of 50 out of 1,000,000 rollouts, and
// of a full-text search over the turns of 100,000 rollouts, both measured on the server's own query function
// (db/queries/rollout-browser.ts) against a store built by the project's migrations, filled with the
// ingestion path's INSERT statements. Also the outcome counts that accompany every page.
import { indexPendingTurns } from "../../db/full-text-index";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../db/client";
import { countBrowserOutcomes, listBrowserPage } from "../../db/queries/rollout-browser";
import { decodeBrowserCursor } from "../../lib/trajectories/browser-cursor";
import { SORT_KEYS, type BrowserFilter, type BrowserState, type SortKey } from "../../lib/trajectories/browser-query";
import { HOOK_POSITIONS, ROLLOUT_PURPOSES } from "../../lib/domain/vocabulary";
import { OUTCOMES } from "../../lib/domain/outcome";
import {
  BENCH_BENCHMARKS, BENCH_COMMON_WORDS, BENCH_EXIT_STATUSES, BENCH_IDENTIFIERS, BENCH_TASKS,
  benchLayout, benchTaskId, generateBenchRollouts, insertBenchStructure, seededRandom, type BenchLayout,
} from "./browser-bench-data";
import { percentile } from "./percentile";

export interface BrowserBenchOptions {
  rollouts: number;
  queries: number;
  searchRollouts: number;
  searches: number;
}

const PREFIX = "bb";
const PAGE = 50;


const round1 = (x: number) => Math.round(x * 10) / 10;
const progress = (text: string) => process.stderr.write(`bench: browser: ${text}\n`);

function withStore<T>(name: string, run: (store: Store) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-browser-"));
  const store = openStore(path.join(dir, name));
  try {
    return run(store);
  } finally {
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function fill(store: Store, layout: BenchLayout, rollouts: number, turns: { min: number; max: number } | null): number {
  insertBenchStructure(store.sqlite, PREFIX, layout, Date.now());
  // Generation is not what is measured: a big page cache while writing, then SQLite's default for the queries.
  const cacheSize = store.sqlite.pragma("cache_size", { simple: true }) as number;
  store.sqlite.pragma("cache_size = -524288");
  try {
    return generate(store, layout, rollouts, turns);
  } finally {
    store.sqlite.pragma(`cache_size = ${cacheSize}`);
  }
}

function generate(store: Store, layout: BenchLayout, rollouts: number, turns: { min: number; max: number } | null): number {
  const step = Math.max(1, Math.round(rollouts / 10));
  let next = step;
  return generateBenchRollouts(store.sqlite, layout, {
    prefix: PREFIX, rollouts, turns, seed: 7,
    // Big transactions to generate fast; the rollouts of one ingestion request share a created_at, and
    // requests of thousands make long runs of equal sort values for the cursor's tie-breaker.
    batch: turns ? 2_000 : 50_000,
    sameCreatedAt: 2_000,
    onProgress: (done) => {
      if (done >= next) {
        progress(`generated ${done.toLocaleString("en-US")} of ${rollouts.toLocaleString("en-US")} rollouts${turns ? " with turns" : ""}`);
        next += step;
      }
    },
  });
}

/** A filter as people set them: mostly inside one experiment, a few conditions, the outcome chips often. */
export function randomFilter(rand: () => number, layout: BenchLayout): BrowserFilter {
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const f: BrowserFilter = {};
  const experiment = rand() < 0.7 ? pick(layout.experiments).id : undefined;
  if (experiment) f.experiment = experiment;
  const exp = experiment ?? pick(layout.experiments).id;
  if (rand() < 0.3) f.purpose = pick(ROLLOUT_PURPOSES.slice(0, 4));
  if (rand() < 0.15) f.run = pick(layout.runs.filter((r) => r.experimentId === exp)).id;
  if (rand() < 0.35) f.outcome = pick(OUTCOMES);
  if (rand() < 0.1) f.truncated = rand() < 0.5;
  if (rand() < 0.15) f.hook = pick(HOOK_POSITIONS);
  if (rand() < 0.12) f.harnessVersion = pick(layout.harness[exp]);
  if (rand() < 0.05) f.checkpoint = pick(layout.checkpoints[exp]);
  if (rand() < 0.08) f.step = Math.floor(rand() * 46);
  if (rand() < 0.08) f.epoch = 1 + Math.floor(rand() * 2);
  if (rand() < 0.05) f.task = benchTaskId(PREFIX, Math.floor(rand() * BENCH_TASKS));
  if (rand() < 0.1) f.benchmark = pick(BENCH_BENCHMARKS);
  if (rand() < 0.08) f.exitStatus = pick(BENCH_EXIT_STATUSES);
  if (rand() < 0.05) f.rewardMin = 0.5;
  if (rand() < 0.08) f.turnsMin = 20 + Math.floor(rand() * 20);
  if (f.run || f.harnessVersion || f.checkpoint) f.experiment = exp;
  return f;
}

export function randomSort(rand: () => number, defaultShare: number): BrowserState["sort"] {
  if (rand() < defaultShare) return { key: "created", dir: "desc" };
  return { key: SORT_KEYS[1 + Math.floor(rand() * (SORT_KEYS.length - 1))] as SortKey, dir: rand() < 0.7 ? "desc" : "asc" };
}

interface Timings {
  pages: number[];
  counts: number[];
  plans: Record<string, number>;
  empty: number;
}

/** Page 1 of each state and, for a third of them, page 2 through the cursor; then the outcome counts. */
function measure(store: Store, states: BrowserState[], rand: () => number): Timings {
  const t: Timings = { pages: [], counts: [], plans: {}, empty: 0 };
  for (const state of states) {
    let start = performance.now();
    const first = listBrowserPage(store, state, { limit: PAGE, cursor: null });
    t.pages.push(performance.now() - start);
    if (!first.ok) throw new Error(`bench query refused: ${first.problem.field} ${first.problem.message}`);
    t.plans[first.value.plan] = (t.plans[first.value.plan] ?? 0) + 1;
    if (first.value.rows.length === 0) t.empty++;
    if (first.value.nextCursor && rand() < 0.33) {
      const cursor = decodeBrowserCursor(first.value.nextCursor, state.sort);
      if (!cursor.ok) throw new Error(cursor.message);
      start = performance.now();
      listBrowserPage(store, state, { limit: PAGE, cursor: cursor.cursor });
      t.pages.push(performance.now() - start);
    }
    start = performance.now();
    countBrowserOutcomes(store, state.filter);
    t.counts.push(performance.now() - start);
  }
  return t;
}

export function searchText(rand: () => number): string {
  const identifier = () => BENCH_IDENTIFIERS[Math.floor(rand() * BENCH_IDENTIFIERS.length)];
  const x = rand();
  if (x < 0.4) return identifier();
  if (x < 0.65) return BENCH_COMMON_WORDS[20 + Math.floor(rand() * (BENCH_COMMON_WORDS.length - 20))];
  if (x < 0.8) return BENCH_COMMON_WORDS[Math.floor(rand() * 20)];
  return `${identifier()} ${BENCH_COMMON_WORDS[Math.floor(rand() * BENCH_COMMON_WORDS.length)]}`;
}

export function runBrowserBench(options: BrowserBenchOptions): Record<string, unknown> {
  const layout = benchLayout(PREFIX);
  const browse = withStore("browse.db", (store) => {
    progress(`generating ${options.rollouts.toLocaleString("en-US")} rollouts…`);
    const generateMs = fill(store, layout, options.rollouts, null);
    const rand = seededRandom(11);
    const states = Array.from({ length: options.queries }, () => ({ filter: randomFilter(rand, layout), sort: randomSort(rand, 0.5) }));
    progress(`${options.queries} filtered, sorted pages…`);
    // A server runs for weeks: the first queries (cold statements and pages) are not counted.
    measure(store, states.slice(0, 20), rand);
    return { generateMs, ...measure(store, states, rand) };
  });
  const search = withStore("search.db", (store) => {
    progress(`generating ${options.searchRollouts.toLocaleString("en-US")} rollouts with 10–20 turns each…`);
    const generateMs = fill(store, layout, options.searchRollouts, { min: 10, max: 20 });
    // Indexing happens after commit (db/full-text-index.ts); timed on its own, as the server would do it.
    progress("indexing the turns for full-text search…");
    const indexStart = performance.now();
    indexPendingTurns(store);
    const indexMs = performance.now() - indexStart;
    const turns = (store.sqlite.prepare("SELECT count(*) AS n FROM turns").get() as { n: number }).n;
    const rand = seededRandom(13);
    const states = Array.from({ length: options.searches }, () => {
      const filter: BrowserFilter = { q: searchText(rand) };
      if (rand() < 0.4) filter.experiment = layout.experiments[Math.floor(rand() * layout.experiments.length)].id;
      if (rand() < 0.2) filter.outcome = OUTCOMES[Math.floor(rand() * OUTCOMES.length)];
      return { filter, sort: randomSort(rand, 0.7) };
    });
    progress(`${options.searches} full-text searches…`);
    measure(store, states.slice(0, 10), rand);
    return { generateMs, indexMs, turns, ...measure(store, states, rand) };
  });
  return {
    browser_rollouts: options.rollouts,
    browser_generate_seconds: round1(browse.generateMs / 1000),
    browser_query_pages: browse.pages.length,
    browser_query_p50_ms: round1(percentile(browse.pages, 50)),
    browser_query_p95_ms: round1(percentile(browse.pages, 95)),
    browser_query_max_ms: round1(Math.max(...browse.pages)),
    browser_query_plans: browse.plans,
    browser_query_empty_pages: browse.empty,
    browser_count_p50_ms: round1(percentile(browse.counts, 50)),
    browser_count_p95_ms: round1(percentile(browse.counts, 95)),
    browser_search_rollouts: options.searchRollouts,
    browser_search_turns: search.turns,
    browser_search_generate_seconds: round1(search.generateMs / 1000),
    browser_search_index_seconds: round1(search.indexMs / 1000),
    browser_search_pages: search.pages.length,
    browser_search_p50_ms: round1(percentile(search.pages, 50)),
    browser_search_p95_ms: round1(percentile(search.pages, 95)),
    browser_search_max_ms: round1(Math.max(...search.pages)),
    browser_search_plans: search.plans,
    browser_search_count_p95_ms: round1(percentile(search.counts, 95)),
  };
}
