// A trainer's metric record as a metrics event: nested objects flattened with "/", numbers kept under
// their own names, and the keys the dashboard's training curves read added where a trainer reports the
// same quantity under another name (TRL's frac_reward_zero_std is 1 − mixed-group ratio, verl's critic/score/mean
// is the reward mean, …). Every
// other key stays a metric as sent, so nothing the trainer logged is lost.
import type { FollowRun } from "./follow-ids";

/** Derived dashboard keys: [key, from-key, transform]. Added only when the trainer did not send the key itself. */
const DERIVED: ReadonlyArray<[string, string, (v: number) => number]> = [
  ["train/mixed_group_ratio", "frac_reward_zero_std", (v) => 1 - v],
  ["train/mixed_group_ratio", "train/frac_reward_zero_std", (v) => 1 - v],
  ["train/truncation_rate", "rollout/truncated_rate", (v) => v],
  ["train/truncation_rate", "completions/clipped_ratio", (v) => v],
  ["train/truncation_rate", "train/completions/clipped_ratio", (v) => v],
  ["train/reward_mean", "reward", (v) => v],
  // verl (verl/trainer/ppo/metric_utils.py): the mean sequence score, and the share of responses cut at max length.
  ["train/reward_mean", "critic/score/mean", (v) => v],
  ["train/truncation_rate", "response_length/clip_ratio", (v) => v],
  // rllm: the share of tasks solved by some but not all of their rollouts, i.e. mixed groups.
  ["train/mixed_group_ratio", "batch/solve_partial", (v) => v],
];

/** Flattens {a: {b: 1}} to {"a/b": 1}; keeps finite numbers and booleans (as 0/1), drops the rest. */
export function flattenNumbers(value: Record<string, unknown>, prefix = "", into: Record<string, number> = {}): Record<string, number> {
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}/${key}` : key;
    if (typeof v === "number" && Number.isFinite(v)) into[name] = v;
    else if (typeof v === "boolean") into[name] = v ? 1 : 0;
    else if (v !== null && typeof v === "object" && !Array.isArray(v)) flattenNumbers(v as Record<string, unknown>, name, into);
  }
  return into;
}

/** The trainer's values plus the dashboard keys derived from them. */
export function withDashboardKeys(values: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = { ...values };
  for (const [key, from, transform] of DERIVED) {
    if (out[key] === undefined && values[from] !== undefined) out[key] = transform(values[from]!);
  }
  return out;
}

const MAX_KEY = 256;

/** A metrics event, or null when the record holds no number at all. */
export function metricsEvent(run: FollowRun, step: number, values: Record<string, unknown>, time?: number): Record<string, unknown> | null {
  const flat = withDashboardKeys(flattenNumbers(values));
  const kept: Record<string, number> = {};
  for (const [key, v] of Object.entries(flat)) if (key.length <= MAX_KEY) kept[key] = v;
  if (Object.keys(kept).length === 0) return null;
  const event: Record<string, unknown> = { type: "metrics", run: run.run, step, values: kept };
  if (time !== undefined && Number.isFinite(time) && time >= 0) event.time = Math.round(time);
  return event;
}

/** A step as trainers write it: a non-negative integer (floats like 3.0 accepted). */
export function asStep(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}
