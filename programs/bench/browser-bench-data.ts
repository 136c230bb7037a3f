// Synthetic rollouts for the browser bench: a realistic spread (several experiments of uneven size, train
// runs with steps and GRPO groups, comparison and eval runs, ~2,000 tasks over three benchmarks, 30 %
// success, some unknown rewards, some truncated, hook events at every position), inserted with the very
// INSERT statements the ingestion path uses, in big transactions, into a store built by the migrations.
import type Database from "better-sqlite3";
import { INSERT_ROLLOUT, INSERT_TURN } from "../../db/apply/rollout";
import { HOOK_POSITIONS, type RolloutPurpose } from "../../lib/domain/vocabulary";
import { mulberry32 } from "../../lib/stats/prng";

/** A deterministic generator: every run of the bench stores the same rows. */
export const seededRandom = mulberry32;

export const BENCH_BENCHMARKS = ["swe-bench-verified", "swe-bench-multilingual", "swe-bench-pro"] as const;
export const BENCH_EXIT_STATUSES = ["submitted", "error", "timeout", "LimitsExceeded", "format_error"] as const;
export const BENCH_TASKS = 2_000;
const FAILURE_EXITS = BENCH_EXIT_STATUSES.filter((s) => s !== "LimitsExceeded");

export interface BenchRun {
  id: string;
  experimentId: string;
  kind: "train" | "compare" | "eval";
  /** Share of all rollouts that belong to this run. */
  share: number;
}

export interface BenchLayout {
  experiments: { id: string; share: number }[];
  runs: BenchRun[];
  /** Harness versions and checkpoints of each experiment. */
  harness: Record<string, string[]>;
  checkpoints: Record<string, string[]>;
}

// Uneven experiments: a big HarnessAdapt-RL run, its GRPO baseline, a Harness-R1 study, two small ones.
const EXPERIMENT_SHARES = [0.4, 0.25, 0.17, 0.11, 0.07];
// Inside an experiment: two training runs hold most rollouts; comparisons and evaluations are smaller.
const RUN_SHAPES: { kind: BenchRun["kind"]; share: number }[] = [
  { kind: "train", share: 0.45 }, { kind: "train", share: 0.3 },
  { kind: "compare", share: 0.06 }, { kind: "compare", share: 0.04 }, { kind: "compare", share: 0.02 },
  { kind: "eval", share: 0.08 }, { kind: "eval", share: 0.05 },
];

export function benchLayout(prefix: string): BenchLayout {
  const experiments = EXPERIMENT_SHARES.map((share, e) => ({ id: `${prefix}-exp-${e}`, share }));
  const runs: BenchRun[] = [];
  const harness: Record<string, string[]> = {};
  const checkpoints: Record<string, string[]> = {};
  for (const exp of experiments) {
    RUN_SHAPES.forEach((shape, r) => runs.push({ id: `${exp.id}-run-${r}`, experimentId: exp.id, kind: shape.kind, share: exp.share * shape.share }));
    harness[exp.id] = ["H0", "H1", "H2"].map((label) => `${exp.id}-${label}`);
    checkpoints[exp.id] = Array.from({ length: 10 }, (_, c) => `${exp.id}-ckpt-${c * 5}`);
  }
  return { experiments, runs, harness, checkpoints };
}

export const benchTaskId = (prefix: string, t: number) => `${BENCH_BENCHMARKS[t % 5 === 0 ? 1 : t % 5 === 1 ? 2 : 0]}:${prefix}-repo__task-${t}`;

/** Experiments, runs, harness versions, checkpoints and tasks the rollouts point at. */
export function insertBenchStructure(sqlite: Database.Database, prefix: string, layout: BenchLayout, now: number): void {
  const exp = sqlite.prepare("INSERT INTO experiments (id, name, method, created_at, updated_at) VALUES (?, ?, ?, ?, ?)");
  const run = sqlite.prepare("INSERT INTO runs (id, experiment_id, name, kind, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'finished', ?, ?)");
  const version = sqlite.prepare("INSERT INTO harness_versions (id, experiment_id, label, origin, content_hash, created_at) VALUES (?, ?, ?, 'manual', '-', ?)");
  const ckpt = sqlite.prepare("INSERT INTO checkpoints (id, experiment_id, role, name, step, content_hash, created_at) VALUES (?, ?, 'policy', ?, ?, '-', ?)");
  const task = sqlite.prepare("INSERT INTO tasks (id, key, benchmark, content_hash, created_at) VALUES (?, ?, ?, '-', ?)");
  sqlite.transaction(() => {
    layout.experiments.forEach((e, i) => exp.run(e.id, `Bench experiment ${i}`, i === 1 ? "grpo" : i === 2 ? "harness-r1" : "harnessadapt-rl", now, now));
    for (const r of layout.runs) run.run(r.id, r.experimentId, r.id, r.kind, now, now);
    for (const e of layout.experiments) {
      layout.harness[e.id].forEach((id, i) => version.run(id, e.id, `H${i}`, now));
      layout.checkpoints[e.id].forEach((id, i) => ckpt.run(id, e.id, `step ${i * 5}`, i * 5, now));
    }
    for (let t = 0; t < BENCH_TASKS; t++) {
      const id = benchTaskId(prefix, t);
      task.run(id, id.split(":")[1], id.split(":")[0], now);
    }
  })();
}

const COMMON = (
  "agent runs failing test opens file edits loop bound submits patch traceback assertion error import module " +
  "function class method variable return value index range off by one boundary check regression fixture pytest " +
  "unittest coverage diff hunk line column parser tokenizer serializer config yaml json schema migration database " +
  "query cursor timeout retry network socket thread lock race condition deadlock memory leak cache invalidation " +
  "grep sed cat find python bash ls git status stash reset checkout commit view_diff prepare_patch run_tests"
).split(" ");
const STEMS = ["parse", "render", "load", "save", "check", "build", "resolve", "format", "encode", "decode", "merge", "split", "validate", "convert", "compute"];
const NOUNS = ["config", "header", "table", "units", "matrix", "token", "frame", "schema", "field", "record", "axis", "quantity", "path", "query", "result"];
const ERRORS = ["ValueError", "TypeError", "KeyError", "IndexError", "AttributeError", "ImportError", "AssertionError", "RuntimeError", "OSError", "ZeroDivisionError"];

/** Identifiers a trajectory mentions (functions, files, errors): thousands of them, each rare, like real ones. */
export const BENCH_IDENTIFIERS: string[] = [
  ...STEMS.flatMap((s) => NOUNS.map((n) => `${s}_${n}`)),
  ...Array.from({ length: 2_000 }, (_, i) => `${STEMS[i % STEMS.length]}_${NOUNS[(i * 7) % NOUNS.length]}_${i}`),
  ...Array.from({ length: 600 }, (_, i) => `module_${i}.py`),
  ...ERRORS,
];

/** Word sampling table: common words with a Zipf-like skew, identifiers uniformly, so the text has a long tail. */
const TABLE: string[] = (() => {
  const table: string[] = [];
  COMMON.forEach((w, i) => {
    for (let k = Math.ceil(2_000 / (i + 1)); k > 0; k--) table.push(w);
  });
  const common = table.length;
  // About a third of all words are identifiers.
  for (let k = 0; k < common / 2; k++) table.push(BENCH_IDENTIFIERS[k % BENCH_IDENTIFIERS.length]);
  return table;
})();

function words(rand: () => number, n: number): string {
  let out = TABLE[Math.floor(rand() * TABLE.length)];
  for (let i = 1; i < n; i++) out += ` ${TABLE[Math.floor(rand() * TABLE.length)]}`;
  return out;
}

export const BENCH_COMMON_WORDS = COMMON;

export interface GenerateOptions {
  prefix: string;
  rollouts: number;
  /** Turns per rollout stored as rows (0: only the rollout rows and their hook events). */
  turns: { min: number; max: number } | null;
  /** Rollouts per transaction. */
  batch: number;
  /** Rollouts that share one created_at, as those of one ingestion request do. */
  sameCreatedAt: number;
  seed: number;
  onProgress?: (done: number) => void;
}

function pickRun(layout: BenchLayout, x: number): BenchRun {
  let acc = 0;
  for (const run of layout.runs) {
    acc += run.share;
    if (x < acc) return run;
  }
  return layout.runs[layout.runs.length - 1];
}

const PURPOSE_BY_KIND: Record<BenchRun["kind"], RolloutPurpose[]> = {
  train: ["train", "train", "train", "train", "train", "train", "preparation", "preparation", "rerun"],
  compare: ["comparison"],
  eval: ["eval"],
};

/** Inserts `rollouts` rows (and, when asked, their turns) in transactions of `batch`; returns the milliseconds spent. */
export function generateBenchRollouts(sqlite: Database.Database, layout: BenchLayout, options: GenerateOptions): number {
  const rand = seededRandom(options.seed);
  const rollout = sqlite.prepare(INSERT_ROLLOUT);
  const turn = sqlite.prepare(INSERT_TURN);
  const hook = sqlite.prepare("INSERT INTO hook_events (rollout_id, turn_idx, seq, position, hook, effect, message) VALUES (?, ?, ?, ?, ?, ?, ?)");
  const start = performance.now();
  const start0 = Date.UTC(2026, 0, 1);
  const insertBatch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const created = start0 + 60_000 * Math.floor(i / options.sameCreatedAt);
      const run = pickRun(layout, rand());
      const purpose = PURPOSE_BY_KIND[run.kind][Math.floor(rand() * PURPOSE_BY_KIND[run.kind].length)];
      const task = Math.floor(rand() * BENCH_TASKS);
      const step = run.kind === "train" ? Math.floor((i / options.rollouts) * 46) : null;
      const epoch = step === null ? null : step < 23 ? 1 : 2;
      const success = rand() < 0.3;
      const reward = success ? 1 : rand() < 0.07 ? null : 0;
      const truncated = !success && rand() < 0.12;
      // Failures end in any status but the limit's (which truncation sets): submitted a wrong patch, errors, format errors.
      const exit = truncated ? "LimitsExceeded" : success ? "submitted" : FAILURE_EXITS[Math.floor(rand() * FAILURE_EXITS.length)];
      const numTurns = options.turns ? options.turns.min + Math.floor(rand() * (options.turns.max - options.turns.min + 1)) : 3 + Math.floor(rand() ** 1.5 * 58);
      const versions = layout.harness[run.experimentId];
      const ckpts = layout.checkpoints[run.experimentId];
      const prompt = rand() < 0.05 ? null : numTurns * (800 + Math.floor(rand() * 1200));
      const id = `${options.prefix}-r-${i}`;
      rollout.run(
        id, run.experimentId, run.id, benchTaskId(options.prefix, task), versions[Math.min(versions.length - 1, Math.floor(rand() * 3))],
        ckpts[step === null ? Math.floor(rand() * ckpts.length) : Math.min(ckpts.length - 1, Math.floor(step / 5))], purpose, epoch, step,
        step === null ? null : `${run.id}-s${step}-t${task}`, Math.floor(rand() * 8), reward, success ? 1 : 0, exit, truncated ? 1 : 0,
        truncated ? (rand() < 0.7 ? "tokens" : "turns") : null, numTurns, prompt, prompt === null ? null : Math.floor(prompt / 9),
        rand() < 0.2 ? null : Math.round(numTurns * rand() * 2000) / 100_000, rand() < 0.1 ? null : numTurns * (2000 + Math.floor(rand() * 9000)),
        null, "harness-lab", null, null, null, "-", created,
      );
      const hookTurns = options.turns ? numTurns : Math.min(numTurns, 4);
      // About 45 % of rollouts carry hook messages, pre_action and post_feedback most often.
      if (rand() < 0.45) {
        const n = 1 + Math.floor(rand() * 3);
        for (let k = 0; k < n; k++) {
          const position = HOOK_POSITIONS[Math.min(3, Math.floor(rand() ** 0.6 * 4))];
          hook.run(id, Math.floor(rand() * hookTurns), k, position, `${position}_hook`, "inject", "hook message");
        }
      }
      if (options.turns) {
        for (let t = 0; t < numTurns; t++) {
          const assistant = t % 2 === 0;
          turn.run(id, t, assistant ? "assistant" : "tool", words(rand, assistant ? 6 + Math.floor(rand() * 12) : 3),
            assistant && rand() < 0.2 ? words(rand, 8) : null, null, assistant ? null : words(rand, 8 + Math.floor(rand() * 16)),
            assistant ? null : rand() < 0.8 ? 0 : 1, 0, null, null);
        }
      }
    }
  });
  for (let from = 0; from < options.rollouts; from += options.batch) {
    insertBatch(from, Math.min(options.rollouts, from + options.batch));
    options.onProgress?.(Math.min(options.rollouts, from + options.batch));
  }
  return performance.now() - start;
}
