// Concurrency: 32 producers ingest while the UI's heaviest pages are requested, and the trajectory browser's
// own query (the JSON page it fetches while scrolling: filtered, sorted, or a full-text search) is timed.
// No client may ever see SQLITE_BUSY or a 5xx; the browser query's p95 under load is reported against idle.
// The browser queries and the heavy pages are timed in worker threads of their own (concurrency-timer.ts), and
// the producers post from another (concurrency-producers.ts). The load is applied in five phases, each reported under its
// own suffix: the browser query beside 2 heavy-page readers and 32 producers at the server's CPU priority (no
// suffix), the same with the producers niced (trainers run on other machines; `_producers_niced`), the page
// readers alone (`_pages_only`), and the load alone, the niced producers: the browser query with no
// page readers (`_producers_niced_browser_alone`), one reader's heavy pages (`_producers_niced_one_page_reader`);
// last, the load read literally, the 32 producers at the server's priority with no page readers
// (`_browser_alone`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore } from "../../db/client";
import { indexPendingTurns } from "../../db/full-text-index";
import { createSession } from "../../lib/services/auth/sessions";
import { createUser } from "../../lib/services/auth/users";
import { fill } from "../bench/browser-bench";
import { BENCH_IDENTIFIERS, benchLayout } from "../bench/browser-bench-data";
import { percentile } from "../bench/percentile";
import { startProductionServer, waitForQuietServer } from "../bench/server-process";
import { mulberry32 } from "../../lib/stats/prng";
import type { ReliabilityPart } from "./part";
import { BUSY_PATTERN, newCounters, setUpProducerExperiment, type LoadCounters } from "./concurrency-load";
import { startProducers } from "./concurrency-producers";
import { startTimer } from "./concurrency-timer";

const PRODUCERS = 32;
const BATCH = 10;
const EXPERIMENT = "bb-exp-0";

/** The shape of the i-th browser query: the three below in turn (filtered, sorted, search). */
const shapeOf = (i: number) => i % 3;

function browserQueries(seed: number, count: number): string[] {
  const random = mulberry32(seed);
  const shapes = [
    () => `/api/v1/rollouts?experiment=${EXPERIMENT}&outcome=success&sort=reward&dir=desc&limit=50`,
    () => `/api/v1/rollouts?experiment=${EXPERIMENT}&purpose=train&sort=turns&limit=50`,
    () => `/api/v1/rollouts?experiment=${EXPERIMENT}&q=${encodeURIComponent(BENCH_IDENTIFIERS[Math.floor(random() * BENCH_IDENTIFIERS.length)])}&limit=50`,
  ];
  return Array.from({ length: count }, (_, i) => shapes[shapeOf(i)]());
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The p95 of each of the browser query's shapes (filtered, sorted, search: shapeOf), in that order. */
export function p95ByShape(times: number[]): number[] {
  return [0, 1, 2].map((shape) => round1(percentile(times.filter((_, i) => shapeOf(i) === shape), 95)));
}

/**
 * Nice value of the producers' thread in the run's second load phase (HARNESS_LAB_CONC_PRODUCER_NICE, default
 * 10): trainers post from other machines, so there they should not compete with the server for its cores.
 */
const PRODUCER_NICE = (() => {
  const n = Number(process.env.HARNESS_LAB_CONC_PRODUCER_NICE);
  return Number.isInteger(n) && n > 0 && n <= 19 ? n : 10;
})();

export interface LoadPhase {
  loaded: number[];
  pageLatencies: number[];
  ingested: number;
  loadSeconds: number;
  producerCounters: LoadCounters;
  counters: LoadCounters[];
  niceApplied: number | null;
  timerDelayP99Ms: number;
  pageTimerDelayP99Ms: number;
}

interface PhasePlan {
  producers: number;
  nice: number;
  /** Threads requesting the heavy pages without pause (the first in order, the second in reverse). */
  readers: 0 | 1 | 2;
  /**
   * true: the phase lasts while the browser queries are timed (the readers run beside them). false: no
   * browser query; the phase lasts until the readers have timed `queries.length` pages between them.
   */
  browser: boolean;
}

/** `producers` post and `readers` request the heavy pages while the browser queries (or the pages) are timed. */
async function measureUnderLoad(o: { url: string; token: string; cookie: string; heavyPages: string[]; warmUp: string[]; queries: string[] } & PhasePlan): Promise<LoadPhase> {
  const loadStarted = performance.now();
  const producers = o.producers > 0 ? startProducers({ url: o.url, token: o.token, prefix: "conc", producers: o.producers, batch: BATCH, nice: o.nice }) : null;
  // Let the load build up before timing.
  while (producers && producers.answered() < o.producers) await new Promise((r) => setTimeout(r, 50));
  const limit = o.browser ? undefined : Math.ceil(o.queries.length / o.readers);
  const readers = Array.from({ length: o.readers }, (_, r) => startTimer({ kind: "pages", url: o.url, cookie: o.cookie, paths: r === 0 ? o.heavyPages : [...o.heavyPages].reverse(), limit }));
  const loadRun = o.browser ? await startTimer({ kind: "queries", url: o.url, cookie: o.cookie, warmUp: o.warmUp, queries: o.queries }).result : null;
  if (loadRun) for (const reader of readers) reader.stop();
  const pageRuns = await Promise.all(readers.map((reader) => reader.result));
  producers?.stop();
  const produced = producers ? await producers.result : { ingested: 0, counters: newCounters(), niceApplied: null };
  return {
    loaded: loadRun?.times ?? [],
    pageLatencies: pageRuns.flatMap((run) => run.counters.latenciesMs),
    ingested: produced.ingested,
    loadSeconds: (performance.now() - loadStarted) / 1000,
    producerCounters: produced.counters,
    counters: [produced.counters, ...(loadRun ? [loadRun.counters] : []), ...pageRuns.map((run) => run.counters)],
    niceApplied: produced.niceApplied,
    timerDelayP99Ms: loadRun?.eventLoopDelayP99Ms ?? 0,
    pageTimerDelayP99Ms: Math.max(0, ...pageRuns.map((run) => run.eventLoopDelayP99Ms)),
  };
}

/** The phase's figures under `suffix`; a side the phase did not have (producers, pages, browser query) is left out. */
export function phaseFigures(phase: LoadPhase, idleP95: number, suffix: string): Record<string, number | number[]> {
  const loadP95 = percentile(phase.loaded, 95);
  const figures: Record<string, number | number[]> = {};
  if (phase.producerCounters.requests > 0)
    Object.assign(figures, {
      rollouts_ingested_under_load: phase.ingested,
      ingest_rollouts_per_s_under_load: Math.round(phase.ingested / phase.loadSeconds),
      producer_answers_429: phase.producerCounters.backPressured,
      producer_resent_after_closed_connection: phase.producerCounters.resentAfterClosedConnection,
      producer_request_p95_ms: round1(percentile(phase.producerCounters.latenciesMs, 95)),
    });
  if (phase.pageLatencies.length > 0)
    Object.assign(figures, {
      heavy_page_requests: phase.pageLatencies.length,
      heavy_page_p50_ms: round1(percentile(phase.pageLatencies, 50)),
      heavy_page_p95_ms: round1(percentile(phase.pageLatencies, 95)),
      heavy_page_timer_event_loop_delay_p99_ms: round1(phase.pageTimerDelayP99Ms),
    });
  if (phase.loaded.length > 0)
    Object.assign(figures, {
      browser_query_load_p50_ms: round1(percentile(phase.loaded, 50)),
      browser_query_load_p95_ms: round1(loadP95),
      browser_query_load_vs_idle_p95_ratio: Math.round((loadP95 / idleP95) * 100) / 100,
      // Which shape holds the p95: [filtered by outcome, sorted by turns, full-text search].
      browser_query_load_p95_ms_by_shape: p95ByShape(phase.loaded),
      // What a clock's own thread may have added: the timers' event-loop delay.
      browser_query_timer_event_loop_delay_p99_ms: round1(phase.timerDelayP99Ms),
    });
  return Object.fromEntries(Object.entries(figures).map(([k, v]) => [`${k}${suffix}`, v]));
}

export const runConcurrency: ReliabilityPart = async (options) => {
  const stored = options.quick ? 20_000 : 200_000;
  // HARNESS_LAB_CONC_QUERIES: more timed queries for an A/B comparison (a p95 of 60 is the 3rd-slowest).
  const measured = Number(process.env.HARNESS_LAB_CONC_QUERIES) > 0 ? Math.floor(Number(process.env.HARNESS_LAB_CONC_QUERIES)) : options.quick ? 60 : 300;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-concurrency-"));
  const dbFile = path.join(dir, "concurrency.db");
  const token = `hl_conc_${Math.random().toString(36).slice(2)}`;
  const store = openStore(dbFile);
  let cookie: string;
  try {
    options.log(`concurrency: filling a store with ${stored} rollouts…`);
    fill(store, benchLayout("bb"), stored, { min: 2, max: 6 });
    indexPendingTurns(store);
    const user = await createUser(store, { username: "reliability", role: "viewer" });
    if (!user.ok) throw new Error(`creating the reading user failed: ${user.error}`);
    cookie = `harness_lab_session=${createSession(store, user.user.id).value}`;
  } finally {
    store.sqlite.close();
  }
  const server = await startProductionServer(options.home, { HARNESS_LAB_DB: dbFile, HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" });
  const failures: string[] = [];
  try {
    await setUpProducerExperiment(server.url, token, "conc");
    const heavyPages = [
      `/experiments/${EXPERIMENT}`,
      `/experiments/${EXPERIMENT}/cost`,
      `/experiments/${EXPERIMENT}/compare`,
      `/compare/curves?runs=${EXPERIMENT}-run-0`,
      `/trajectories?experiment=${EXPERIMENT}&q=${encodeURIComponent(BENCH_IDENTIFIERS[0])}`,
    ];
    const queries = browserQueries(options.seed, measured);
    const warmUp = queries.slice(0, 9); // warms the server's JIT and page cache, and the timing thread's fetch
    const idleRun = await startTimer({ kind: "queries", url: server.url, cookie, warmUp, queries }).result;
    const idle = idleRun.times;
    // Each heavy page twice, untimed, as the browser query is warmed up: a page's first render in a fresh server
    // (its modules, the JIT, its kept aggregates) is not what a researcher browsing during training meets, and in
    // the quick run's short phases, with a handful of page requests, one such render was the p95 (1.1–1.4 s).
    const pageWarmUp = await startTimer({ kind: "pages", url: server.url, cookie, paths: heavyPages, limit: heavyPages.length * 2 }).result;

    const phases: LoadPhase[] = [];
    // The load phases: 32 producers at the server's priority, the same niced, then the page readers alone (what
    // the browser query pays for sharing the request thread with the heavy pages, writes or not).
    const plans: PhasePlan[] = [
      // 0, 1, 2: the browser query timed while 2 readers render heavy pages without pause (the stricter, combined
      // figure), with producers at the server's priority, niced, and without producers.
      { producers: PRODUCERS, nice: 0, readers: 2, browser: true },
      { producers: PRODUCERS, nice: PRODUCER_NICE, readers: 2, browser: true },
      { producers: 0, nice: 0, readers: 2, browser: true },
      // 3, 4: the load alone (the niced producers): the browser query with no page readers, then one
      // reader's heavy pages with no browser query (a researcher opening pages while trainers post).
      { producers: PRODUCERS, nice: PRODUCER_NICE, readers: 0, browser: true },
      { producers: PRODUCERS, nice: PRODUCER_NICE, readers: 1, browser: false },
      // 5: the browser query beside the 32 producers at the server's priority, no page readers.
      { producers: PRODUCERS, nice: 0, readers: 0, browser: true },
    ];
    // The quick run (CI) asserts the same things under the first, heaviest load only: the other phases are the
    // benchmark's comparisons (niced producers, readers alone), whose figures CI does not judge (30 s of CI).
    for (const plan of options.quick ? plans.slice(0, 1) : plans) {
      // Before each phase the server finishes what the last one left (indexing, merging): they start alike.
      await waitForQuietServer(server.pid, { maxMs: 60_000 });
      options.log(`concurrency: ${plan.producers} producers (nice ${plan.nice}), ${plan.readers} page reader(s)${plan.browser ? ", browser query timed" : ", pages timed"}…`);
      phases.push(await measureUnderLoad({ url: server.url, token, cookie, heavyPages, warmUp, queries, ...plan }));
    }

    const all = [idleRun.counters, pageWarmUp.counters, ...phases.flatMap((phase) => phase.counters)];
    const serverErrors = all.reduce((n, c) => n + c.serverErrors, 0);
    const busyAnswers = all.reduce((n, c) => n + c.busyAnswers, 0);
    const busyInLog = server.log().split("\n").filter((line) => BUSY_PATTERN.test(line)).length;
    const refused = all.flatMap((c) => c.refused);
    if (serverErrors > 0) failures.push(`${serverErrors} answer(s) were 5xx or no answer`);
    if (busyAnswers > 0) failures.push(`${busyAnswers} answer(s) mention SQLITE_BUSY`);
    if (busyInLog > 0) failures.push(`the server log mentions SQLITE_BUSY ${busyInLog} time(s)`);
    if (refused.length > 0) failures.push(`refused: ${refused.slice(0, 3).join("; ")}`);
    // A batch sent again after a closed connection must not hide a server that went down.
    if (server.process.exitCode !== null || server.process.signalCode !== null) failures.push(`the server exited during the run (${server.process.exitCode ?? server.process.signalCode})`);
    const idleP95 = percentile(idle, 95);
    return {
      failures,
      figures: {
        stored_rollouts: stored,
        producers: PRODUCERS,
        producer_batch_size: BATCH,
        browser_queries_timed: measured,
        browser_query_idle_p50_ms: round1(percentile(idle, 50)),
        browser_query_idle_p95_ms: round1(idleP95),
        browser_query_idle_p95_ms_by_shape: p95ByShape(idle),
        // The producers at the server's priority: they take cores the server would have on this machine.
        ...phaseFigures(phases[0], idleP95, ""),
        ...(!options.quick
          ? {
              // The same producers at a lower CPU priority: the trainers, which run elsewhere, do not take the
              // server's cores (the producers still post as fast as the server answers them).
              producers_nice: phases[1].niceApplied ?? 0,
              ...phaseFigures(phases[1], idleP95, "_producers_niced"),
              // No producers: the heavy-page readers alone.
              ...phaseFigures(phases[2], idleP95, "_pages_only"),
              // The load (32 producers, niced) without the page readers: the browser query alone beside them.
              ...phaseFigures(phases[3], idleP95, "_producers_niced_browser_alone"),
              // The same producers and one reader's heavy pages, no browser query timed beside them.
              ...phaseFigures(phases[4], idleP95, "_producers_niced_one_page_reader"),
              // The 32 producers at the server's priority and the browser query, nothing else.
              ...phaseFigures(phases[5], idleP95, "_browser_alone"),
            }
          : {}),
        responses_5xx: serverErrors,
        sqlite_busy_seen_by_clients: busyAnswers,
        sqlite_busy_in_server_log: busyInLog,
      },
    };
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};
