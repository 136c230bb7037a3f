// Offline sync: applies the events-*.jsonl files of a directory to a server or a store file, resumably.
// Progress is recorded only after the batch holding the lines was accepted, so a crash, a refused batch or a
// network outage at worst re-sends lines the target already has, which it reports as unchanged.
import fs from "node:fs/promises";
import path from "node:path";
import { listEventFiles, readCompleteLines, type FilePosition } from "./jsonl-reader";
import { defaultStatePath, loadTargetState, saveTargetState } from "./sync-state";
import { applyBatch, describeTarget, targetKey, type BatchItem, type SyncTarget } from "./sync-target";
import type { Counts } from "../../client/harness-lab-client";
import type { EventProblem } from "../../events/contract";

export type { SyncTarget } from "./sync-target";

export interface SyncOptions {
  dir: string;
  target: SyncTarget;
  /** Default `<dir>/.harness-lab-sync.json`. */
  statePath?: string;
  maxBatchEvents?: number;
  maxBatchBytes?: number;
}

export interface SyncSummary {
  target: string;
  statePath: string;
  /** Event log files found. */
  files: number;
  /** Files that had complete lines not synced before. */
  filesWithNewLines: number;
  events: number;
  batches: number;
  applied: Counts;
  unchanged: Counts;
}

export interface SyncProblem {
  file: string;
  /** 1-based; absent when the target refused a batch without saying which event. */
  line?: number;
  path: string;
  message: string;
}

export type SyncOutcome =
  | { ok: true; summary: SyncSummary }
  | { ok: false; summary: SyncSummary; error: string; problems: SyncProblem[] };

export const DEFAULT_SYNC_BATCH_EVENTS = 500;
export const DEFAULT_SYNC_BATCH_BYTES = 8 * 1024 * 1024;

export async function syncDirectory(options: SyncOptions): Promise<SyncOutcome> {
  const { dir, target } = options;
  const maxEvents = Math.max(1, options.maxBatchEvents ?? DEFAULT_SYNC_BATCH_EVENTS);
  const maxBytes = Math.max(1, options.maxBatchBytes ?? DEFAULT_SYNC_BATCH_BYTES);
  const statePath = options.statePath ?? defaultStatePath(dir);
  const key = targetKey(target);
  const summary: SyncSummary = {
    target: describeTarget(target), statePath, files: 0, filesWithNewLines: 0, events: 0, batches: 0, applied: {}, unchanged: {},
  };

  // `consumed` runs ahead of `committed` by exactly the lines in `batch` (plus blank lines around them).
  let committed = loadTargetState(statePath, key);
  const consumed: Record<string, FilePosition> = { ...committed };
  let batch: BatchItem[] = [];
  let batchBytes = 2;

  const fail = (error: string, problems: SyncProblem[] = []): SyncOutcome => ({ ok: false, summary, error, problems });

  /** Applies the pending batch and records the progress; returns a failure outcome if the target refused it. */
  const commit = async (): Promise<SyncOutcome | undefined> => {
    if (batch.length > 0) {
      const outcome = await applyBatch(target, batch);
      if (!outcome.ok) {
        const failure = describeFailure(summary.target, batch, outcome, dir);
        return fail(failure.error, failure.problems);
      }
      addCounts(summary.applied, outcome.applied);
      addCounts(summary.unchanged, outcome.unchanged);
      summary.events += batch.length;
      summary.batches += 1;
      batch = [];
      batchBytes = 2;
    }
    if (!samePositions(consumed, committed)) {
      saveTargetState(statePath, key, { ...consumed });
      committed = { ...consumed };
    }
    return undefined;
  };

  let files: string[];
  try {
    files = await listEventFiles(dir);
  } catch (error) {
    return fail(`cannot read ${dir}: ${(error as Error).message}`);
  }
  summary.files = files.length;

  for (const name of files) {
    const file = path.join(dir, name);
    const from = consumed[name] ?? { offset: 0, line: 0 };
    // A producer's cleanup may remove a file between listing and reading; there is nothing left to sync in it.
    const stat = await fs.stat(file).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? undefined : Promise.reject(error)));
    if (!stat) continue;
    const size = stat.size;
    if (size === from.offset) continue;
    if (size < from.offset) {
      return (await commit()) ?? fail(
        `${file} is shorter (${size} bytes) than the ${from.offset} bytes already synced to ${summary.target}; event logs must only grow. ` +
        `If it was rewritten on purpose, remove its entry from ${statePath} to sync it from the start.`,
      );
    }
    let sawNew = false;
    for await (const line of readCompleteLines(file, from)) {
      if (line.text.trim() === "") {
        consumed[name] = { offset: line.end, line: line.line };
        continue;
      }
      let value: unknown;
      try {
        value = JSON.parse(line.text);
      } catch (error) {
        // Everything before the bad line is still good: apply it, so a fixed file resumes right here.
        return (await commit()) ?? fail(`${file}:${line.line} is not valid JSON`, [
          { file, line: line.line, path: "", message: `not valid JSON: ${(error as Error).message}` },
        ]);
      }
      const bytes = Buffer.byteLength(line.text) + 1;
      if (batch.length > 0 && (batch.length >= maxEvents || batchBytes + bytes > maxBytes)) {
        const failed = await commit();
        if (failed) return failed;
      }
      batch.push({ text: line.text, value, file, line: line.line });
      batchBytes += bytes;
      consumed[name] = { offset: line.end, line: line.line };
      sawNew = true;
    }
    if (sawNew) summary.filesWithNewLines += 1;
  }
  return (await commit()) ?? { ok: true, summary };
}

/** Names what went wrong; problems carry file:line when the target said which events it refused. */
function describeFailure(target: string, batch: readonly BatchItem[], outcome: { status: number; error: string; errors: readonly EventProblem[] }, dir: string) {
  const first = batch[0]!;
  const last = batch[batch.length - 1]!;
  const span = first.file === last.file ? `${first.file}:${first.line}-${last.line}` : `${first.file}:${first.line} to ${last.file}:${last.line}`;
  const headline = outcome.status === 0
    ? `could not reach ${target}: ${outcome.error}`
    : `${target} refused a batch (${outcome.status}: ${outcome.error})`;
  // Refused as a whole (auth, size, outage): say which lines are still to do; a rerun resumes there.
  if (outcome.errors.length === 0) return { error: `${headline}\n  not applied: ${batch.length} event(s), ${span}`, problems: [] };
  const problems = outcome.errors.map((problem): SyncProblem => {
    const item = batch[problem.index];
    if (!item) return { file: dir, path: problem.path, message: `${problem.message} (event ${problem.index} of a batch, ${span})` };
    return { file: item.file, line: item.line, path: problem.path, message: problem.message };
  });
  return { error: headline, problems };
}

function samePositions(a: Record<string, FilePosition>, b: Record<string, FilePosition>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((k) => b[k] !== undefined && a[k]!.offset === b[k]!.offset && a[k]!.line === b[k]!.line);
}

function addCounts(into: Counts, from: Counts): void {
  for (const [type, n] of Object.entries(from)) into[type] = (into[type] ?? 0) + n;
}

/** One line per problem, `file:line: path: message`, capped so a thousand bad rollouts do not flood the terminal. */
export function formatSyncFailure(outcome: Extract<SyncOutcome, { ok: false }>, limit = 20): string {
  const lines = outcome.problems.slice(0, limit).map((p) => {
    const where = p.line !== undefined ? `${p.file}:${p.line}` : p.file;
    return `  ${where}: ${p.path ? `${p.path}: ` : ""}${p.message}`;
  });
  if (outcome.problems.length > limit) lines.push(`  … and ${outcome.problems.length - limit} more`);
  return [outcome.error, ...lines].join("\n");
}

/** `stopped` words the first line for a sync that failed part-way: the counts are what got in before. */
export function formatSyncSummary(summary: SyncSummary, stopped = false): string {
  const counts = (c: Counts) => {
    const entries = Object.entries(c).filter(([, n]) => n > 0);
    return entries.length === 0 ? "none" : entries.map(([type, n]) => `${type} ${n}`).join(", ");
  };
  return [
    `${stopped ? "stopped; before that, synced" : "synced"} to ${summary.target}: ${summary.files} file(s), ${summary.filesWithNewLines} with new lines, ${summary.events} event(s) in ${summary.batches} batch(es)`,
    `  applied:   ${counts(summary.applied)}`,
    `  unchanged: ${counts(summary.unchanged)}`,
  ].join("\n");
}
