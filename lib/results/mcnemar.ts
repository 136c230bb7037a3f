// McNemar's exact test for two cells evaluated with one attempt per task: only the discordant tasks carry
// information, b (solved by A only) and c (solved by B only). Under "A and B are equally good" each discordant
// task falls either way with probability ½, so X ~ Bin(b + c, ½) and the two-sided p-value is
// min(1, 2·P(X ≤ min(b, c))). With no discordant task there is no evidence either way: p = 1.

export interface McNemarResult {
  /** Tasks solved by A and not by B (regressed, seen from A → B). */
  b: number;
  /** Tasks solved by B and not by A (rescued). */
  c: number;
  /** Two-sided exact p-value. */
  p: number;
}

/**
 * P(X ≤ k) for X ~ Bin(n, ½). Up to n = 1000 the terms C(n, i)·2⁻ⁿ are built by exact-as-possible products
 * from 2⁻ⁿ (a normal double down to n ≈ 1022, so small cases come out exact); beyond, in log space, where 2⁻ⁿ
 * would underflow.
 */
export function binomialHalfCdf(k: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a whole number ≥ 0, got ${String(n)}`);
  if (k < 0) return 0;
  if (k >= n) return 1;
  if (n <= 1000) {
    let term = 2 ** -n;
    let sum = term;
    for (let i = 1; i <= k; i++) {
      term = (term * (n - i + 1)) / i;
      sum += term;
    }
    return Math.min(1, sum);
  }
  const logs = new Float64Array(k + 1);
  for (let i = 1; i <= k; i++) logs[i] = logs[i - 1] + Math.log(n - i + 1) - Math.log(i);
  const top = logs[k];
  let sum = 0;
  for (let i = 0; i <= k; i++) sum += Math.exp(logs[i] - top);
  return Math.min(1, Math.exp(top + Math.log(sum) - n * Math.LN2));
}

export function mcnemarExact(b: number, c: number): McNemarResult {
  for (const [name, v] of [["b", b], ["c", c]] as const) {
    if (!Number.isInteger(v) || v < 0) throw new RangeError(`${name} must be a whole number ≥ 0, got ${String(v)}`);
  }
  const n = b + c;
  if (n === 0) return { b, c, p: 1 };
  return { b, c, p: Math.min(1, 2 * binomialHalfCdf(Math.min(b, c), n)) };
}
