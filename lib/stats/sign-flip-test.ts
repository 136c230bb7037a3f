// A one-sided paired test by sign flips: given per-unit differences (candidate − base) of paired units, how often
// does flipping the signs at random (what "no effect" allows when the two sides of each unit are exchangeable) give a
// sum at least as large as the observed one? Units that did not differ contribute nothing, so two sides that agree
// everywhere get p = 1. Exact (every sign pattern of the nonzero units) when there are at most EXACT_LIMIT of them,
// else a seeded Monte Carlo estimate with the observed pattern counted (p never 0). Pure.
import { mulberry32 } from "./prng";

export const EXACT_LIMIT = 16;

export interface SignFlipResult {
  /** One-sided p-value: P(sum under sign flips ≥ observed sum). */
  p: number;
  /** Units whose difference is not zero (the only ones a flip changes). */
  differing: number;
  method: "exact" | "monte-carlo";
}

const EPSILON = 1e-12;

export function signFlipTest(diffs: readonly number[], options: { seed: number; draws?: number }): SignFlipResult {
  const nonzero = diffs.filter((d) => Math.abs(d) > EPSILON);
  const observed = nonzero.reduce((a, b) => a + b, 0);
  if (nonzero.length === 0) return { p: 1, differing: 0, method: "exact" };
  const magnitudes = nonzero.map(Math.abs);
  if (nonzero.length <= EXACT_LIMIT) {
    let atLeast = 0;
    const patterns = 2 ** nonzero.length;
    for (let mask = 0; mask < patterns; mask++) {
      let sum = 0;
      for (let i = 0; i < magnitudes.length; i++) sum += mask & (1 << i) ? magnitudes[i] : -magnitudes[i];
      if (sum >= observed - EPSILON) atLeast++;
    }
    return { p: atLeast / patterns, differing: nonzero.length, method: "exact" };
  }
  const draws = options.draws ?? 4000;
  const random = mulberry32(options.seed);
  let atLeast = 1; // the observed arrangement is one of the arrangements (p is never 0)
  for (let k = 0; k < draws; k++) {
    let sum = 0;
    for (const m of magnitudes) sum += random() < 0.5 ? m : -m;
    if (sum >= observed - EPSILON) atLeast++;
  }
  return { p: atLeast / (draws + 1), differing: nonzero.length, method: "monte-carlo" };
}
