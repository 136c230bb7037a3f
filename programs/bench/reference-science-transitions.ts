// Why a candidate moves the trainable rate (issue 16): the acceptance rule's second criterion counts the usable
// rollouts of mixed GRPO groups, so a candidate that raises the pass rate can still lower it — a group that was
// mixed may become all-success (too easy now) or, by the draw, all-fail. This pairs each base group with the
// candidate group of the same task and counts the state changes, so the bench can say which way the groups moved.
// Group states follow computeTrainingRates (lib/metrics/training-rates.ts): truncated rollouts are not usable.

export type GroupState = "mixed" | "all-success" | "no-success";

export interface GroupOutcome {
  success: boolean;
  truncated: boolean;
}

export function groupState(rollouts: readonly GroupOutcome[]): GroupState {
  const usable = rollouts.filter((r) => !r.truncated);
  const success = usable.some((r) => r.success);
  const failure = usable.some((r) => !r.success);
  if (success && failure) return "mixed";
  return success ? "all-success" : "no-success";
}

/** Counts of (base state → candidate state) over paired groups, keyed "mixed→all-success" etc.; unchanged pairs included. */
export type TransitionCounts = Record<string, number>;

/** Pairs groups by key (the task); a key present on one side only is ignored. */
export function groupTransitions(
  base: ReadonlyMap<string, readonly GroupOutcome[]>,
  candidate: ReadonlyMap<string, readonly GroupOutcome[]>,
): TransitionCounts {
  const counts: TransitionCounts = {};
  for (const [key, rollouts] of base) {
    const other = candidate.get(key);
    if (!other) continue;
    const name = `${groupState(rollouts)}→${groupState(other)}`;
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** Adds b's counts into a (for summing over tries). */
export function addTransitions(a: TransitionCounts, b: TransitionCounts): TransitionCounts {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
  return a;
}
