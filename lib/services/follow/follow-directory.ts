// One pass of a follower over a trainer's output directory: every file of a followed format is read from
// where the last pass stopped (complete lines only, so it is safe while the trainer appends), translated to
// v1 events with deterministic ids, and applied through the same door as `sync` (sync-target.ts). Progress is
// recorded only after the batch holding it was accepted. A malformed record is reported as file:line with
// the reason and skipped; the rest goes on.
import fs from "node:fs/promises";
import path from "node:path";
import type { Counts } from "../../client/harness-lab-client";
import type { ExperimentMethod } from "../../domain/vocabulary";
import { readCompleteLines } from "../sync/jsonl-reader";
import { applyBatch, describeTarget, targetKey, type BatchItem, type SyncTarget } from "../sync/sync-target";
import { kindFromPath, kindFromRecord, type FileKind } from "./detect-format";
import { followRunId, shortHash, type FollowRun } from "./pure/follow-ids";
import { FOLLOW_STATE_FILE, loadFollowState, saveFollowState, type FollowFileState } from "./follow-state";
import { translateMetricsRecord } from "./pure/formats/metrics-record";
import { translatePrimeEpisode } from "./pure/formats/prime-rl-traces";
import { rllmEpisodeEvents } from "./pure/formats/rllm-episode";
import { translateSkyrlEval } from "./pure/formats/skyrl-evals";
import { translateTrlRow, trlRepeatedRows } from "./pure/formats/trl-completions";
import type { RecordInput, RecordResult, SampleCounter } from "./pure/formats/types";
import { translateVerlGeneration } from "./pure/formats/verl-generations";
import { readEpisodeJson, readParquetRows } from "./read-whole-file";

export interface FollowOptions {
  dir: string;
  target: SyncTarget;
  experiment: string;
  /** Run name; default the directory's name. */
  run?: string;
  method?: ExperimentMethod;
  /** Default `<dir>/.harness-lab-follow.json`. */
  statePath?: string;
  maxBatchEvents?: number;
  /** TRL's GRPOConfig.reward_weights, in reward_funcs order; else read from a JSON in TRL's output_dir that has them. */
  rewardWeights?: readonly number[];
}

export interface FollowProblem {
  file: string;
  line?: number;
  path?: string;
  message: string;
}

export interface FollowSummary {
  target: string;
  run: string;
  statePath: string;
  /** Files of a followed format, by format. */
  files: Partial<Record<FileKind, number>>;
  records: number;
  events: number;
  batches: number;
  applied: Counts;
  unchanged: Counts;
}

export type FollowOutcome =
  | { ok: true; summary: FollowSummary; problems: FollowProblem[] }
  | { ok: false; summary: FollowSummary; problems: FollowProblem[]; error: string };

const SKIP = "skip";
const MAX_DEPTH = 12;

const LINE_TRANSLATORS: Record<string, (input: RecordInput) => RecordResult> = {
  metrics: translateMetricsRecord,
  "verl-generations": translateVerlGeneration,
  "skyrl-evals": translateSkyrlEval,
  "prime-traces": translatePrimeEpisode,
};

async function listFiles(dir: string, rel = "", depth = 0, out: string[] = []): Promise<string[]> {
  if (depth > MAX_DEPTH) return out;
  const entries = await fs.readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) await listFiles(dir, child, depth + 1, out);
    else if (entry.isFile()) out.push(child);
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** prime-rl's FileMonitor cohort file, rollouts/step_N/{train,eval}/{all,effective}/traces.jsonl; null for other layouts. */
function primeCohort(relPath: string): { prefix: string; step: number; subset: "all" | "effective" } | null {
  const match = /(?:^|\/)rollouts\/step_(\d+)\/[^/]+\/(all|effective)\/traces\.jsonl$/.exec(relPath);
  if (!match) return null;
  const prefix = relPath.slice(0, match.index + (relPath[match.index] === "/" ? 1 : 0));
  return { prefix, step: Number(match[1]), subset: match[2] as "all" | "effective" };
}

/** The ids of the episodes in a file's complete lines. */
async function episodeIds(file: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const line of readCompleteLines(file, { offset: 0, line: 0 })) {
    try {
      const value = JSON.parse(line.text) as { id?: unknown };
      if (value && value.id !== undefined) ids.add(String(value.id));
    } catch {
      /* the all/ file's own read reports what does not parse */
    }
  }
  return ids;
}

/** GRPOConfig.reward_weights from a JSON file directly in TRL's output_dir (e.g. the config saved as JSON), if any. */
async function rewardWeightsFromConfig(outputDir: string): Promise<number[] | null> {
  const entries = await fs.readdir(outputDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith(".json")).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    try {
      const value = JSON.parse(await fs.readFile(path.join(outputDir, entry.name), "utf8")) as { reward_weights?: unknown };
      const weights = value?.reward_weights;
      if (Array.isArray(weights) && weights.length > 0 && weights.every((w) => typeof w === "number" && Number.isFinite(w))) return weights as number[];
    } catch {
      /* not JSON, or not TRL's: not a config */
    }
  }
  return null;
}

function counter(samples: Record<string, number>): SampleCounter {
  return {
    next(step, key) {
      const k = `${step}|${shortHash(key)}`;
      const n = samples[k] ?? 0;
      samples[k] = n + 1;
      return n;
    },
  };
}

export async function followDirectory(options: FollowOptions): Promise<FollowOutcome> {
  const dir = path.resolve(options.dir);
  const runName = options.run ?? path.basename(dir);
  const run: FollowRun = { experiment: options.experiment, run: followRunId(options.experiment, runName) };
  const statePath = options.statePath ?? path.join(dir, FOLLOW_STATE_FILE);
  const stateKey = `${targetKey(options.target)}|${run.run}`;
  const maxEvents = Math.max(2, options.maxBatchEvents ?? 500);
  const summary: FollowSummary = {
    target: describeTarget(options.target), run: run.run, statePath, files: {}, records: 0, events: 0, batches: 0, applied: {}, unchanged: {},
  };
  const problems: FollowProblem[] = [];
  const consumed = loadFollowState(statePath, stateKey);
  let batch: BatchItem[] = [];
  let tasksInBatch = new Set<string>();
  let dirty = false;

  const push = (value: Record<string, unknown>, file: string, line: number) => {
    if (value.type === "task") {
      if (tasksInBatch.has(String(value.id))) return;
      tasksInBatch.add(String(value.id));
    }
    batch.push({ text: JSON.stringify(value), value, file, line });
  };
  push({ type: "experiment", id: run.experiment, name: run.experiment, method: options.method ?? "grpo" }, dir, 0);
  push({ type: "run", id: run.run, experiment: run.experiment, kind: "train", status: "running", name: runName }, dir, 0);

  /** Applies the batch, then records progress; a refusal ends the pass. */
  const commit = async (): Promise<string | undefined> => {
    if (batch.length > 0) {
      const outcome = await applyBatch(options.target, batch);
      if (!outcome.ok) {
        const reached = outcome.status === 0 ? `could not reach ${summary.target}: ${outcome.error}` : `${summary.target} refused a batch (${outcome.status}: ${outcome.error})`;
        for (const problem of outcome.errors) {
          const item = batch[problem.index];
          problems.push({ file: item?.file ?? dir, line: item?.line || undefined, path: problem.path, message: problem.message });
        }
        return reached;
      }
      for (const [into, from] of [[summary.applied, outcome.applied], [summary.unchanged, outcome.unchanged]] as const) {
        for (const [type, n] of Object.entries(from)) into[type] = (into[type] ?? 0) + n;
      }
      summary.events += batch.length;
      summary.batches += 1;
      batch = [];
      tasksInBatch = new Set();
    }
    if (dirty) {
      saveFollowState(statePath, stateKey, JSON.parse(JSON.stringify(consumed)) as Record<string, FollowFileState>);
      dirty = false;
    }
    return undefined;
  };
  const fail = (error: string): FollowOutcome => ({ ok: false, summary, problems, error });

  const files = await listFiles(dir);
  const listed = new Set(files);
  const trlWeights = new Map<string, readonly number[] | null>();
  for (const rel of files) {
    const file = path.join(dir, rel);
    const byPath = kindFromPath(rel);
    if (byPath === null) continue;
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) continue;
    let state: FollowFileState | undefined = consumed[rel];

    if (byPath === "trl-completions" || byPath === "rllm-episode") {
      if (state && (state.kind === SKIP || state.offset === stat.size)) {
        if (state.kind !== SKIP) summary.files[byPath] = (summary.files[byPath] ?? 0) + 1;
        continue;
      }
      const read = byPath === "trl-completions" ? await readParquetRows(file) : await readEpisodeJson(file);
      if (read === null) {
        consumed[rel] = { offset: stat.size, line: 0, kind: SKIP, samples: {} };
        dirty = true;
        continue;
      }
      summary.files[byPath] = (summary.files[byPath] ?? 0) + 1;
      if (!read.ok) {
        problems.push({ file, message: read.message });
        continue;
      }
      const samples = counter({});
      let repeated = 0;
      let weights: readonly number[] | null = null;
      if (byPath === "trl-completions") {
        // TRL writes a step's file from log deques it never clears: rows it logged at the end of the previous
        // file are the same samples again, stored once (under the file and row that first held them).
        const folder = rel.slice(0, rel.lastIndexOf("/") + 1);
        const previous = files.filter((f) => f < rel && f.startsWith(folder) && kindFromPath(f) === "trl-completions" && !f.slice(folder.length).includes("/")).pop();
        const before = previous ? await readParquetRows(path.join(dir, previous)) : null;
        if (before?.ok) repeated = trlRepeatedRows(before.records, read.records);
        const outputDir = path.dirname(path.dirname(file));
        if (!trlWeights.has(outputDir)) trlWeights.set(outputDir, options.rewardWeights ?? await rewardWeightsFromConfig(outputDir));
        weights = trlWeights.get(outputDir) ?? null;
      }
      for (const [i, record] of read.records.entries()) {
        if (i < repeated) continue;
        if (batch.length >= maxEvents) {
          const failed = await commit();
          if (failed) return fail(failed);
        }
        const input: RecordInput = { run, relPath: rel, line: i + 1, record, samples };
        const result: RecordResult = byPath === "trl-completions"
          ? translateTrlRow(input, weights)
          : (() => {
            // `rllm eval` episodes (episodes/episode_000001_<task>.json) have no training step: eval at step 0.
            const evalEpisode = /(^|\/)episodes\/episode_\d+_[^/]*\.json$/.test(rel);
            const r = rllmEpisodeEvents(run, record, { relPath: rel, line: i + 1, purpose: evalEpisode ? "eval" : undefined, step: evalEpisode ? 0 : undefined });
            return "problem" in r ? { problem: r.path ? `${r.path}: ${r.problem}` : r.problem } : r;
          })();
        summary.records += 1;
        if ("problem" in result) problems.push({ file, line: i + 1, message: result.problem });
        else for (const event of result.events) push(event, file, i + 1);
      }
      consumed[rel] = { offset: stat.size, line: read.records.length, kind: byPath, samples: {} };
      dirty = true;
      continue;
    }

    // JSONL: a file shorter than what was read was rewritten (verl's loggers open with "w"): start over.
    if (state && stat.size < state.offset) state = undefined;
    let kind = state?.kind ?? (byPath === "jsonl" ? undefined : byPath);
    if (kind === undefined) {
      for await (const line of readCompleteLines(file, { offset: 0, line: 0 })) {
        let value: unknown;
        try {
          value = JSON.parse(line.text);
        } catch {
          continue;
        }
        kind = kindFromRecord(value) ?? SKIP;
        break;
      }
      if (kind === undefined) continue; // nothing complete to recognize it by yet
      if (kind === SKIP) {
        consumed[rel] = { offset: 0, line: 0, kind: SKIP, samples: {} };
        dirty = true;
        continue;
      }
    }
    if (kind === SKIP) continue;
    // prime-rl logs every episode under all/ and the ones the step trained on again under effective/: each is
    // stored once, from all/, marked effective or not. A step's all/ waits until its effective/ exists (or a
    // later step does, when effective/ never came), so the mark is known when the rollout is stored.
    const cohort = kind === "prime-traces" ? primeCohort(rel) : null;
    let effective: Set<string> | null = null;
    if (cohort?.subset === "effective") continue;
    if (cohort?.subset === "all") {
      const sibling = rel.replace(/\/all\/traces\.jsonl$/, "/effective/traces.jsonl");
      if (listed.has(sibling)) {
        effective = await episodeIds(path.join(dir, sibling));
      } else if (!files.some((f) => f.startsWith(`${cohort.prefix}rollouts/step_`) && Number(/rollouts\/step_(\d+)\//.exec(f.slice(cohort.prefix.length))?.[1] ?? -1) > cohort.step)) {
        summary.files[kind as FileKind] = (summary.files[kind as FileKind] ?? 0) + 1;
        continue;
      }
    }
    summary.files[kind as FileKind] = (summary.files[kind as FileKind] ?? 0) + 1;
    const entry: FollowFileState = state && state.kind === kind ? state : { offset: 0, line: 0, kind, samples: {} };
    consumed[rel] = entry;
    if (stat.size === entry.offset) continue;
    const translate = LINE_TRANSLATORS[kind]!;
    const samples = counter(entry.samples);
    for await (const line of readCompleteLines(file, { offset: entry.offset, line: entry.line })) {
      if (batch.length >= maxEvents) {
        const failed = await commit();
        if (failed) return fail(failed);
      }
      if (line.text.trim() !== "") {
        summary.records += 1;
        let value: unknown;
        try {
          value = JSON.parse(line.text);
        } catch (error) {
          value = undefined;
          problems.push({ file, line: line.line, message: `not valid JSON: ${(error as Error).message}` });
        }
        if (value !== undefined) {
          const result = translate({ run, relPath: rel, line: line.line, record: value, samples });
          if ("problem" in result) problems.push({ file, line: line.line, message: result.problem });
          else {
            if (effective) {
              const id = String((value as { id?: unknown }).id);
              for (const event of result.events) {
                if (event.type === "rollout") event.metadata = { ...(event.metadata as Record<string, unknown>), effective: effective.has(id) };
              }
            }
            for (const event of result.events) push(event, file, line.line);
          }
        }
      }
      entry.offset = line.end;
      entry.line = line.line;
      dirty = true;
    }
  }
  const failed = await commit();
  return failed ? fail(failed) : { ok: true, summary, problems };
}

/** `file:line: reason`, one per problem, capped. */
export function formatFollowProblems(problems: readonly FollowProblem[], limit = 20): string {
  const lines = problems.slice(0, limit).map((p) => `  ${p.line !== undefined ? `${p.file}:${p.line}` : p.file}: ${p.path ? `${p.path}: ` : ""}${p.message}`);
  if (problems.length > limit) lines.push(`  … and ${problems.length - limit} more`);
  return lines.join("\n");
}

export function formatFollowSummary(summary: FollowSummary): string {
  const counts = (c: Counts) => Object.entries(c).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(", ") || "none";
  const files = Object.entries(summary.files).map(([k, n]) => `${k} ${n}`).join(", ") || "none yet";
  return [
    `followed into ${summary.target} as run ${summary.run}: files ${files}; ${summary.records} new record(s), ${summary.events} event(s) in ${summary.batches} batch(es)`,
    `  applied:   ${counts(summary.applied)}`,
    `  unchanged: ${counts(summary.unchanged)}`,
  ].join("\n");
}
