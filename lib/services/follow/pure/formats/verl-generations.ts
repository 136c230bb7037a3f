// verl's rollout and validation dumps, trainer.rollout_data_dir/{step}.jsonl and validation_data_dir/{step}.jsonl,
// written by RayPPOTrainer._dump_generations (verl/trainer/ppo/ray_trainer.py): one line per sample,
// {"input", "output", "gts"?, "score", "step", …reward_extra_infos}. The n samples of one prompt share "input".
import { promptSampleEvents, scalarReward } from "../prompt-rollout";
import { asStep } from "../trainer-metrics";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

const KNOWN = new Set(["input", "output", "gts", "score", "step"]);

export function isVerlGeneration(record: unknown): boolean {
  return isObject(record) && typeof record.input === "string" && typeof record.output === "string" && "score" in record;
}

export function translateVerlGeneration(input: RecordInput): RecordResult {
  const { record } = input;
  if (!isObject(record)) return { problem: "expected a JSON object" };
  if (typeof record.input !== "string") return { problem: `"input" must be the prompt text` };
  if (typeof record.output !== "string") return { problem: `"output" must be the response text` };
  const step = record.step === undefined ? stepFromPath(input.relPath) : asStep(record.step);
  if (step === null) return { problem: `"step" must be a non-negative integer` };
  const reward = scalarReward(record.score);
  if (reward === null && record.score !== null) return { problem: `"score" must be a number, got ${JSON.stringify(record.score)?.slice(0, 40)}` };
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (!KNOWN.has(k)) extra[k] = v;
  if (record.gts !== undefined) extra.ground_truth = record.gts;
  const purpose = /(^|\/)(val|valid|validation|eval)[^/]*\//i.test(input.relPath) ? "eval" : "train";
  return {
    events: promptSampleEvents(input.run, input, {
      step, purpose, benchmark: "verl", prompt: record.input, response: record.output, reward,
      sourceFormat: "verl", metadata: extra, sampleIndex: input.samples.next(step, record.input),
    }),
  };
}
