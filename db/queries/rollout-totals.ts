// An experiment's rollouts summed per (run, purpose, harness version): counts, reported tokens, USD and
// durations with how many rollouts reported each, and turns. Behind the cost page (summed over versions) and
// the harness history (summed over runs).
//
// Grouping a big experiment's rollouts costs a sort of all of them (about a second for 400,000 on the
// covering index, see programs/bench/history-cost-bench.ts), so the sums are kept per store and experiment and
// brought up to date from the rows added since: rollouts are append-only (the contract refuses a changed
// rollout, nothing updates or deletes them) and rowids grow with insertion under SQLite's single writer, so
// the rows above the last max(rowid) seen are exactly the new ones. A page after the first costs one
// max(rowid) lookup and a rowid range scan of what arrived meanwhile.
import "server-only";
import type Database from "better-sqlite3";
import type { Store } from "../client";
import type { RolloutPurpose } from "../../lib/domain/vocabulary";

export interface RolloutTotals {
  runId: string;
  purpose: RolloutPurpose;
  harnessVersionId: string | null;
  rollouts: number;
  promptReported: number;
  promptSum: number;
  completionReported: number;
  completionSum: number;
  costReported: number;
  costSum: number;
  turns: number;
  durationReported: number;
  durationSum: number;
}

const COLUMNS = `run_id AS runId, purpose, harness_version_id AS harnessVersionId, count(*) AS rollouts,
  count(prompt_tokens) AS promptReported, total(prompt_tokens) AS promptSum,
  count(completion_tokens) AS completionReported, total(completion_tokens) AS completionSum,
  count(cost_usd) AS costReported, total(cost_usd) AS costSum, total(num_turns) AS turns,
  count(duration_ms) AS durationReported, total(duration_ms) AS durationSum`;
const GROUP = "GROUP BY run_id, purpose, harness_version_id";
// The first time: the experiment's rows straight from the covering index rollouts_browse_created.
const ALL_SQL = `SELECT ${COLUMNS} FROM rollouts WHERE experiment_id = ? ${GROUP}`;
// After that: only rows above the watermark; the unary + keeps SQLite on the rowid range instead of the index.
const SINCE_SQL = `SELECT ${COLUMNS} FROM rollouts WHERE rowid > ? AND +experiment_id = ? ${GROUP}`;
const MAX_ROWID_SQL = "SELECT coalesce(max(rowid), 0) FROM rollouts";

/** The summed fields, for callers that add groups up further. */
export const TOTAL_FIELDS = [
  "rollouts", "promptReported", "promptSum", "completionReported", "completionSum", "costReported", "costSum", "turns", "durationReported", "durationSum",
] as const;

interface Entry {
  watermark: number;
  groups: Map<string, RolloutTotals>;
}

/** Experiments kept per store; the least recently read is dropped beyond it. */
const MAX_EXPERIMENTS = 256;
const cache = new WeakMap<Database.Database, Map<string, Entry>>();

const keyOf = (r: RolloutTotals) => `${r.runId}\u0000${r.purpose}\u0000${r.harnessVersionId ?? ""}`;

function merge(entry: Entry, rows: readonly RolloutTotals[]): void {
  for (const r of rows) {
    const key = keyOf(r);
    const old = entry.groups.get(key);
    if (!old) {
      entry.groups.set(key, { ...r });
      continue;
    }
    for (const f of TOTAL_FIELDS) old[f] += r[f];
  }
}

export function getRolloutTotals(store: Store, experimentId: string): RolloutTotals[] {
  const db = store.sqlite;
  // One read transaction: the watermark and the rows summed come from the same snapshot.
  return db.transaction(() => {
    const max = db.prepare(MAX_ROWID_SQL).pluck().get() as number;
    let perStore = cache.get(db);
    if (!perStore) cache.set(db, (perStore = new Map()));
    let entry = perStore.get(experimentId);
    if (!entry) {
      entry = { watermark: max, groups: new Map() };
      merge(entry, db.prepare(ALL_SQL).all(experimentId) as RolloutTotals[]);
    } else if (entry.watermark < max) {
      merge(entry, db.prepare(SINCE_SQL).all(entry.watermark, experimentId) as RolloutTotals[]);
      entry.watermark = max;
    }
    // Re-inserted last: Map order is the least-recently-read order the limit drops from.
    perStore.delete(experimentId);
    perStore.set(experimentId, entry);
    if (perStore.size > MAX_EXPERIMENTS) perStore.delete(perStore.keys().next().value as string);
    return [...entry.groups.values()].map((r) => ({ ...r }));
  })();
}
