// Harness-R1 over the engineer's training: the frozen target's success rate under the best patch found so far,
// step by step. A patch is one harness change (its proposal; an evaluation without one stands alone); after
// each step, the best is the patch with the highest mean reward r(B, P) over all its valid, complete
// evaluations up to that step (ties: more evaluations, then the smaller id), and the point is the target's
// mean success under it on those batches, beside its mean success under the bare harness on the same batches.
// A packet's step is the step its failed rollouts name (db/queries/best-patch-curve.ts). Pure.
import type { TableData } from "../tables/table-data";
import { effectiveReward, type PatchOutcome } from "../patches/patch-reward";

export interface PatchEvaluationAtStep extends PatchOutcome {
  /** The engineer run of the packet; null when the packet names none. */
  run: string | null;
  step: number | null;
  /** The proposal the patch belongs to (the same patch sampled again is the same proposal). */
  patchId: string | null;
  patchLabel: string | null;
}

export interface BestPatchPoint {
  step: number;
  patchId: string;
  patchLabel: string;
  /** Mean success rate of the target under the patch, over its evaluated batches so far. */
  success: number;
  /** Mean success rate of the target under the bare harness on the same batches. */
  baseline: number;
  meanReward: number;
  batches: number;
}

export interface BestPatchCurve {
  run: string | null;
  points: BestPatchPoint[];
  /** Patch evaluations whose packet names no step: not placed. */
  withoutStep: number;
}

interface Tally {
  label: string;
  reward: number;
  success: number;
  baseline: number;
  n: number;
}

export function bestPatchCurves(evaluations: readonly PatchEvaluationAtStep[]): BestPatchCurve[] {
  const runs = [...new Set(evaluations.map((e) => e.run))];
  return runs.map((run) => {
    const mine = evaluations.filter((e) => e.run === run);
    const placed = mine.filter((e) => e.step !== null);
    const steps = [...new Set(placed.map((e) => e.step as number))].sort((a, b) => a - b);
    const tallies = new Map<string, Tally>();
    const points: BestPatchPoint[] = [];
    for (const step of steps) {
      for (const e of placed.filter((p) => p.step === step)) {
        const reward = effectiveReward(e);
        if (!e.valid || !e.complete || reward === null || e.patchedSuccess === null || e.baselineSuccess === null) continue;
        const key = e.patchId ?? e.id;
        const t = tallies.get(key) ?? { label: e.patchLabel ?? key, reward: 0, success: 0, baseline: 0, n: 0 };
        t.reward += reward;
        t.success += e.patchedSuccess;
        t.baseline += e.baselineSuccess;
        t.n += 1;
        tallies.set(key, t);
      }
      let best: [string, Tally] | null = null;
      for (const entry of [...tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        const [, t] = entry;
        const mean = t.reward / t.n;
        const bestMean = best ? best[1].reward / best[1].n : -Infinity;
        if (!best || mean > bestMean + 1e-12 || (Math.abs(mean - bestMean) <= 1e-12 && t.n > best[1].n)) best = entry;
      }
      if (!best) continue;
      const [patchId, t] = best;
      points.push({ step, patchId, patchLabel: t.label, success: t.success / t.n, baseline: t.baseline / t.n, meanReward: t.reward / t.n, batches: t.n });
    }
    return { run, points, withoutStep: mine.length - placed.length };
  });
}

export function bestPatchTable(curves: readonly BestPatchCurve[]): TableData {
  return {
    columns: ["engineer run", "step", "best patch so far", "patch id", "target success under it", "target success under H0 (same batches)", "mean reward r(B, P)", "batches"],
    rows: curves.flatMap((c) => c.points.map((p) => [c.run, p.step, p.patchLabel, p.patchId, p.success, p.baseline, p.meanReward, p.batches])),
  };
}
