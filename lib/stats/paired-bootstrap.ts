// The paired bootstrap over tasks (DESIGN.md, "Statistics the UI shows"). Input: one difference per task,
// dᵢ = rate(candidate) − rate(base) on task i. Tasks are the unit that is resampled (with replacement, n of
// n), because rollouts of one task are not independent of each other. Seeded, so the same differences always
// give the same interval.
//
// Choices, stated once:
// - Interval: the percentile interval, the 2.5 % and 97.5 % quantiles of the resampled means (linear
//   interpolation between order statistics, see quantileSorted). No bias correction.
// - P(Δ > 0): the share of resampled means above zero, where a mean equal to zero counts HALF. With the
//   half rule, "no difference at all" (every dᵢ = 0) gives P = 0.5, i.e. "no evidence either way", rather
//   than 0, which would read as "certainly not better". Means within TIE_EPSILON of zero are ties: rates
//   are ratios of counts and an exact zero can come out as 1e-17 after summing thirds.
// - SE: sd(dᵢ)/√n with the sample standard deviation (n − 1); it is null for a single task.
// - A single task: every resample is that task, so the interval collapses to [d₁, d₁]. It is returned (it is
//   what the bootstrap gives) but flagged `single-task`: it is not a measure of uncertainty.
import { mean, quantileSorted, sampleSd } from "./describe";
import { mulberry32, randomIndex } from "./prng";

export const DEFAULT_RESAMPLES = 10_000;
export const TIE_EPSILON = 1e-12;

/** Why an estimate cannot carry the usual meaning; null when it can. */
export type EstimateNote = "no-tasks" | "single-task" | "no-variation";

export interface PairedEstimate {
  /** Number of paired tasks (differences). */
  n: number;
  /** Δ = mean dᵢ; null without tasks. */
  mean: number | null;
  /** Sample standard deviation of dᵢ; null below two tasks. */
  sd: number | null;
  /** sd/√n; null below two tasks. */
  se: number | null;
  /** Percentile 95 % interval of the resampled means; null without tasks. */
  ci95: [number, number] | null;
  /** Share of resampled means > 0, ties counting half; null without tasks. */
  pGreaterThanZero: number | null;
  resamples: number;
  seed: number;
  note: EstimateNote | null;
}

export interface BootstrapOptions {
  resamples?: number;
  seed: number;
}

export function pairedBootstrap(d: readonly number[], { resamples = DEFAULT_RESAMPLES, seed }: BootstrapOptions): PairedEstimate {
  if (!Number.isInteger(resamples) || resamples < 1) throw new RangeError(`resamples must be a positive integer, got ${String(resamples)}`);
  d.forEach((x, i) => {
    if (typeof x !== "number" || !Number.isFinite(x)) throw new RangeError(`d[${i}] must be a finite number, got ${String(x)}`);
  });
  const n = d.length;
  const base = { n, resamples, seed: Math.trunc(seed) >>> 0 };
  if (n === 0) return { ...base, mean: null, sd: null, se: null, ci95: null, pGreaterThanZero: null, note: "no-tasks" };

  const m = mean(d) as number;
  const sd = sampleSd(d);
  const random = mulberry32(seed);
  const means = new Float64Array(resamples);
  let above = 0;
  let ties = 0;
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += d[randomIndex(random, n)];
    const resampled = sum / n;
    means[b] = resampled;
    if (Math.abs(resampled) <= TIE_EPSILON) ties += 1;
    else if (resampled > 0) above += 1;
  }
  means.sort();
  const ci95: [number, number] = [snap(quantileSorted(means, 0.025)), snap(quantileSorted(means, 0.975))];
  const note: EstimateNote | null = n === 1 ? "single-task" : sd === 0 ? "no-variation" : null;
  return {
    ...base,
    mean: snap(m),
    sd,
    se: sd === null ? null : sd / Math.sqrt(n),
    ci95,
    pGreaterThanZero: (above + ties / 2) / resamples,
    note,
  };
}

/** A value within TIE_EPSILON of zero is zero (so "−0.0 pp" and 1e-17 never reach the page). */
function snap(x: number): number {
  return Math.abs(x) <= TIE_EPSILON ? 0 : x;
}

/** The interval includes zero (bounds inclusive): the data are consistent with no change at all. */
export function intervalIncludesZero(ci: readonly [number, number] | null): boolean {
  return ci !== null && ci[0] <= TIE_EPSILON && ci[1] >= -TIE_EPSILON;
}
