// Rule noise of a PAIRED comparison: both sides ran rollout k of a task on common random numbers (the same seed or
// stream), so "no effect" means the two rollouts of a (task, sample index) pair are exchangeable — not that all of a
// task's rollouts are. The null therefore swaps sides within pairs (sign flips) and applies the paper's rule to the
// rates of each arrangement. Only pairs whose rollouts differ (in success, or in whether the length/reward filter
// keeps them) change anything: an identical candidate has no differing pair, one arrangement, and a noise figure of
// 0 — where the within-task re-deal (rule-noise.ts) reports ~30 % for the same rollouts, because it re-deals
// differences the pairing had already removed. Rollouts without a partner stay on their side. Exact when 2^d
// arrangements fit the budget, else a seeded Monte Carlo estimate. Pure.
import { acceptanceRule } from "../metrics/acceptance-rule";
import { mulberry32 } from "./prng";
import { cellOf, DEFAULT_NOISE_ARRANGEMENTS, groupRates, type Cell, type NoiseRollout, type RuleNoise } from "./rule-noise";

export interface PairedNoiseRollout extends NoiseRollout {
  /** The rollout's sample index within its task on its side; null when the producer gave none (no partner then). */
  sampleIndex: number | null;
}

interface TaskCells {
  base: Cell[];
  candidate: Cell[];
}

interface Pair {
  task: number;
  base: number;
  candidate: number;
}

const sameCell = (a: Cell, b: Cell) => a.success === b.success && a.kept === b.kept;

/** Null when no task has a pair (nothing is paired: the caller falls back to the within-task null). */
export function pairedRuleNoise(rollouts: readonly PairedNoiseRollout[], options: { seed: number; arrangements?: number }): RuleNoise | null {
  const limit = options.arrangements ?? DEFAULT_NOISE_ARRANGEMENTS;
  const byTask = new Map<string, { base: PairedNoiseRollout[]; candidate: PairedNoiseRollout[] }>();
  for (const r of rollouts) {
    const entry = byTask.get(r.taskId) ?? { base: [], candidate: [] };
    entry[r.side].push(r);
    byTask.set(r.taskId, entry);
  }
  // Tasks sorted so the seeded draws do not depend on the order rollouts were read in.
  const taskIds = [...byTask.keys()].filter((t) => byTask.get(t)!.base.length > 0 && byTask.get(t)!.candidate.length > 0).sort();
  const tasks: TaskCells[] = [];
  const pairs: Pair[] = [];
  for (const taskId of taskIds) {
    // Sample order within a task, so the pairs (and the seeded draws over them) do not depend on the input order.
    const bySample = (a: PairedNoiseRollout, b: PairedNoiseRollout) => (a.sampleIndex ?? Infinity) - (b.sampleIndex ?? Infinity);
    const found = byTask.get(taskId)!;
    const sides = { base: [...found.base].sort(bySample), candidate: [...found.candidate].sort(bySample) };
    const t = tasks.length;
    tasks.push({ base: sides.base.map(cellOf), candidate: sides.candidate.map(cellOf) });
    const candidateAt = new Map<number, number>();
    sides.candidate.forEach((r, i) => {
      if (r.sampleIndex !== null && !candidateAt.has(r.sampleIndex)) candidateAt.set(r.sampleIndex, i);
    });
    const used = new Set<number>();
    sides.base.forEach((r, i) => {
      if (r.sampleIndex === null || used.has(r.sampleIndex)) return;
      const c = candidateAt.get(r.sampleIndex);
      if (c === undefined) return;
      used.add(r.sampleIndex);
      pairs.push({ task: t, base: i, candidate: c });
    });
  }
  if (pairs.length === 0) return null;
  const differing = pairs.filter((p) => !sameCell(tasks[p.task]!.base[p.base]!, tasks[p.task]!.candidate[p.candidate]!));
  const totals = {
    base: tasks.reduce((n, t) => n + t.base.length, 0),
    candidate: tasks.reduce((n, t) => n + t.candidate.length, 0),
  };

  const accepts = (swapped: (i: number) => boolean): boolean => {
    const base = tasks.map((t) => [...t.base]);
    const candidate = tasks.map((t) => [...t.candidate]);
    differing.forEach((p, i) => {
      if (!swapped(i)) return;
      base[p.task]![p.base] = tasks[p.task]!.candidate[p.candidate]!;
      candidate[p.task]![p.candidate] = tasks[p.task]!.base[p.base]!;
    });
    return acceptanceRule({ base: groupRates(base, totals.base), candidate: groupRates(candidate, totals.candidate) }).verdict === "accept";
  };

  const common = {
    design: "paired" as const, pairs: pairs.length, differingPairs: differing.length,
    tasks: tasks.length, rollouts: totals, seed: options.seed,
  };
  const d = differing.length;
  if (d < 31 && 2 ** d <= limit) {
    const count = 2 ** d;
    let accepted = 0;
    for (let mask = 0; mask < count; mask++) if (accepts((i) => (mask & (1 << i)) !== 0)) accepted++;
    return { acceptRate: accepted / count, method: "exact", arrangements: count, ...common };
  }
  const random = mulberry32(options.seed);
  let accepted = 0;
  for (let a = 0; a < limit; a++) {
    const flips = differing.map(() => random() < 0.5);
    if (accepts((i) => flips[i]!)) accepted++;
  }
  return { acceptRate: accepted / limit, method: "permutation", arrangements: limit, ...common };
}
