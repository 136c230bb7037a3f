// A run's training steps (the five training curves, the harness markers, the epochs and times of steps) from
// the per-step counts kept on write (migration 0011: train_step_rates, _groups, _versions, maintained by
// triggers on rollouts), so drawing a run's curves costs its steps, not its rollouts (2 M rollouts took
// seconds to read). `recomputeTrainSteps` is the same from the raw rows, the one definition
// (lib/curves/training-series.ts): the tests check both agree, and the bench uses it as the baseline.
import "server-only";
import type { Store } from "../client";
import { aggregateTrainSteps, type TrainRolloutRow, type TrainStep } from "../../lib/curves/training-series";
import type { TrainStepVersionRow } from "../../lib/curves/pass-at-1-markers";

interface StepRow {
  step: number;
  rollouts: number;
  successes: number;
  truncated: number;
  rewardSum: number;
  rewardCount: number;
  singletons: number;
  groups: number;
  mixedGroups: number;
  trainableRollouts: number;
  minEpoch: number | null;
  maxTime: number | null;
}

const share = (count: number, total: number) => (total === 0 ? null : count / total);

/** The run's training steps in step order, from the kept counts. */
export function loadTrainSteps(store: Store, runId: string): TrainStep[] {
  const rows = store.sqlite
    .prepare(
      `SELECT step, rollouts, successes, truncated, reward_sum AS rewardSum, reward_count AS rewardCount, singletons, groups,
              mixed_groups AS mixedGroups, trainable_rollouts AS trainableRollouts, min_epoch AS minEpoch, max_time AS maxTime
         FROM train_step_rates WHERE run_id = ? ORDER BY step`,
    )
    .all(runId) as StepRow[];
  if (rows.length === 0) return [];
  // The majority version of each step (ties: the smaller id), in one pass over the run's few version rows.
  const majority = new Map<number, { id: string; n: number }>();
  const versions = store.sqlite
    .prepare("SELECT step, harness_version_id AS id, rollouts AS n FROM train_step_versions WHERE run_id = ? ORDER BY step, harness_version_id")
    .all(runId) as Array<{ step: number; id: string; n: number }>;
  for (const v of versions) {
    const best = majority.get(v.step);
    if (!best || v.n > best.n) majority.set(v.step, { id: v.id, n: v.n });
  }
  return rows.map((r) => {
    const groups = r.groups + r.singletons;
    return {
      step: r.step,
      epoch: r.minEpoch,
      time: r.maxTime,
      harnessVersionId: majority.get(r.step)?.id ?? null,
      rates: {
        rollouts: r.rollouts,
        successes: r.successes,
        passRate: share(r.successes, r.rollouts),
        trainableRate: share(r.trainableRollouts, r.rollouts),
        trainableRollouts: r.trainableRollouts,
        groups,
        mixedGroups: r.mixedGroups,
        mixedGroupRatio: share(r.mixedGroups, groups),
        truncationRate: share(r.truncated, r.rollouts),
        meanReward: r.rewardCount === 0 ? null : r.rewardSum / r.rewardCount,
      },
    };
  });
}

/** Stored train rollouts of the run that name a step (the ones its training curves are computed from). */
export function countTrainRollouts(store: Store, runId: string): number {
  return store.sqlite.prepare("SELECT coalesce(sum(rollouts), 0) FROM train_step_rates WHERE run_id = ?").pluck().get(runId) as number;
}

/**
 * What the pass@1 markers read of a run (lib/curves/pass-at-1-markers.ts): its steps, each with the rollouts per
 * harness version and the step's epoch and time, from the kept counts. A step whose rollouts name no version
 * is one row with a null version. The epoch and time are the step's (smallest epoch, latest time), which is
 * what the markers take across a step's rows; `recomputeTrainStepVersions` is the same from the raw rows.
 */
export function loadTrainStepVersions(store: Store, runId: string): TrainStepVersionRow[] {
  return store.sqlite
    .prepare(
      `SELECT s.run_id AS run, s.step, v.harness_version_id AS harnessVersionId, coalesce(v.rollouts, s.rollouts) AS rollouts,
              s.min_epoch AS epoch, s.max_time AS time
         FROM train_step_rates s LEFT JOIN train_step_versions v ON v.run_id = s.run_id AND v.step = s.step
        WHERE s.run_id = ? ORDER BY s.step, v.harness_version_id`,
    )
    .all(runId) as TrainStepVersionRow[];
}

/** The run's train rollouts that name a step, counted per (step, harness version) from the raw rows: the reference. */
export function recomputeTrainStepVersions(store: Store, runId: string): TrainStepVersionRow[] {
  return store.sqlite
    .prepare(
      `SELECT run_id AS run, step, harness_version_id AS harnessVersionId, count(*) AS rollouts, min(epoch) AS epoch,
              max(coalesce(started_at, created_at)) AS time
         FROM rollouts WHERE run_id = ? AND purpose = 'train' AND step IS NOT NULL
        GROUP BY step, harness_version_id ORDER BY step`,
    )
    .all(runId) as TrainStepVersionRow[];
}

/** The run's train rollouts that name a step, as JSON arrays built in SQLite (one row per rollout is slower). */
function loadTrainRollouts(store: Store, runId: string): TrainRolloutRow[] {
  const row = store.sqlite
    .prepare(
      `SELECT count(*), json_group_array(step), json_group_array(epoch), json_group_array(group_id), json_group_array(success),
              json_group_array(reward), json_group_array(truncated), json_group_array(harness_version_id),
              json_group_array(coalesce(started_at, created_at))
         FROM rollouts WHERE run_id = ? AND purpose = 'train' AND step IS NOT NULL`,
    )
    .raw()
    .get(runId) as [number, ...string[]];
  if (row[0] === 0) return [];
  const [step, epoch, group, success, reward, truncated, version, time] = row.slice(1).map((text) => JSON.parse(text as string));
  const out: TrainRolloutRow[] = new Array(row[0]);
  for (let i = 0; i < row[0]; i++) {
    out[i] = {
      step: step[i], epoch: epoch[i], groupId: group[i], success: success[i] === 1, reward: reward[i], truncated: truncated[i] === 1,
      harnessVersionId: version[i], time: time[i],
    };
  }
  return out;
}

/** The same steps recomputed from every train rollout of the run: the reference the kept counts must equal. */
export function recomputeTrainSteps(store: Store, runId: string): TrainStep[] {
  return aggregateTrainSteps(loadTrainRollouts(store, runId));
}
