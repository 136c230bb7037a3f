// Metric lines of three trainers' file loggers, all one JSON object per step:
//   verl and rllm FileLogger (verl/utils/tracking.py):  {"step": N, "data": {...}}  (newer verl adds "elapsed_seconds")
//   prime-rl FileMonitor (prime_rl/utils/monitor/file.py): {"step": N, "time": <unix s>, **metrics}
//   SkyRL dumped_evals/…/aggregated_results.jsonl: {"eval/<source>/avg_score": …} (the step is in the path)
import { asStep, metricsEvent } from "../trainer-metrics";
import { isObject, stepFromPath, type RecordInput, type RecordResult } from "./types";

export function isMetricsRecord(record: unknown): boolean {
  if (!isObject(record)) return false;
  if (asStep(record.step) !== null && isObject(record.data)) return true;
  return asStep(record.step) !== null && Object.entries(record).some(([k, v]) => k !== "step" && k !== "time" && typeof v === "number");
}

export function translateMetricsRecord(input: RecordInput): RecordResult {
  const { record, run } = input;
  if (!isObject(record)) return { problem: "expected a JSON object" };
  const step = record.step === undefined ? stepFromPath(input.relPath) : asStep(record.step);
  if (step === null) return { problem: `"step" must be a non-negative integer, got ${JSON.stringify(record.step)?.slice(0, 40)}` };
  let values: Record<string, unknown>;
  let time: number | undefined;
  if (isObject(record.data)) {
    values = record.data;
  } else {
    const { step: _step, time: seconds, ...rest } = record;
    values = rest;
    if (typeof seconds === "number") time = seconds * 1000;
  }
  const event = metricsEvent(run, step, values, time);
  return { events: event ? [event] : [] };
}
