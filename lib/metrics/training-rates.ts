// Training-time rates of DOMAIN.md (pass rate, trainable rate, mixed-group ratio), computed from stored rollouts.
// Pure on purpose: the UI, the API and the acceptance rule must all agree on one definition.

export interface TrainingRolloutInput {
  /** The GRPO group (run + step + group id); null means the rollout forms a group of its own. */
  groupKey: string | null;
  success: boolean;
  reward: number | null;
  truncated: boolean;
}

export interface TrainingRates {
  rollouts: number;
  successes: number;
  /** successes / rollouts. */
  passRate: number | null;
  /** trainableRollouts / rollouts: the denominator is every rollout sampled, dropped ones included. */
  trainableRate: number | null;
  trainableRollouts: number;
  groups: number;
  mixedGroups: number;
  /** mixedGroups / groups. */
  mixedGroupRatio: number | null;
  truncationRate: number | null;
  /** Mean of the known rewards; null when none is known. */
  meanReward: number | null;
}

/** A rollout the update can learn from: kept after the length filter and with a known reward. */
function isUsable(r: TrainingRolloutInput): boolean {
  return !r.truncated && r.reward !== null;
}

export function computeTrainingRates(rollouts: ReadonlyArray<TrainingRolloutInput>): TrainingRates {
  const n = rollouts.length;
  let successes = 0;
  let truncated = 0;
  let rewardSum = 0;
  let rewardCount = 0;

  // Rollouts without a group key never share a group, so each gets its own bucket.
  const groups = new Map<string, TrainingRolloutInput[]>();
  const singletons: TrainingRolloutInput[][] = [];
  for (const r of rollouts) {
    if (r.success) successes += 1;
    if (r.truncated) truncated += 1;
    if (r.reward !== null && Number.isFinite(r.reward)) {
      rewardSum += r.reward;
      rewardCount += 1;
    }
    if (r.groupKey === null) {
      singletons.push([r]);
    } else {
      const members = groups.get(r.groupKey);
      if (members) members.push(r);
      else groups.set(r.groupKey, [r]);
    }
  }

  let mixedGroups = 0;
  let trainableRollouts = 0;
  for (const members of [...groups.values(), ...singletons]) {
    const usable = members.filter(isUsable);
    const hasSuccess = usable.some((r) => r.success);
    const hasFailure = usable.some((r) => !r.success);
    // Identical outcomes give every member the same advantage (zero), so the group teaches nothing.
    if (hasSuccess && hasFailure) {
      mixedGroups += 1;
      trainableRollouts += usable.length;
    }
  }

  const groupCount = groups.size + singletons.length;
  const share = (count: number, total: number) => (total === 0 ? null : count / total);
  return {
    rollouts: n,
    successes,
    passRate: share(successes, n),
    trainableRate: share(trainableRollouts, n),
    trainableRollouts,
    groups: groupCount,
    mixedGroups,
    mixedGroupRatio: share(mixedGroups, groupCount),
    truncationRate: share(truncated, n),
    meanReward: rewardCount === 0 ? null : rewardSum / rewardCount,
  };
}
