// Per-task rates of one side of a candidate comparison (DESIGN.md): a task's K rollouts on one side form its
// GRPO-like group, p̂ᵢ = successes / K and tᵢ = usable rollouts / K, where "usable" is exactly what
// computeTrainingRates counts as trainable (kept after dropping truncated and unknown-reward rollouts, in a
// group that still holds a success and a failure). K is the number of rollouts the side actually has for the
// task, so a missing rollout lowers K instead of counting as a failure.
import { computeTrainingRates, type TrainingRates } from "../metrics/training-rates";
import { dropCauseOf, type DropCause } from "../metrics/group-usability";

export interface SideRollout {
  id: string;
  taskId: string;
  success: boolean;
  reward: number | null;
  truncated: boolean;
}

export interface TaskRolloutCell {
  id: string;
  success: boolean;
  /** Counted as trainable (kept, and its task's group is mixed after dropping). */
  usable: boolean;
  /** Why the length/reward filter dropped it; null when kept. */
  dropped: DropCause | null;
}

export interface TaskSideRates {
  taskId: string;
  /** Rollouts of this task on this side. */
  k: number;
  successes: number;
  usable: number;
  /** successes / k. */
  passRate: number;
  /** usable / k. */
  trainableRate: number;
  /** In input order. */
  rollouts: TaskRolloutCell[];
}

const byTask = (r: SideRollout) => ({ groupKey: r.taskId, success: r.success, reward: r.reward, truncated: r.truncated });

/** One entry per task that has rollouts on this side, sorted by task id (a stable order for the bootstrap). */
export function perTaskRates(rollouts: readonly SideRollout[]): TaskSideRates[] {
  const tasks = new Map<string, SideRollout[]>();
  for (const r of rollouts) {
    const list = tasks.get(r.taskId);
    if (list) list.push(r);
    else tasks.set(r.taskId, [r]);
  }
  return [...tasks.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([taskId, members]) => {
      const rates = computeTrainingRates(members.map(byTask));
      const mixed = rates.trainableRollouts > 0;
      return {
        taskId,
        k: members.length,
        successes: rates.successes,
        usable: rates.trainableRollouts,
        passRate: rates.successes / members.length,
        trainableRate: rates.trainableRollouts / members.length,
        rollouts: members.map((r) => {
          const dropped = dropCauseOf(r);
          return { id: r.id, success: r.success, usable: mixed && dropped === null, dropped };
        }),
      };
    });
}

/** The side's pooled rates over all its rollouts, each task's rollouts one group. */
export function sideRates(rollouts: readonly SideRollout[]): TrainingRates {
  return computeTrainingRates(rollouts.map(byTask));
}
