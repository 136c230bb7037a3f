// The five training curves of DOMAIN.md (trainable rate, pass rate, mixed-group ratio, truncation rate, mean
// reward per training step), under keys of their own ("train:…") so they never collide with what a trainer
// reports. Each is computed from the run's stored train rollouts when there are any (lib/metrics/training-
// rates.ts, the one definition); otherwise it is taken from the trainer's own metric under one of the names
// the common RL trainers use, and the chart says which of the two it shows.
import { computeTrainingRates, type TrainingRates } from "../metrics/training-rates";
import { emptyColumns, type StepColumns } from "./build-series";

export const TRAINING_KEYS = [
  "train:trainable_rate",
  "train:pass_rate",
  "train:mixed_group_ratio",
  "train:truncation_rate",
  "train:mean_reward",
] as const;
export type TrainingKey = (typeof TRAINING_KEYS)[number];

export const isTrainingKey = (key: string): key is TrainingKey => (TRAINING_KEYS as readonly string[]).includes(key);

export const TRAINING_LABELS: Record<TrainingKey, string> = {
  "train:trainable_rate": "Trainable rate",
  "train:pass_rate": "Pass rate",
  "train:mixed_group_ratio": "Mixed-group ratio",
  "train:truncation_rate": "Truncation rate",
  "train:mean_reward": "Mean reward",
};

/** A readable name for any chartable key: the training curves by name, a trainer's key as it was sent. */
export function curveLabel(key: string): string {
  return isTrainingKey(key) ? TRAINING_LABELS[key] : key;
}

/** Fractions in [0, 1]: drawn on a 0–1 axis and shown as percentages. */
export function isRateKey(key: string): boolean {
  return isTrainingKey(key) && key !== "train:mean_reward";
}

const RATE_FIELD: Record<TrainingKey, keyof Pick<TrainingRates, "trainableRate" | "passRate" | "mixedGroupRatio" | "truncationRate" | "meanReward">> = {
  "train:trainable_rate": "trainableRate",
  "train:pass_rate": "passRate",
  "train:mixed_group_ratio": "mixedGroupRatio",
  "train:truncation_rate": "truncationRate",
  "train:mean_reward": "meanReward",
};

/**
 * Where a trainer's own report of a training curve may be found, best first. A candidate is one key; or a share
 * "a / (a + b + c)" — rllm's solve_partial among solve_partial, solve_all and solve_none, which some versions
 * log as counts of groups and others as fractions (the share is right for both); or "1 − a − b" for the
 * fractions solve_all / solve_none alone (verl's DAPO recipe; a group neither all-solved nor all-failed is
 * mixed), which is unknown at a step where they are counts (a + b > 1).
 * verl and rllm: critic/score/mean, response_length/clip_ratio, batch/solve_*; SkyRL: reward/avg_raw_reward;
 * OpenRLHF (logged under train/): train/reward.
 */
export type TrainerSource = { key: string } | { share: [string, ...string[]] } | { oneMinus: [string, string] };

export const TRAINER_FALLBACKS: Record<TrainingKey, TrainerSource[]> = {
  "train:trainable_rate": [{ key: "train/trainable_rate" }, { key: "batch/trainable_rate" }, { key: "trainable_rate" }],
  "train:pass_rate": [
    { key: "train/pass_rate" }, { key: "batch/pass_rate" }, { key: "train/success_rate" }, { key: "batch/success_rate" },
    { key: "pass_rate" }, { key: "success_rate" },
  ],
  "train:mixed_group_ratio": [
    { key: "train/mixed_group_ratio" }, { key: "batch/mixed_group_ratio" },
    { share: ["batch/solve_partial", "batch/solve_all", "batch/solve_none"] },
    { oneMinus: ["batch/solve_all", "batch/solve_none"] },
  ],
  "train:truncation_rate": [{ key: "train/truncation_rate" }, { key: "response_length/clip_ratio" }, { key: "train/clip_ratio" }],
  "train:mean_reward": [
    { key: "critic/score/mean" }, { key: "train/reward_mean" }, { key: "reward/mean" }, { key: "reward/avg_raw_reward" }, { key: "train/reward" },
  ],
};

/** The first fallback whose keys the run reported, or null. */
export function trainerSourceFor(key: TrainingKey, reportedKeys: ReadonlySet<string>): TrainerSource | null {
  for (const candidate of TRAINER_FALLBACKS[key]) {
    if (sourceKeys(candidate).every((k) => reportedKeys.has(k))) return candidate;
  }
  return null;
}

/** The metric keys a source reads. */
export function sourceKeys(source: TrainerSource): string[] {
  return "key" in source ? [source.key] : "share" in source ? [...source.share] : [...source.oneMinus];
}

export function describeTrainerSource(source: TrainerSource): string {
  if ("key" in source) return source.key;
  if ("share" in source) return `${source.share[0]} / (${source.share.join(" + ")})`;
  return `1 − ${source.oneMinus[0]} − ${source.oneMinus[1]}`;
}

/**
 * f of the values at the steps where every column was reported (null where any value is unknown, or f says
 * null); the first column's epoch and time.
 */
function combineColumns(columns: readonly StepColumns[], f: (values: number[]) => number | null): StepColumns {
  const [first, ...rest] = columns;
  const at = rest.map((c) => {
    const byStep = new Map<number, number | null>();
    for (let i = 0; i < c.step.length; i++) byStep.set(c.step[i], c.value[i]);
    return byStep;
  });
  const out = emptyColumns();
  for (let i = 0; i < first.step.length; i++) {
    const others = at.map((m) => m.get(first.step[i]));
    if (others.some((v) => v === undefined)) continue;
    const values = [first.value[i], ...others] as Array<number | null>;
    out.step.push(first.step[i]);
    out.epoch.push(first.epoch[i]);
    out.time.push(first.time[i]);
    out.value.push(values.some((v) => v === null) ? null : f(values as number[]));
  }
  return out;
}

/** 1 − a − b where both are fractions; unknown where they are counts of groups (a + b > 1). */
export function oneMinusColumns(a: StepColumns, b: StepColumns): StepColumns {
  return combineColumns([a, b], ([x, y]) => (x + y > 1 + 1e-9 ? null : 1 - x - y));
}

/** a / (a + b + …): the share of the first among all, the same whether they are counts or fractions. */
export function shareColumns(columns: readonly StepColumns[]): StepColumns {
  return combineColumns(columns, (values) => {
    const total = values.reduce((sum, v) => sum + v, 0);
    return total > 0 ? values[0] / total : null;
  });
}

/** One stored train rollout as the curves need it. */
export interface TrainRolloutRow {
  step: number;
  epoch: number | null;
  groupId: string | null;
  success: boolean;
  reward: number | null;
  truncated: boolean;
  harnessVersionId: string | null;
  /** started_at, else created_at (ms). */
  time: number | null;
}

export interface TrainStep {
  step: number;
  /** The smallest epoch its rollouts name, or null. */
  epoch: number | null;
  rates: TrainingRates;
  /** The harness version most of its rollouts ran under (ties: the smaller id), or null. */
  harnessVersionId: string | null;
  /** The latest rollout time of the step: when the step's sampling was done. */
  time: number | null;
}

/** The run's training steps in order, each with the rates of its rollouts (groups are per step). */
export function aggregateTrainSteps(rows: ReadonlyArray<TrainRolloutRow>): TrainStep[] {
  const bySteps = new Map<number, TrainRolloutRow[]>();
  for (const row of rows) {
    const list = bySteps.get(row.step);
    if (list) list.push(row);
    else bySteps.set(row.step, [row]);
  }
  return [...bySteps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, members]) => {
      let epoch: number | null = null;
      let time: number | null = null;
      const versions = new Map<string, number>();
      for (const m of members) {
        if (m.epoch !== null && (epoch === null || m.epoch < epoch)) epoch = m.epoch;
        if (m.time !== null && (time === null || m.time > time)) time = m.time;
        if (m.harnessVersionId !== null) versions.set(m.harnessVersionId, (versions.get(m.harnessVersionId) ?? 0) + 1);
      }
      let harnessVersionId: string | null = null;
      let most = 0;
      for (const [id, n] of [...versions.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
        if (n > most) {
          most = n;
          harnessVersionId = id;
        }
      }
      const rates = computeTrainingRates(members.map((m) => ({ groupKey: m.groupId, success: m.success, reward: m.reward, truncated: m.truncated })));
      return { step, epoch, rates, harnessVersionId, time };
    });
}

/** One training curve's value at a step, from the step's rates. */
export function rateValue(step: TrainStep, key: TrainingKey): number | null {
  return step.rates[RATE_FIELD[key]];
}

/** One training curve over the steps, as columns. */
export function rateColumns(steps: readonly TrainStep[], key: TrainingKey): StepColumns {
  return {
    step: steps.map((s) => s.step),
    epoch: steps.map((s) => s.epoch),
    time: steps.map((s) => s.time),
    value: steps.map((s) => rateValue(s, key)),
  };
}
