// An experiment's training rates (pass rate, trainable rate, mixed-group ratio; the overview page) from the
// per-step counts kept on write (migration 0011, train_step_rates), so the overview costs the experiment's
// steps, not its rollouts: reading and grouping every train rollout was the overview's largest cost under load.
// Train rollouts without a step are not in the kept counts; they are read from their rows (an index finds
// exactly them). `recomputeExperimentTrainingRates` is the definition from the raw rows (lib/metrics/
// training-rates.ts), which the tests check this against.
import "server-only";
import type { Store } from "../client";
import { computeTrainingRates, type TrainingRates } from "../../lib/metrics/training-rates";
import { rateInputOf } from "./rollout-row";

interface Counts {
  rollouts: number;
  successes: number;
  truncated: number;
  rewardSum: number;
  rewardCount: number;
  groups: number;
  mixedGroups: number;
  trainableRollouts: number;
}

type TrainRow = { runId: string; step: number | null; groupId: string | null; success: number; reward: number | null; truncated: number };

const groupKeyOf = (r: TrainRow) => (r.groupId === null ? null : JSON.stringify([r.runId, r.step, r.groupId]));

/** The experiment's training rates: kept counts of its runs' steps, plus its train rollouts without a step. */
export function experimentTrainingRates(store: Store, experimentId: string): TrainingRates {
  const kept = store.sqlite
    .prepare(
      `SELECT coalesce(sum(t.rollouts), 0) AS rollouts, coalesce(sum(t.successes), 0) AS successes, coalesce(sum(t.truncated), 0) AS truncated,
              total(t.reward_sum) AS rewardSum, coalesce(sum(t.reward_count), 0) AS rewardCount, coalesce(sum(t.groups + t.singletons), 0) AS groups,
              coalesce(sum(t.mixed_groups), 0) AS mixedGroups, coalesce(sum(t.trainable_rollouts), 0) AS trainableRollouts
         FROM runs u JOIN train_step_rates t ON t.run_id = u.id
        WHERE u.experiment_id = ?`,
    )
    .get(experimentId) as Counts;
  // Rollouts without a step: each group key names its run and a null step, so they share no group with the kept ones.
  const stepless = store.sqlite
    .prepare(
      `SELECT run_id AS runId, step, group_id AS groupId, success, reward, truncated
         FROM rollouts INDEXED BY rollouts_browse_step
        WHERE experiment_id = ? AND step IS NULL AND purpose = 'train'`,
    )
    .all(experimentId) as TrainRow[];
  const loose = computeTrainingRates(stepless.map((r) => rateInputOf(r, groupKeyOf(r))));
  let looseRewardSum = 0;
  let looseRewardCount = 0;
  for (const r of stepless) {
    if (r.reward !== null && Number.isFinite(r.reward)) {
      looseRewardSum += r.reward;
      looseRewardCount += 1;
    }
  }
  const n = kept.rollouts + loose.rollouts;
  const successes = kept.successes + loose.successes;
  const truncated = kept.truncated + stepless.filter((r) => r.truncated === 1).length;
  const trainableRollouts = kept.trainableRollouts + loose.trainableRollouts;
  const groups = kept.groups + loose.groups;
  const mixedGroups = kept.mixedGroups + loose.mixedGroups;
  const rewardCount = kept.rewardCount + looseRewardCount;
  const share = (count: number, total: number) => (total === 0 ? null : count / total);
  return {
    rollouts: n,
    successes,
    passRate: share(successes, n),
    trainableRate: share(trainableRollouts, n),
    trainableRollouts,
    groups,
    mixedGroups,
    mixedGroupRatio: share(mixedGroups, groups),
    truncationRate: share(truncated, n),
    meanReward: rewardCount === 0 ? null : (kept.rewardSum + looseRewardSum) / rewardCount,
  };
}

/** The same from every train rollout of the experiment (the definition; tests and benches compare with it). */
export function recomputeExperimentTrainingRates(store: Store, experimentId: string): TrainingRates {
  const rows = store.sqlite
    .prepare(
      `SELECT run_id AS runId, step, group_id AS groupId, success, reward, truncated
         FROM rollouts WHERE experiment_id = ? AND purpose = 'train'`,
    )
    .all(experimentId) as TrainRow[];
  return computeTrainingRates(rows.map((r) => rateInputOf(r, groupKeyOf(r))));
}
