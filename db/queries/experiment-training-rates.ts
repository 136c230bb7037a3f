// An experiment's training rates (pass rate, trainable rate, mixed-group ratio; the overview page) from the
// per-step counts kept on write (migration 0011, train_step_rates), so the overview costs the experiment's
// steps, not its rollouts: reading and grouping every train rollout was the overview's largest cost under load.
// Train rollouts without a step are not in the kept counts: an experiment that has some is recomputed from its
// rows. `recomputeExperimentTrainingRates` is the definition from the raw rows (lib/metrics/training-rates.ts),
// which the tests check this against.
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

/**
 * The experiment's training rates from the kept counts of its runs' steps. When their number of rollouts is not
 * the experiment's number of train rollouts (some have no step, or a rollout names a run of another experiment),
 * the rates are recomputed from the rows instead.
 */
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
  // Counted from an index alone (experiment, purpose): no row is read.
  const trainRollouts = store.sqlite
    .prepare("SELECT count(*) FROM rollouts INDEXED BY rollouts_experiment_purpose WHERE experiment_id = ? AND purpose = 'train'")
    .pluck()
    .get(experimentId) as number;
  if (trainRollouts !== kept.rollouts) return recomputeExperimentTrainingRates(store, experimentId);
  const n = kept.rollouts;
  const share = (count: number, total: number) => (total === 0 ? null : count / total);
  return {
    rollouts: n,
    successes: kept.successes,
    passRate: share(kept.successes, n),
    trainableRate: share(kept.trainableRollouts, n),
    trainableRollouts: kept.trainableRollouts,
    groups: kept.groups,
    mixedGroups: kept.mixedGroups,
    mixedGroupRatio: share(kept.mixedGroups, kept.groups),
    truncationRate: share(kept.truncated, n),
    meanReward: kept.rewardCount === 0 ? null : kept.rewardSum / kept.rewardCount,
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
