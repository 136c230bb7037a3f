// Figures for the harness history and cost pages (issue 6, parts 3 and 4): what their server work takes on a
// large store — the cost of the biggest experiment of 1,000,000 rollouts (≈ 400,000 of them) and the
// side-by-side of two experiments, and the history of an experiment with 2,000 versions (Harness-R1 keeps
// one per distinct patch) prepared for drawing. Measured on the pages' own query and preparation functions
// against a store built by the project's migrations and filled with the trajectory browser's generator.
// Not wired into `npm run bench` here; the lead does that.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../db/client";
import { getExperimentCost } from "../../db/queries/experiment-cost";
import { getHarnessHistory } from "../../db/queries/harness-history";
import { compareCosts } from "../../lib/cost/cost-compare";
import { summariseByPurpose, summariseByRun } from "../../lib/cost/cost-summary";
import { prepareHistoryView } from "../../lib/harness-history/history-view";
import { HOOK_POSITIONS } from "../../lib/domain/vocabulary";
import { benchLayout, generateBenchRollouts, insertBenchStructure } from "./browser-bench-data";

const PREFIX = "hc";
const REPEATS = 7;
// Targets of our own (issue 6 names none for these pages), for a page with its totals kept (see
// db/queries/rollout-totals.ts); the first page after a server starts is reported beside them.
const COST_TARGET_MS = 500;
const HISTORY_TARGET_MS = 300;

const progress = (text: string) => process.stderr.write(`bench: history-cost: ${text}\n`);
const round1 = (x: number) => Math.round(x * 10) / 10;

function timed(run: () => void): { median: number; max: number } {
  run(); // warm the statement cache and the page cache, as a server that has answered once
  const times = Array.from({ length: REPEATS }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  return { median: round1(times[Math.floor(REPEATS / 2)]), max: round1(times[REPEATS - 1]) };
}

/** `count` versions below H0, each with the 8 files of H0 but one hook changed, as an engineer's patches are. */
function addVersions(store: Store, experimentId: string, h0: string, count: number): void {
  const db = store.sqlite;
  const blob = db.prepare("INSERT OR IGNORE INTO blobs (hash, size, content) VALUES (?, ?, ?)");
  const version = db.prepare(
    "INSERT INTO harness_versions (id, experiment_id, label, parent_id, origin, description, content_hash, created_at) VALUES (?, ?, ?, ?, 'proposal', ?, '-', ?)",
  );
  const file = db.prepare("INSERT INTO harness_files (harness_version_id, path, blob_hash, kind, hook_position) VALUES (?, ?, ?, ?, ?)");
  const base = Array.from({ length: 7 }, (_, i) => ({ path: `tools/tool_${i}.js`, hash: `base-${i}` }));
  db.transaction(() => {
    for (const b of base) blob.run(b.hash, 10, `// tool ${b.hash}\n`);
    for (const b of base) file.run(h0, b.path, b.hash, "tool", null);
    for (let v = 0; v < count; v++) {
      const id = `${experimentId}-patch-${v}`;
      const position = HOOK_POSITIONS[v % 4];
      version.run(id, experimentId, `H0 ⊕ ${position}=patch_${v}`, h0, `engineer patch ${v}`, Date.UTC(2026, 0, 1) + v);
      for (const b of base) file.run(id, b.path, b.hash, "tool", null);
      blob.run(`patch-${v}`, 20, `// patch ${v}\n`);
      file.run(id, `hooks/${position}/patch_${v}.js`, `patch-${v}`, "hook", position);
    }
  })();
}

/** `count` more rollouts of an experiment, copies of its first ones under new ids, as a trainer's next batch. */
function addLateRollouts(store: Store, experimentId: string, count: number): void {
  const columns = (store.sqlite.prepare("SELECT name FROM pragma_table_info('rollouts')").pluck().all() as string[]).filter((c) => c !== "id");
  store.sqlite
    .prepare(`INSERT INTO rollouts (id, ${columns.join(", ")}) SELECT id || '-late', ${columns.join(", ")} FROM rollouts WHERE experiment_id = ? LIMIT ?`)
    .run(experimentId, count);
}

/** Each call on a new connection: no kept totals, the first page a server shows after starting. */
function timedCold(file: string, run: (store: Store) => void): number {
  const times = Array.from({ length: 3 }, () => {
    const store = openStore(file);
    try {
      const start = performance.now();
      run(store);
      return performance.now() - start;
    } finally {
      store.sqlite.close();
    }
  }).sort((a, b) => a - b);
  return round1(times[1]);
}

export async function runHistoryCostBench(opts: { quick: boolean }): Promise<Record<string, number | string | boolean>> {
  const rollouts = opts.quick ? 100_000 : 1_000_000;
  const versions = opts.quick ? 200 : 2_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-history-cost-"));
  const file = path.join(dir, "bench.db");
  const store = openStore(file);
  try {
    const layout = benchLayout(PREFIX);
    insertBenchStructure(store.sqlite, PREFIX, layout, Date.now());
    const [big, second] = layout.experiments;
    progress(`generating ${rollouts.toLocaleString("en-US")} rollouts`);
    const cacheSize = store.sqlite.pragma("cache_size", { simple: true }) as number;
    store.sqlite.pragma("cache_size = -524288");
    generateBenchRollouts(store.sqlite, layout, { prefix: PREFIX, rollouts, turns: null, batch: 50_000, sameCreatedAt: 2_000, seed: 11 });
    addVersions(store, big.id, layout.harness[big.id][0], versions);
    store.sqlite.pragma(`cache_size = ${cacheSize}`);
    const bigRollouts = store.sqlite.prepare("SELECT count(*) FROM rollouts WHERE experiment_id = ?").pluck().get(big.id) as number;

    const costPage = (s: Store) => {
      const data = getExperimentCost(s, big.id)!;
      summariseByPurpose(data.aggregates);
      summariseByRun(data.aggregates, data.runs);
    };
    const sideBySide = (s: Store) => {
      compareCosts([big, second].map((e) => {
        const data = getExperimentCost(s, e.id)!;
        return { ...data.experiment, purposes: summariseByPurpose(data.aggregates), calls: data.calls };
      }));
    };
    const historyPage = (s: Store) => prepareHistoryView(getHarnessHistory(s, big.id), {});
    const filteredPage = (s: Store) => prepareHistoryView(getHarnessHistory(s, big.id), { q: "pre_action patch_1" });

    progress("measuring the first page of a fresh server (totals not kept yet)");
    const coldCost = timedCold(file, costPage);
    const coldHistory = timedCold(file, historyPage);
    progress("measuring pages with the totals kept");
    const cost = timed(() => costPage(store));
    const side = timed(() => sideBySide(store));
    const history = timed(() => historyPage(store));
    const filtered = timed(() => filteredPage(store));
    // A training run keeps sending rollouts: the next page adds only those.
    addLateRollouts(store, big.id, 2_000);
    const start = performance.now();
    costPage(store);
    const afterNew = round1(performance.now() - start);
    return {
      history_cost_rollouts: rollouts,
      history_cost_experiment_rollouts: bigRollouts,
      cost_page_first_ms: coldCost,
      cost_page_median_ms: cost.median,
      cost_page_max_ms: cost.max,
      cost_page_after_2000_new_ms: afterNew,
      cost_side_by_side_median_ms: side.median,
      cost_target_ms: COST_TARGET_MS,
      cost_target_met: cost.max < COST_TARGET_MS && afterNew < COST_TARGET_MS,
      history_versions: versions + 3,
      history_page_first_ms: coldHistory,
      history_page_median_ms: history.median,
      history_page_max_ms: history.max,
      history_filtered_median_ms: filtered.median,
      history_target_ms: HISTORY_TARGET_MS,
      history_target_met: history.max < HISTORY_TARGET_MS && filtered.max < HISTORY_TARGET_MS,
    };
  } finally {
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
