// The numerical core of the policy: a tempered softmax, sampling one index from it with exactly one
// draw of the seeded RNG (so a rollout is reproducible from its seed), and the gradient of the
// log-probability of the chosen index. Kept apart from the policy so the maths can be checked alone.
import type { Rng } from "../random";

/** Below this temperature sampling is greedy; dividing scores by ~0 would overflow. */
export const MIN_TEMPERATURE = 1e-3;

/**
 * softmax(scores / temperature), max-subtracted for stability. A temperature at or below
 * MIN_TEMPERATURE returns the one-hot of the first maximum (greedy decoding).
 */
export function softmax(scores: readonly number[], temperature = 1): number[] {
  if (scores.length === 0) return [];
  let max = -Infinity;
  let argmax = 0;
  for (let i = 0; i < scores.length; i++) {
    if (scores[i] > max) {
      max = scores[i];
      argmax = i;
    }
  }
  if (!(temperature > MIN_TEMPERATURE)) return scores.map((_, i) => (i === argmax ? 1 : 0));
  const exps = scores.map((s) => Math.exp((s - max) / temperature));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Inverse-CDF sampling with a single rng.next(), whatever the number of options. */
export function sampleIndex(probs: readonly number[], rng: Rng): number {
  const u = rng.next();
  let cumulative = 0;
  for (let i = 0; i < probs.length; i++) {
    cumulative += probs[i];
    if (u < cumulative) return i;
  }
  // Rounding can leave the cumulative sum a hair below 1: fall back to the last option with mass.
  for (let i = probs.length - 1; i >= 0; i--) if (probs[i] > 0) return i;
  return probs.length - 1;
}

/** The effective temperature used for gradients: greedy choices are treated as MIN_TEMPERATURE. */
export function gradientTemperature(temperature: number): number {
  return Math.max(temperature, MIN_TEMPERATURE);
}

export function dot(a: readonly number[], b: readonly number[]): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

/**
 * d log p(chosen) / d w for a shared weight vector w, scores_i = w · features_i,
 * p = softmax(scores / T): (features_chosen − Σ_i p_i features_i) / T, added (times scale) into `into`.
 */
export function addSharedLogProbGradient(
  features: readonly (readonly number[])[],
  probs: readonly number[],
  chosen: number,
  temperature: number,
  scale: number,
  into: number[],
): void {
  const factor = scale / gradientTemperature(temperature);
  for (let i = 0; i < features.length; i++) {
    const coefficient = ((i === chosen ? 1 : 0) - probs[i]) * factor;
    if (coefficient === 0) continue;
    const f = features[i];
    for (let k = 0; k < f.length; k++) into[k] += coefficient * f[k];
  }
}

/**
 * d log p(chosen) / d w_b for one weight vector per option, scores_b = w_b · context:
 * (onehot_b − p_b) · context / T, added (times scale) into `into[b]`.
 */
export function addPerOptionLogProbGradient(
  context: readonly number[],
  probs: readonly number[],
  chosen: number,
  temperature: number,
  scale: number,
  into: number[][],
): void {
  const factor = scale / gradientTemperature(temperature);
  for (let b = 0; b < probs.length; b++) {
    const coefficient = ((b === chosen ? 1 : 0) - probs[b]) * factor;
    if (coefficient === 0) continue;
    const row = into[b];
    for (let k = 0; k < context.length; k++) row[k] += coefficient * context[k];
  }
}
