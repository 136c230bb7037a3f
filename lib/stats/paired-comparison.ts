// The paired comparison of a candidate harness against the incumbent on the tasks both sides ran: per task
// dᵢ = p̂ᵢ(candidate) − p̂ᵢ(base) for pass rate and dᵢ = tᵢ(candidate) − tᵢ(base) for trainable rate, each
// through the seeded paired bootstrap. Both metrics use the same seed, and so resample the same tasks.
// Tasks that only one side ran cannot be paired: they are left out of Δ and reported by id.
import { pairedBootstrap, type BootstrapOptions, type PairedEstimate } from "./paired-bootstrap";
import type { TaskSideRates } from "./task-rates";

export interface TaskPair {
  taskId: string;
  base: TaskSideRates;
  candidate: TaskSideRates;
}

export interface PairedComparison {
  /** Tasks with rollouts on both sides, sorted by task id. */
  pairs: TaskPair[];
  /** Tasks left out of the paired estimate because the other side has no rollout of them. */
  baseOnlyTasks: string[];
  candidateOnlyTasks: string[];
  passRate: PairedEstimate;
  trainableRate: PairedEstimate;
}

export function pairTasks(base: readonly TaskSideRates[], candidate: readonly TaskSideRates[]) {
  const candidateById = new Map(candidate.map((t) => [t.taskId, t]));
  const baseIds = new Set(base.map((t) => t.taskId));
  const pairs: TaskPair[] = [];
  const baseOnlyTasks: string[] = [];
  for (const b of base) {
    const c = candidateById.get(b.taskId);
    if (c) pairs.push({ taskId: b.taskId, base: b, candidate: c });
    else baseOnlyTasks.push(b.taskId);
  }
  const candidateOnlyTasks = candidate.filter((c) => !baseIds.has(c.taskId)).map((c) => c.taskId);
  // The bootstrap resamples by position: a fixed order makes the interval independent of the input order.
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  pairs.sort((a, b) => byId(a.taskId, b.taskId));
  return { pairs, baseOnlyTasks: baseOnlyTasks.sort(byId), candidateOnlyTasks: candidateOnlyTasks.sort(byId) };
}

export function pairedComparison(
  base: readonly TaskSideRates[], candidate: readonly TaskSideRates[], options: BootstrapOptions,
): PairedComparison {
  const { pairs, baseOnlyTasks, candidateOnlyTasks } = pairTasks(base, candidate);
  return {
    pairs,
    baseOnlyTasks,
    candidateOnlyTasks,
    passRate: pairedBootstrap(pairs.map((p) => p.candidate.passRate - p.base.passRate), options),
    trainableRate: pairedBootstrap(pairs.map((p) => p.candidate.trainableRate - p.base.trainableRate), options),
  };
}
