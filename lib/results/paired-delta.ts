// The paired difference of two evaluation cells on the tasks both attempted (DESIGN.md, "Statistics"):
// dᵢ = p̂ᵢ(cell) − p̂ᵢ(baseline), Δ = mean dᵢ, SE = sd(dᵢ)/√n, 95 % interval Δ ± 1.96·SE. Pairing removes the
// task-difficulty spread both cells share, so this interval is usually far narrower than the two cells'
// own intervals suggest; it only exists where the cells share tasks (same benchmark, overlapping task lists).
import { mean, standardError } from "../stats/describe";
import { taskRate, Z95, type TaskAttempts } from "./pass-at-1";

export interface PairedDelta {
  /** Tasks attempted by both cells: the n of the estimate. */
  shared: number;
  /** Tasks only the baseline / only the cell attempted: outside the estimate. */
  baselineOnly: number;
  cellOnly: number;
  /** mean dᵢ as a fraction (×100 for pp); null with no shared task. */
  delta: number | null;
  /** sd(dᵢ)/√n; null below two shared tasks. */
  se: number | null;
  ci: [number, number] | null;
}

/** Each attempted task's p̂ᵢ by id: build it once per baseline and pair many cells against it. */
export function taskRates(tasks: readonly TaskAttempts[]): Map<string, number> {
  const rates = new Map<string, number>();
  for (const t of tasks) if (t.attempts > 0) rates.set(t.taskId, taskRate(t));
  return rates;
}

/**
 * dᵢ when both cells list the same attempted tasks in the same order (the usual case: one benchmark, tasks
 * sorted by id), without a lookup per task; null when they do not, and the general pairing applies.
 */
function alignedDiffs(baseline: readonly TaskAttempts[], cell: readonly TaskAttempts[]): number[] | null {
  if (baseline.length !== cell.length) return null;
  const diffs = new Array<number>(cell.length);
  for (let i = 0; i < cell.length; i++) {
    const b = baseline[i];
    const c = cell[i];
    if (b.taskId !== c.taskId || b.attempts === 0 || c.attempts === 0) return null;
    diffs[i] = c.successes / c.attempts - b.successes / b.attempts;
  }
  return diffs;
}

function result(diffs: number[], baselineOnly: number, cellOnly: number): PairedDelta {
  const delta = mean(diffs);
  const se = standardError(diffs);
  return {
    shared: diffs.length,
    baselineOnly,
    cellOnly,
    delta,
    se,
    ci: delta === null || se === null ? null : [delta - Z95 * se, delta + Z95 * se],
  };
}

/** `baselineRates` (taskRates of the baseline) saves rebuilding the lookup when many cells pair against one baseline. */
export function pairedDelta(baseline: readonly TaskAttempts[], cell: readonly TaskAttempts[], baselineRates?: ReadonlyMap<string, number>): PairedDelta {
  const aligned = alignedDiffs(baseline, cell);
  if (aligned) return result(aligned, 0, 0);
  const base = baselineRates ?? taskRates(baseline);
  const diffs: number[] = [];
  let cellOnly = 0;
  for (const t of cell) {
    if (t.attempts === 0) continue;
    const b = base.get(t.taskId);
    if (b === undefined) cellOnly += 1;
    else diffs.push(taskRate(t) - b);
  }
  return result(diffs, base.size - diffs.length, cellOnly);
}
