// The one place a cell's pass@1 and a row's average are computed from per-task results, so the evaluation
// matrix (eval-matrix.ts) and the pass@1 curves (lib/curves/pass-at-1-series.ts) cannot disagree: a point on a
// curve IS the matrix cell for the same checkpoint, harness version and benchmark. Pure.
import { equalWeightAverage, passAt1, type PassAt1, type TaskAttempts } from "./pass-at-1";

/** A cell's per-task attempts (summed over repeats), as the matrix source holds them. */
export interface CellTasks {
  tasks: readonly TaskAttempts[];
}

/** pass@1 with its 95 % interval over tasks; null when the cell has no per-task results (summary-only or absent). */
export function cellPassAt1(source: CellTasks | undefined): PassAt1 | null {
  return source && source.tasks.length > 0 ? passAt1(source.tasks) : null;
}

export interface CellsAverage {
  score: number | null;
  se: number | null;
  ci: [number, number] | null;
  /** False when a benchmark has no per-task score: then there is no average. */
  complete: boolean;
}

/** The equal-weight average over benchmarks (the papers' "avg"); only when every benchmark has a per-task score. */
export function averageOfCells(cells: ReadonlyArray<PassAt1 | null>): CellsAverage {
  const complete = cells.length > 0 && cells.every((c) => c?.score != null);
  if (!complete) return { score: null, se: null, ci: null, complete: false };
  return { ...equalWeightAverage(cells as PassAt1[]), complete: true };
}
