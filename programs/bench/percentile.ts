// The nearest-rank percentile every benchmark reports (p50, p95): the smallest value with at least p % of the
// values at or below it. NaN for no values, so an empty measurement cannot pass a target. Also the one median
// of repeated runs the benches share.
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** The median the repeated-run benches report: the upper middle of the sorted values (the value a run of n stands at n/2). */
export const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
