// What an experiment's rollouts cost (issue 6, part 4), summed from per-(run, purpose) aggregates the query
// returns: rollout counts, tokens and USD where producers reported them — with how many rollouts did, since a
// sum over some rollouts is not the cost of all — turns and duration. Pure.
import { ROLLOUT_PURPOSES, type RolloutPurpose } from "../domain/vocabulary";

/** A sum over the rollouts that reported a quantity, and how many did. */
export interface Reported {
  reported: number;
  sum: number;
}

export interface CostCell {
  rollouts: number;
  promptTokens: Reported;
  completionTokens: Reported;
  costUsd: Reported;
  turns: number;
  durationMs: Reported;
}

/** One row of the query: the rollouts of one run with one purpose. */
export interface CostAggregate extends CostCell {
  runId: string;
  purpose: RolloutPurpose;
}

export const emptyCell = (): CostCell => ({
  rollouts: 0,
  promptTokens: { reported: 0, sum: 0 },
  completionTokens: { reported: 0, sum: 0 },
  costUsd: { reported: 0, sum: 0 },
  turns: 0,
  durationMs: { reported: 0, sum: 0 },
});

const addReported = (a: Reported, b: Reported): Reported => ({ reported: a.reported + b.reported, sum: a.sum + b.sum });

export function addCells(a: CostCell, b: CostCell): CostCell {
  return {
    rollouts: a.rollouts + b.rollouts,
    promptTokens: addReported(a.promptTokens, b.promptTokens),
    completionTokens: addReported(a.completionTokens, b.completionTokens),
    costUsd: addReported(a.costUsd, b.costUsd),
    turns: a.turns + b.turns,
    durationMs: addReported(a.durationMs, b.durationMs),
  };
}

export const sumCells = (cells: readonly CostCell[]): CostCell => cells.reduce(addCells, emptyCell());

/**
 * Purposes whose rollouts count toward what a method spent to train: everything but evaluation (the paper's
 * 8,464 policy + 6,280 preparation + 3,312 comparison = 18,056 leaves the benchmark runs out; Harness-R1's
 * re-runs under engineer patches are its training signal).
 */
export const TRAINING_SIDE: readonly RolloutPurpose[] = ["train", "preparation", "comparison", "rerun"];

export interface PurposeSummary {
  byPurpose: Record<RolloutPurpose, CostCell>;
  /** All purposes but eval. */
  trainingSide: CostCell;
  all: CostCell;
}

export function summariseByPurpose(rows: readonly CostAggregate[]): PurposeSummary {
  const byPurpose = Object.fromEntries(ROLLOUT_PURPOSES.map((p) => [p, emptyCell()])) as Record<RolloutPurpose, CostCell>;
  for (const row of rows) byPurpose[row.purpose] = addCells(byPurpose[row.purpose], row);
  return {
    byPurpose,
    trainingSide: sumCells(TRAINING_SIDE.map((p) => byPurpose[p])),
    all: sumCells(ROLLOUT_PURPOSES.map((p) => byPurpose[p])),
  };
}

export interface RunInfo {
  id: string;
  name: string | null;
  kind: string;
  /** The run's status, or "stale" for one that says running but went silent without a live job. */
  status: string;
  /** "running · no heartbeat for 3 h" for a stale run. */
  staleText?: string;
}

export interface RunCost {
  run: RunInfo;
  byPurpose: Partial<Record<RolloutPurpose, number>>;
  total: CostCell;
}

/** Each run's rollouts by purpose and its totals, in the order the runs are given; runs without rollouts kept. */
export function summariseByRun(rows: readonly CostAggregate[], runs: readonly RunInfo[]): RunCost[] {
  return runs.map((run) => {
    const own = rows.filter((r) => r.runId === run.id);
    const byPurpose: Partial<Record<RolloutPurpose, number>> = {};
    for (const r of own) byPurpose[r.purpose] = (byPurpose[r.purpose] ?? 0) + r.rollouts;
    return { run, byPurpose, total: sumCells(own) };
  });
}

/** Whether every rollout, some, or none reported the quantity. */
export function coverage(q: Reported, rollouts: number): "all" | "some" | "none" {
  if (q.reported === 0) return "none";
  return q.reported >= rollouts ? "all" : "some";
}

/** Mean over the rollouts that reported it; null when none did. */
export function meanReported(q: Reported): number | null {
  return q.reported === 0 ? null : q.sum / q.reported;
}
