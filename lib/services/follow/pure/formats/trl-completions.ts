// TRL GRPOTrainer's completion logs, output_dir/completions/completions_{global_step:05d}.parquet, written by
// GRPOTrainer.log (trl/trainer/grpo_trainer.py) with pandas.to_parquet: one row per completion, columns "step",
// "prompt", "completion", then one column per reward function (in reward_funcs order), then the log_extra columns,
// then "advantage". The file does not tell reward columns from log_extra ones, and carries no weights: TRL's reward
// is Σ reward_weights[i] × column[i] over the reward functions, NaN skipped (nansum), with GRPOConfig.reward_weights
// (all 1 when unset). Given the weights, the first len(weights) columns are the reward functions and the reward is
// that sum; without them no sum is made up: reward null, the columns kept as logged. TRL has no notion of success,
// so none is claimed (success false).
import { promptSampleEvents, promptText } from "../prompt-rollout";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

const FIXED = new Set(["step", "prompt", "completion", "advantage", "mode", "image", "images", "__index_level_0__"]);

/** A logged value as a number: NaN stays NaN (a reward function that returned None), anything else not a number is null. */
function numeric(value: unknown): number | null {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return value;
  if (value === null) return NaN;
  return null;
}

const jsonNumber = (v: number) => (Number.isFinite(v) ? v : null);

/** The row's content as TRL logged it, without the step it was written at: how repeated rows are recognized. */
export function trlRowContent(record: unknown): string {
  if (!isObject(record)) return "";
  const { step: _step, ...rest } = record;
  return JSON.stringify(rest, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : typeof v === "number" && !Number.isFinite(v) ? String(v) : v));
}

/**
 * How many leading rows of `current` TRL logged already at the end of `previous`: its log deques
 * (maxlen generation_batch_size) are never cleared, so a step without a new generation writes the last ones again.
 */
export function trlRepeatedRows(previous: readonly unknown[], current: readonly unknown[]): number {
  const prev = previous.map(trlRowContent);
  const cur = current.map(trlRowContent);
  for (let k = Math.min(prev.length, cur.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = prev[prev.length - k + i] === cur[i];
    if (same) return k;
  }
  return 0;
}

export function translateTrlRow(input: RecordInput, rewardWeights?: readonly number[] | null): RecordResult {
  const { record } = input;
  if (!isObject(record)) return { problem: "expected a row" };
  const prompt = promptText(record.prompt);
  if (prompt === null) return { problem: `"prompt" must be text or chat messages` };
  const completion = promptText(record.completion);
  if (completion === null) return { problem: `"completion" must be text or chat messages` };
  const rawStep = typeof record.step === "bigint" ? Number(record.step) : typeof record.step === "string" ? Number(record.step) : record.step;
  const step = typeof rawStep === "number" && Number.isInteger(rawStep) && rawStep >= 0 ? rawStep : stepFromPath(input.relPath);
  if (step === null) return { problem: `"step" must be a non-negative integer` };
  // Reward-function and log_extra columns, in the table's order.
  const logged = Object.entries(record).filter(([key]) => !FIXED.has(key));
  const metadata: Record<string, unknown> = {};
  let reward: number | null = null;
  if (rewardWeights && rewardWeights.length > 0) {
    if (logged.length < rewardWeights.length) return { problem: `${rewardWeights.length} reward weights, but the row has only ${logged.length} reward column(s)` };
    const rewards: Record<string, number | null> = {};
    for (const [i, [key, value]] of logged.slice(0, rewardWeights.length).entries()) {
      const r = numeric(value);
      if (r === null) return { problem: `reward column "${key}" must be a number, got ${JSON.stringify(value)?.slice(0, 40)}` };
      rewards[key] = jsonNumber(r);
      if (!Number.isNaN(r)) reward = (reward ?? 0) + rewardWeights[i]! * r;
    }
    const extra: Record<string, unknown> = {};
    for (const [key, value] of logged.slice(rewardWeights.length)) {
      const n = numeric(value);
      extra[key] = n !== null ? jsonNumber(n) : typeof value === "string" || typeof value === "boolean" ? value : null;
    }
    Object.assign(metadata, { rewards, extra, reward_weights: [...rewardWeights] });
    if (reward !== null && !Number.isFinite(reward)) reward = null;
  } else {
    const columns: Record<string, number | null> = {};
    for (const [key, value] of logged) {
      const n = numeric(value);
      if (n !== null) columns[key] = jsonNumber(n);
    }
    metadata.columns = columns;
  }
  const purpose = record.mode === "eval" || /(^|\/)eval\//.test(input.relPath) ? "eval" : "train";
  const advantage = numeric(record.advantage);
  if (advantage !== null && Number.isFinite(advantage)) metadata.advantage = advantage;
  return {
    events: promptSampleEvents(input.run, input, {
      step, purpose, benchmark: "trl", prompt, response: completion, reward, success: false, sourceFormat: "trl", metadata,
      sampleIndex: input.samples.next(step, prompt),
    }),
  };
}
