// TRL GRPOTrainer's completion logs, output_dir/completions/[train|eval/]completions_{step:05d}.parquet,
// written by GRPOTrainer.log_completions (trl/trainer/grpo_trainer.py) with pandas.to_parquet: one row per
// completion, columns "step", "prompt", "completion", and in newer versions one column per reward function,
// "advantage" and "mode". The reward of a row is the sum of its reward-function columns (TRL sums them).
import { promptSampleEvents, promptText, scalarReward } from "../prompt-rollout";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

const NOT_REWARDS = new Set(["step", "prompt", "completion", "advantage", "mode", "image", "images", "__index_level_0__"]);

export function translateTrlRow(input: RecordInput): RecordResult {
  const { record } = input;
  if (!isObject(record)) return { problem: "expected a row" };
  const prompt = promptText(record.prompt);
  if (prompt === null) return { problem: `"prompt" must be text or chat messages` };
  const completion = promptText(record.completion);
  if (completion === null) return { problem: `"completion" must be text or chat messages` };
  const rawStep = typeof record.step === "bigint" ? Number(record.step) : typeof record.step === "string" ? Number(record.step) : record.step;
  const step = typeof rawStep === "number" && Number.isInteger(rawStep) && rawStep >= 0 ? rawStep : stepFromPath(input.relPath);
  if (step === null) return { problem: `"step" must be a non-negative integer` };
  let reward: number | null = null;
  const rewards: Record<string, number> = {};
  for (const [key, value] of Object.entries(record)) {
    if (NOT_REWARDS.has(key)) continue;
    const r = scalarReward(typeof value === "bigint" ? Number(value) : value);
    if (r === null) continue;
    rewards[key] = r;
    reward = (reward ?? 0) + r;
  }
  const purpose = record.mode === "eval" || /(^|\/)eval\//.test(input.relPath) ? "eval" : "train";
  const metadata: Record<string, unknown> = { rewards };
  if (typeof record.advantage === "number" && Number.isFinite(record.advantage)) metadata.advantage = record.advantage;
  return {
    events: promptSampleEvents(input.run, input, {
      step, purpose, benchmark: "trl", prompt, response: completion, reward, sourceFormat: "trl", metadata,
      sampleIndex: input.samples.next(step, prompt),
    }),
  };
}
