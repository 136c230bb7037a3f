// Which of a trainer's metric keys report pass@1 on an evaluation benchmark, and on which one: the fallback of
// the pass@1 curves when a run has no stored per-task evaluation results. The names the common RL trainers log:
// verl `val/{ds}/pass@1` and `val-core/{ds}/{reward…}/mean@N` (the mean accuracy over N samples per task is the
// pass@1 estimate), rllm/SkyRL `eval/{ds}/pass_at_1`, OpenRLHF-style `eval_{ds}_pass1`. pass@k for k > 1 and
// best@N / maj@N are other quantities and are not taken. Pure.

export interface PassAt1MetricKey {
  key: string;
  benchmark: string;
}

const PATTERNS: RegExp[] = [
  /^val\/([^/]+)\/pass@1$/,
  /^val-core\/([^/]+)\/(?:.+\/)?mean@\d+$/,
  /^eval\/([^/]+)\/pass_at_1$/,
  /^eval_(.+)_pass1$/,
];

/** The benchmark a key reports pass@1 for, or null when it is not such a key. */
export function passAt1MetricBenchmark(key: string): string | null {
  for (const pattern of PATTERNS) {
    const m = pattern.exec(key);
    if (m && m[1] !== "") return m[1];
  }
  return null;
}

/**
 * The pass@1 keys among a run's metric keys, one per benchmark: when a benchmark is reported under several
 * names, the first pattern above wins (then the key sorting first), so a chart never draws one benchmark twice.
 */
export function passAt1MetricKeys(keys: readonly string[]): PassAt1MetricKey[] {
  const best = new Map<string, { key: string; rank: number }>();
  for (const key of [...keys].sort()) {
    const rank = PATTERNS.findIndex((p) => p.test(key));
    if (rank < 0) continue;
    const benchmark = passAt1MetricBenchmark(key) as string;
    const known = best.get(benchmark);
    if (!known || rank < known.rank) best.set(benchmark, { key, rank });
  }
  return [...best].map(([benchmark, { key }]) => ({ key, benchmark })).sort((a, b) => a.benchmark.localeCompare(b.benchmark));
}
