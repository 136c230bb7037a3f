// Which series a curves view opens with when the address names none: the training rates when a run can
// give them (stored train rollouts or a trainer's report), else the reward a run reported (a Harness-R1
// engineer run has engineer/reward/mean and no train rollouts), else the first keys it reported.
import { TRAINING_KEYS, trainerSourceFor } from "./training-series";

const RATES = [TRAINING_KEYS[0], TRAINING_KEYS[1]];

export function defaultCurveKeys(runs: ReadonlyArray<{ trainRollouts: number; metricKeys: readonly string[] }>): string[] {
  const reported = new Set(runs.flatMap((r) => r.metricKeys));
  if (runs.some((r) => r.trainRollouts > 0) || RATES.some((k) => trainerSourceFor(k, reported))) return [...RATES];
  const keys = [...reported].sort();
  const rewards = keys.filter((k) => /reward/i.test(k)).sort((a, b) => Number(/mean/i.test(b)) - Number(/mean/i.test(a)));
  if (rewards.length > 0) return rewards.slice(0, 2);
  return keys.length > 0 ? keys.slice(0, 2) : [...RATES];
}
