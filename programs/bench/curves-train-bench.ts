// Issue 19: the training curves of a run with 2,000,000 train rollouts (1,000 steps of 250 groups of 8, a few
// harness versions), as GET /api/v1/curves and the run and overlay pages compute them (db/queries/curves.ts:
// the five training rates per step, smoothed and reduced, with the harness and epoch markers). Since
// migration 0011 they read per-step counts kept on write; the baseline, timed in the same run, is the
// recomputation from every train rollout of the run (what the query did before), which must agree.
// The store is filled in-process through the real schema and its triggers (not the HTTP path: that is the
// ingestion bench's subject), without the browser's indexes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { openStore } from "../../db/client";
import { INSERT_ROLLOUT } from "../../db/apply/rollout";
import { getCurves } from "../../db/queries/curves";
import { loadTrainSteps, recomputeTrainSteps } from "../../db/queries/train-step-rates";
import { parseCurveSettings } from "../../lib/curves/curve-settings";
import { TRAINING_KEYS } from "../../lib/curves/training-series";
import { mulberry32 } from "../../lib/stats/prng";
import { percentile } from "./percentile";

const EXP = "bench-train-exp";
const RUN = "bench-train-run";
const GROUP = 8;
const progress = (text: string) => process.stderr.write(`bench: curves of a big run: ${text}\n`);
const round1 = (x: number) => Math.round(x * 10) / 10;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function timed<T>(repeats: number, run: () => T): { median: number; p95: number; cpuMedian: number; last: T } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let last = run(); // warm-up: statements prepared, pages in the cache
  for (let i = 0; i < repeats; i++) {
    const c = cpuMs();
    const t = performance.now();
    last = run();
    wall.push(performance.now() - t);
    cpu.push(cpuMs() - c);
  }
  return { median: percentile(wall, 50), p95: percentile(wall, 95), cpuMedian: percentile(cpu, 50), last };
}

export async function runCurvesTrainBench(options: { rollouts: number; repeats: number }): Promise<Record<string, unknown>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-bench-curves-train-"));
  const store = openStore(path.join(dir, "train.db"));
  try {
    const s = store.sqlite;
    const now = Date.UTC(2026, 0, 1);
    s.prepare("INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES (?, 'big run', 'grpo', ?, ?)").run(EXP, now, now);
    s.prepare("INSERT INTO runs (id, experiment_id, kind, status, created_at, updated_at) VALUES (?, ?, 'train', 'finished', ?, ?)").run(RUN, EXP, now, now);
    const task = s.prepare("INSERT INTO tasks (id, key, benchmark, content_hash, created_at) VALUES (?, ?, 'bench', '-', ?)");
    for (let t = 0; t < 500; t++) task.run(`bt-${t}`, `bt-${t}`, now);
    const version = s.prepare("INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES (?, ?, ?, 'manual', ?, ?)");
    const versions = ["bv-0", "bv-1", "bv-2", "bv-3"];
    versions.forEach((id, i) => version.run(id, EXP, `H${i}`, `hash-${i}`, now));
    const rollout = s.prepare(INSERT_ROLLOUT);
    const steps = Math.max(1, Math.round(options.rollouts / (250 * GROUP)));
    const perStep = Math.ceil(options.rollouts / steps);
    const random = mulberry32(5);
    progress(`storing ${options.rollouts.toLocaleString("en-US")} train rollouts (${steps} steps, groups of ${GROUP}) through the schema's triggers…`);
    const started = performance.now();
    s.pragma("cache_size = -524288");
    // Filling is not what is measured: the trajectory browser's indexes (which neither the curves nor their
    // baseline read) are left out to fill faster; the triggers that keep the per-step counts stay.
    const unread = s.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rollouts' AND (name LIKE 'rollouts_browse_%' OR name IN ('rollouts_created', 'rollouts_task'))").pluck().all() as string[];
    for (const name of unread) s.exec(`DROP INDEX "${name}"`);
    const insert = s.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const step = Math.floor(i / perStep);
        const group = Math.floor((i % perStep) / GROUP);
        const learned = Math.min(0.8, 0.1 + step / steps);
        const success = random() < learned;
        const truncated = !success && random() < 0.15;
        const reward = random() < 0.02 ? null : success ? 1 : 0;
        rollout.run(
          `bt-r-${i}`, EXP, RUN, `bt-${(step * 7 + group) % 500}`, versions[Math.min(versions.length - 1, Math.floor((step / steps) * versions.length))], null,
          "train", 1 + Math.floor((step / steps) * 3), step, `s${step}-g${group}`, i % GROUP, reward, success ? 1 : 0, "submitted", truncated ? 1 : 0,
          truncated ? "tokens" : null, 4, null, null, null, null, null, "harness-lab", null, null, now + step * 60_000 + (i % perStep), "-", now + step * 60_000,
        );
      }
    });
    for (let from = 0; from < options.rollouts; from += 20_000) insert(from, Math.min(options.rollouts, from + 20_000));
    const storeSeconds = (performance.now() - started) / 1000;
    s.pragma("cache_size = -2000");

    progress("the kept counts against the recomputation from the rows (must agree)");
    const kept = timed(options.repeats, () => loadTrainSteps(store, RUN));
    const recomputed = timed(Math.max(3, Math.floor(options.repeats / 3)), () => recomputeTrainSteps(store, RUN));
    const agree = isDeepStrictEqual(kept.last, recomputed.last);
    if (!agree) throw new Error("curves bench: the kept per-step counts differ from the recomputation from the rows");

    progress("the curves query (five training curves, default points, with markers)");
    const { settings } = parseCurveSettings({}, { runs: [RUN], keys: [...TRAINING_KEYS] });
    const curves = timed(options.repeats, () => {
      const result = getCurves(store, settings);
      if (!result.ok) throw new Error("curves bench: the run is unknown");
      return result.data.series.length;
    });
    return {
      curves_train_rollouts: options.rollouts,
      curves_train_steps: steps,
      curves_train_store_seconds: round1(storeSeconds),
      curves_train_2m_median_ms: round1(curves.median),
      curves_train_2m_p95_ms: round1(curves.p95),
      curves_train_2m_cpu_median_ms: round1(curves.cpuMedian),
      curves_train_kept_steps_median_ms: round1(kept.median),
      curves_train_recomputed_steps_median_ms: round1(recomputed.median),
      curves_train_recomputed_vs_kept_ratio: Math.round((recomputed.median / Math.max(0.01, kept.median)) * 10) / 10,
      curves_train_kept_equals_recomputed: agree,
      curves_train_2m_target_met: curves.p95 < 300,
    };
  } finally {
    store.sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
