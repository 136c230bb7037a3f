// pass@1 of one evaluation cell (checkpoint × harness version × benchmark) as DESIGN.md defines it: each task's
// p̂ᵢ is its mean success over the R repeats that attempted it, the score is the mean of p̂ᵢ over tasks, and
// the 95 % interval is ±1.96·sd(p̂ᵢ)/√n over TASKS — tasks are the clusters. The spread of the R run means is
// not the error bar: with 500 tasks and 3 repeats it is far too narrow, because it ignores which tasks happened
// to be in the benchmark.
import { mean, standardError } from "../stats/describe";

export const Z95 = 1.959963984540054;

/** Attempts of one task in one cell, summed over repeats. */
export interface TaskAttempts {
  taskId: string;
  successes: number;
  attempts: number;
}

export interface PassAt1 {
  /** mean p̂ᵢ in [0, 1]; null with no task. */
  score: number | null;
  /** sd(p̂ᵢ)/√n; null below two tasks. */
  se: number | null;
  /** score ± 1.96·SE, clipped to [0, 1]; null when SE is. */
  ci: [number, number] | null;
  tasks: number;
  attempts: number;
  /** Distinct repeat counts seen: [3] when every task was attempted 3 times. */
  repeats: { min: number; max: number };
}

export function taskRate(t: TaskAttempts): number {
  return t.attempts === 0 ? 0 : t.successes / t.attempts;
}

export function passAt1(tasks: readonly TaskAttempts[]): PassAt1 {
  const attempted = tasks.filter((t) => t.attempts > 0);
  const rates = attempted.map(taskRate);
  const score = mean(rates);
  const se = standardError(rates);
  const ci: [number, number] | null =
    score === null || se === null ? null : [Math.max(0, score - Z95 * se), Math.min(1, score + Z95 * se)];
  let attempts = 0;
  let min = Infinity;
  let max = 0;
  for (const t of attempted) {
    attempts += t.attempts;
    min = Math.min(min, t.attempts);
    max = Math.max(max, t.attempts);
  }
  return { score, se, ci, tasks: attempted.length, attempts, repeats: { min: attempted.length ? min : 0, max } };
}

/**
 * The equal-weight mean of several benchmarks' scores (the papers' "avg" column). Its SE combines the
 * benchmarks' SEs as independent samples: √(Σ SEᵦ²) / B. Null when any benchmark has no score; the SE is null
 * when any benchmark has none.
 */
export function equalWeightAverage(cells: ReadonlyArray<Pick<PassAt1, "score" | "se">>): { score: number | null; se: number | null; ci: [number, number] | null } {
  if (cells.length === 0 || cells.some((c) => c.score === null)) return { score: null, se: null, ci: null };
  const score = cells.reduce((s, c) => s + (c.score as number), 0) / cells.length;
  if (cells.some((c) => c.se === null)) return { score, se: null, ci: null };
  const se = Math.sqrt(cells.reduce((s, c) => s + (c.se as number) ** 2, 0)) / cells.length;
  return { score, se, ci: [Math.max(0, score - Z95 * se), Math.min(1, score + Z95 * se)] };
}
