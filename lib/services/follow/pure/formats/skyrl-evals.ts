// SkyRL's evaluation dumps, export_path/dumped_evals/global_step_{N}_evals/{data_source}.jsonl (or eval_only/),
// written by dump_per_dataset_eval_results (skyrl_train/utils/trainer_utils.py): one line per trajectory,
// {"input_prompt", "output_response", "score" (a number, or per-token rewards), "stop_reason", "env_class",
// "env_extras", "data_source"}. aggregated_results.jsonl beside them holds the eval metrics (metrics-record.ts).
import { promptSampleEvents, scalarReward } from "../prompt-rollout";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

export function isSkyrlEval(record: unknown): boolean {
  return isObject(record) && typeof record.input_prompt === "string" && typeof record.output_response === "string";
}

export function translateSkyrlEval(input: RecordInput): RecordResult {
  const { record } = input;
  if (!isObject(record)) return { problem: "expected a JSON object" };
  if (typeof record.input_prompt !== "string") return { problem: `"input_prompt" must be text` };
  if (typeof record.output_response !== "string") return { problem: `"output_response" must be text` };
  const reward = scalarReward(record.score);
  if (reward === null) return { problem: `"score" must be a number or a list of numbers, got ${JSON.stringify(record.score)?.slice(0, 40)}` };
  const step = stepFromPath(input.relPath) ?? 0;
  const source = typeof record.data_source === "string" && record.data_source ? record.data_source : "unknown";
  const metadata: Record<string, unknown> = {};
  for (const key of ["stop_reason", "env_class", "env_extras"]) if (record[key] !== undefined && record[key] !== null) metadata[key] = record[key];
  return {
    events: promptSampleEvents(input.run, input, {
      step, purpose: "eval", benchmark: source, prompt: record.input_prompt, response: record.output_response, reward,
      truncated: record.stop_reason === "length", sourceFormat: "skyrl", metadata,
      sampleIndex: input.samples.next(step, record.input_prompt),
    }),
  };
}
