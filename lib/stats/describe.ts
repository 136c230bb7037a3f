// Mean and spread of a list of numbers: the plain estimates behind the paired comparison (DESIGN.md,
// "Statistics the UI shows": Δ = mean dᵢ, SE = sd(dᵢ)/√n with the sample standard deviation).

export function mean(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  let sum = 0;
  for (const x of xs) sum += x;
  return sum / xs.length;
}

/** Sample standard deviation (n − 1 in the denominator); null below two values, where it is undefined. */
export function sampleSd(xs: readonly number[]): number | null {
  const m = mean(xs);
  if (m === null || xs.length < 2) return null;
  let squares = 0;
  for (const x of xs) squares += (x - m) * (x - m);
  return Math.sqrt(squares / (xs.length - 1));
}

/** sd/√n; null below two values. */
export function standardError(xs: readonly number[]): number | null {
  const sd = sampleSd(xs);
  return sd === null ? null : sd / Math.sqrt(xs.length);
}

/**
 * The p-quantile of ascending-sorted values with linear interpolation between order statistics (R's type 7,
 * numpy's default): h = (n − 1)·p, then x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError("quantile of no values");
  if (!(p >= 0 && p <= 1)) throw new RangeError(`p must be in [0, 1], got ${String(p)}`);
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}
