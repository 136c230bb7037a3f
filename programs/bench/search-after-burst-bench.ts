// Issue 19: full-text search at 1,000,000 rollouts on the production server, right after a burst of writes.
// A store of the real schema is filled (1–3 turns per rollout: 2 M turns, so it fills in minutes) and indexed; the
// server answers the trajectory browser's searches (GET /api/v1/rollouts?q=…) idle — the baseline — then 32
// producers post without pause for a while, and the same searches are timed the moment they stop: the first
// ones pay for indexing what the burst left pending, and the index has the burst's new segments.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../db/client";
import { fullTextSegmentCount, indexPendingTurns, pendingTurnCount } from "../../db/full-text-index";
import { createSession } from "../../lib/services/auth/sessions";
import { createUser } from "../../lib/services/auth/users";
import { fill, searchText } from "./browser-bench";
import { benchLayout, seededRandom } from "./browser-bench-data";
import { percentile } from "./percentile";
import { startProductionServer } from "./server-process";
import { newCounters, produce, setUpProducerExperiment, type LoadCounters } from "../reliability/concurrency-load";

const PRODUCERS = 32;
const BATCH = 10;
const progress = (text: string) => process.stderr.write(`bench: search after a burst: ${text}\n`);
const round1 = (x: number) => Math.round(x * 10) / 10;

function searchPaths(count: number, experiments: string[]): string[] {
  const rand = seededRandom(17);
  return Array.from({ length: count }, () => {
    const q = encodeURIComponent(searchText(rand));
    const experiment = rand() < 0.4 ? `&experiment=${experiments[Math.floor(rand() * experiments.length)]}` : "";
    return `/api/v1/rollouts?q=${q}${experiment}&limit=50`;
  });
}

async function timeSearches(url: string, cookie: string, paths: string[]): Promise<{ times: number[]; failures: string[] }> {
  const times: number[] = [];
  const failures: string[] = [];
  for (const p of paths) {
    const started = performance.now();
    const response = await fetch(`${url}${p}`, { headers: { cookie, accept: "application/json" }, signal: AbortSignal.timeout(120_000) });
    const body = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 200 && failures.length < 5) failures.push(`${p}: ${response.status} ${body.slice(0, 160)}`);
  }
  return { times, failures };
}

function withStoreFile<T>(file: string, use: (store: Store) => T): T {
  const store = openStore(file);
  try {
    return use(store);
  } finally {
    store.sqlite.close();
  }
}

export async function runSearchAfterBurstBench(options: { home: string; rollouts: number; searches: number; burstSeconds: number }): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-search-burst-"));
  const dbFile = path.join(dir, "search.db");
  const token = `hl_bench_${Math.random().toString(36).slice(2)}`;
  const layout = benchLayout("bb");
  try {
    const prepared = await (async () => {
      const store = openStore(dbFile);
      try {
        progress(`generating ${options.rollouts.toLocaleString("en-US")} rollouts with 1–3 turns each…`);
        const generateMs = fill(store, layout, options.rollouts, { min: 1, max: 3 });
        progress("indexing their turns…");
        const indexStarted = performance.now();
        indexPendingTurns(store);
        const indexMs = performance.now() - indexStarted;
        const user = await createUser(store, { username: "bench-search", role: "viewer" });
        if (!user.ok) throw new Error(`search bench: creating the reading user failed: ${user.error}`);
        const turns = store.sqlite.prepare("SELECT count(*) FROM turns").pluck().get() as number;
        return { generateMs, indexMs, turns, segments: fullTextSegmentCount(store), cookie: `harness_lab_session=${createSession(store, user.user.id).value}` };
      } finally {
        store.sqlite.close();
      }
    })();
    const server = await startProductionServer(options.home, { HARNESS_LAB_DB: dbFile, HARNESS_LAB_ADMIN_TOKEN: token, HARNESS_LAB_NO_DEMO: "1", HARNESS_LAB_NO_JOBS: "1" });
    try {
      const paths = searchPaths(options.searches, layout.experiments.map((e) => e.id));
      progress(`${options.searches} searches idle (the baseline)…`);
      await timeSearches(server.url, prepared.cookie, paths.slice(0, 10)); // warm the JIT and the page cache
      const idle = await timeSearches(server.url, prepared.cookie, paths);

      progress(`${PRODUCERS} producers post for ${options.burstSeconds} s…`);
      await setUpProducerExperiment(server.url, token, "burst");
      const counters: LoadCounters = newCounters();
      let running = true;
      const producers = Array.from({ length: PRODUCERS }, (_, p) => produce(server.url, token, "burst", p, BATCH, () => running, counters));
      await new Promise((r) => setTimeout(r, options.burstSeconds * 1000));
      running = false;
      const ingested = (await Promise.all(producers)).reduce((a, b) => a + b, 0);
      // The store as the burst left it, read from a connection of our own (WAL: it does not disturb the server).
      const atBurstEnd = withStoreFile(dbFile, (store) => ({ pending: pendingTurnCount(store), segments: fullTextSegmentCount(store) }));
      progress(`the same searches right after the burst (${atBurstEnd.pending} turns pending, ${atBurstEnd.segments} segments)…`);
      const after = await timeSearches(server.url, prepared.cookie, paths);
      const failures = [...idle.failures, ...after.failures, ...counters.refused];
      return {
        search_after_burst_rollouts: options.rollouts,
        search_after_burst_turns: prepared.turns,
        search_after_burst_generate_seconds: round1(prepared.generateMs / 1000),
        search_after_burst_index_seconds: round1(prepared.indexMs / 1000),
        search_after_burst_segments_before: prepared.segments,
        search_after_burst_searches: options.searches,
        search_after_burst_idle_p50_ms: round1(percentile(idle.times, 50)),
        search_after_burst_idle_p95_ms: round1(percentile(idle.times, 95)),
        search_after_burst_seconds: options.burstSeconds,
        search_after_burst_rollouts_ingested: ingested,
        search_after_burst_turns_pending_at_end: atBurstEnd.pending,
        search_after_burst_segments_at_end: atBurstEnd.segments,
        search_after_burst_first_ms: round1(after.times[0]),
        search_after_burst_p50_ms: round1(percentile(after.times, 50)),
        search_after_burst_p95_ms: round1(percentile(after.times, 95)),
        search_after_burst_max_ms: round1(Math.max(...after.times)),
        search_after_burst_vs_idle_p95_ratio: Math.round((percentile(after.times, 95) / percentile(idle.times, 95)) * 100) / 100,
        search_after_burst_5xx: counters.serverErrors,
        search_after_burst_failures: failures,
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
