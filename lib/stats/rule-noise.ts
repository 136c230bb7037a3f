// Rule noise: how often the paper's acceptance rule would accept a candidate with NO effect, at this many
// tasks and rollouts. Under "no effect" the two sides' rollouts of a task are exchangeable, so the stored
// per-task results are re-dealt: within each task, the side's rollouts are shuffled together and split back
// into a base and a candidate of the original sizes (a within-task permutation), and the rule is applied to
// the rates of the re-dealt sides. The share of arrangements it accepts is the false-acceptance rate a
// reviewer should read next to the verdict ("this rule accepts a no-change candidate 35 % of the time here").
// Exact when the arrangements are few enough to enumerate, else a seeded Monte Carlo estimate. Pure.
// This is the null of UNPAIRED sides; sides paired on common random numbers use paired-rule-noise.ts instead
// (re-dealing across pairs would count differences the pairing had already removed).
import { acceptanceRule } from "../metrics/acceptance-rule";
import { mulberry32, randomIndex } from "./prng";

export interface NoiseRollout {
  side: "base" | "candidate";
  taskId: string;
  success: boolean;
  reward: number | null;
  truncated: boolean;
}

export interface RuleNoise {
  /** Share of no-effect arrangements the rule accepts, in [0, 1]. */
  acceptRate: number;
  /**
   * The null used: "within-task" re-deals each task's rollouts between the sides (unpaired sides); "paired" swaps
   * the two rollouts of a (task, sample index) pair (sides on common random numbers). Stored with the decision.
   */
  design: "within-task" | "paired";
  /** Paired design only: pairs compared, and how many of them differ (the only ones a swap changes). */
  pairs?: number;
  differingPairs?: number;
  /** "exact": every arrangement enumerated (weighted equally); "permutation": seeded random arrangements. */
  method: "exact" | "permutation";
  /** Arrangements counted (enumerated or drawn). */
  arrangements: number;
  /** Tasks whose rollouts were re-dealt (tasks with rollouts on both sides). */
  tasks: number;
  /** Rollouts per side counted (every rollout of a paired task). */
  rollouts: { base: number; candidate: number };
  seed: number;
}

export const DEFAULT_NOISE_ARRANGEMENTS = 2000;

/** What one rollout contributes: success, and whether the length/reward filter keeps it. */
export interface Cell { success: boolean; kept: boolean }

export const cellOf = (r: Pick<NoiseRollout, "success" | "reward" | "truncated">): Cell =>
  ({ success: r.success, kept: !r.truncated && r.reward !== null && Number.isFinite(r.reward) });

interface TaskPool { cells: Cell[]; baseSize: number }

/** A side's rates from its per-task groups: pass rate, and the trainable rate of computeTrainingRates. */
export function groupRates(groups: Cell[][], total: number): { passRate: number; trainableRate: number } {
  let successes = 0;
  let trainable = 0;
  for (const group of groups) {
    let keptSuccess = false;
    let keptFailure = false;
    let kept = 0;
    for (const c of group) {
      if (c.success) successes++;
      if (c.kept) {
        kept++;
        if (c.success) keptSuccess = true;
        else keptFailure = true;
      }
    }
    if (keptSuccess && keptFailure) trainable += kept;
  }
  return { passRate: successes / total, trainableRate: trainable / total };
}

function accepts(pools: readonly TaskPool[], baseIndex: readonly number[][], totals: { base: number; candidate: number }): boolean {
  const base: Cell[][] = [];
  const candidate: Cell[][] = [];
  pools.forEach((pool, t) => {
    const chosen = new Set(baseIndex[t]);
    base.push(pool.cells.filter((_, i) => chosen.has(i)));
    candidate.push(pool.cells.filter((_, i) => !chosen.has(i)));
  });
  return acceptanceRule({ base: groupRates(base, totals.base), candidate: groupRates(candidate, totals.candidate) }).verdict === "accept";
}

/** All size-k subsets of 0..n-1 (n is small when this is called). */
function subsets(n: number, k: number): number[][] {
  const out: number[][] = [];
  const walk = (start: number, picked: number[]) => {
    if (picked.length === k) {
      out.push([...picked]);
      return;
    }
    for (let i = start; i < n; i++) walk(i + 1, [...picked, i]);
  };
  walk(0, []);
  return out;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

export function ruleNoise(rollouts: readonly NoiseRollout[], options: { seed: number; arrangements?: number }): RuleNoise | null {
  const limit = options.arrangements ?? DEFAULT_NOISE_ARRANGEMENTS;
  const byTask = new Map<string, { base: Cell[]; candidate: Cell[] }>();
  for (const r of rollouts) {
    const entry = byTask.get(r.taskId) ?? { base: [], candidate: [] };
    entry[r.side].push(cellOf(r));
    byTask.set(r.taskId, entry);
  }
  // Tasks are sorted so the seeded draws do not depend on the order rollouts were read in.
  const pools: TaskPool[] = [...byTask.entries()]
    .filter(([, s]) => s.base.length > 0 && s.candidate.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, s]) => ({ cells: [...s.base, ...s.candidate], baseSize: s.base.length }));
  if (pools.length === 0) return null;
  const totals = {
    base: pools.reduce((n, p) => n + p.baseSize, 0),
    candidate: pools.reduce((n, p) => n + p.cells.length - p.baseSize, 0),
  };
  const common = { design: "within-task" as const, tasks: pools.length, rollouts: totals, seed: options.seed };

  // Exact: every combination of per-task splits, when there are no more than the Monte Carlo budget.
  let count = 1;
  for (const p of pools) {
    count *= binomial(p.cells.length, p.baseSize);
    if (count > limit) break;
  }
  if (count <= limit) {
    const choices = pools.map((p) => subsets(p.cells.length, p.baseSize));
    let accepted = 0;
    const pick: number[][] = [];
    const walk = (t: number) => {
      if (t === pools.length) {
        if (accepts(pools, pick, totals)) accepted++;
        return;
      }
      for (const c of choices[t]) {
        pick[t] = c;
        walk(t + 1);
      }
    };
    walk(0);
    return { acceptRate: accepted / count, method: "exact", arrangements: count, ...common };
  }

  const random = mulberry32(options.seed);
  let accepted = 0;
  for (let a = 0; a < limit; a++) {
    const pick = pools.map((p) => {
      // A partial Fisher–Yates shuffle: the first baseSize indices go to the base side.
      const idx = p.cells.map((_, i) => i);
      for (let i = 0; i < p.baseSize; i++) {
        const j = i + randomIndex(random, idx.length - i);
        [idx[i], idx[j]] = [idx[j], idx[i]];
      }
      return idx.slice(0, p.baseSize);
    });
    if (accepts(pools, pick, totals)) accepted++;
  }
  return { acceptRate: accepted / limit, method: "permutation", arrangements: limit, ...common };
}
