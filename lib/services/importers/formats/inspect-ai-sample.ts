// One Inspect AI sample (one epoch of one dataset sample, inspect_ai/log/_log.py EvalSample) as a
// rollout draft: its messages as turns, its one scorer's value as the reward, its own model usage as
// tokens, total_time as the duration, an error or a hit limit as the exit status.
import type { RolloutDraft } from "../types";
import { attachmentsOf, messagesToTurns } from "./inspect-ai-messages";
import { rewardOfScores } from "./inspect-ai-score";
import {
  type JsonRecord, describeJson, fieldPath, isRecord, isoToMillis, optCount, optInteger, optNumber, optRecord, optString,
  problem,
} from "./untrusted-json";

/** What the log says about all its samples. */
export interface InspectLogContext {
  task: string;
  /** The evaluated model ("openai/gpt-4o-mini"); a grader model's usage is not the rollout's. */
  model?: string;
  multiEpoch: boolean;
  status?: string;
  errorMessage?: string;
}

// EvalSampleLimit.type → the contract's truncation kinds.
const LIMIT_KINDS: Record<string, "tokens" | "turns" | "time" | "other"> = {
  token: "tokens", context: "tokens", message: "turns", time: "time", working: "time",
};

export function sampleKey(sample: JsonRecord, p: string): { id: string; epoch: number } {
  const id = sample.id;
  if (!(typeof id === "string" && id !== "") && !(typeof id === "number" && Number.isFinite(id))) {
    problem(fieldPath(p, "id"), `must be a non-empty string or a number, got ${describeJson(id)}`);
  }
  const epoch = optInteger(sample, "epoch", p) ?? 1;
  if (epoch < 1) problem(fieldPath(p, "epoch"), `must be 1 or more, got ${epoch}`);
  return { id: String(id), epoch };
}

export function sampleToRollout(sample: JsonRecord, p: string, log: InspectLogContext): RolloutDraft {
  const { id, epoch } = sampleKey(sample, p);
  const attachments = attachmentsOf(sample, p);
  const rollout: RolloutDraft = {
    instanceId: id,
    attempt: log.multiEpoch ? `epoch ${epoch}` : "",
    benchmark: log.task,
    turns: messagesToTurns(sample.messages, fieldPath(p, "messages"), attachments),
  };
  if (log.model !== undefined) rollout.model = log.model;

  // Logs before 0.3.? held one `score`; later ones a `scores` map by scorer name.
  const scores = optRecord(sample, "scores", p) ?? (isRecord(sample.score) ? { score: sample.score } : undefined);
  const reward = rewardOfScores(scores);
  if (reward !== undefined) {
    rollout.reward = reward;
    rollout.success = reward >= 1;
  }

  const error = optRecord(sample, "error", p);
  const errorMessage = error === undefined ? undefined : optString(error, "message", fieldPath(p, "error")) ?? "error";
  const limit = optRecord(sample, "limit", p);
  const limitType = limit === undefined ? undefined : optString(limit, "type", fieldPath(p, "limit"));
  if (errorMessage !== undefined || log.status === "error") rollout.exitStatus = "error";
  else if (limitType !== undefined) rollout.exitStatus = `${limitType}_limit`;
  else if (log.status === "cancelled") rollout.exitStatus = "cancelled";
  if (limitType !== undefined) {
    rollout.truncated = true;
    rollout.truncationKind = LIMIT_KINDS[limitType] ?? "other";
  }

  const tokens = modelUsageTokens(sample, p, log.model) ?? modelEventTokens(sample, log.model);
  if (tokens !== undefined) rollout.tokens = tokens;
  const totalTime = optNumber(sample, "total_time", p);
  if (totalTime !== undefined && totalTime >= 0) rollout.durationMs = Math.round(totalTime * 1000);
  const startedAt = startOf(sample, p);
  if (startedAt !== undefined) rollout.startedAt = startedAt;

  const metadata: JsonRecord = {};
  if (sample.target !== undefined && sample.target !== null) metadata.target = sample.target;
  if (scores !== undefined) metadata.scores = scores;
  const sampleMetadata = optRecord(sample, "metadata", p);
  if (sampleMetadata !== undefined && Object.keys(sampleMetadata).length > 0) metadata.sample_metadata = sampleMetadata;
  if (errorMessage !== undefined) metadata.error = errorMessage;
  else if (log.status === "error" && log.errorMessage !== undefined) metadata.error = log.errorMessage;
  if (limit !== undefined) metadata.limit = limit;
  const workingTime = optNumber(sample, "working_time", p);
  if (workingTime !== undefined) metadata.working_time = workingTime;
  if (Object.keys(metadata).length > 0) rollout.metadata = metadata;
  return rollout;
}

/** Tokens from the sample's model_usage: the evaluated model's entry, or every model's when it has none. */
function modelUsageTokens(sample: JsonRecord, p: string, model: string | undefined): RolloutDraft["tokens"] {
  const usage = optRecord(sample, "model_usage", p);
  if (usage === undefined || Object.keys(usage).length === 0) return undefined;
  const names = model !== undefined && model in usage ? [model] : Object.keys(usage);
  let prompt = 0;
  let completion = 0;
  for (const name of names) {
    const entryPath = fieldPath(fieldPath(p, "model_usage"), name);
    const entry = optRecord(usage, name, fieldPath(p, "model_usage"));
    if (entry === undefined) continue;
    prompt += optCount(entry, "input_tokens", entryPath) ?? 0;
    completion += optCount(entry, "output_tokens", entryPath) ?? 0;
  }
  return { prompt, completion };
}

/**
 * Older logs have no per-sample model_usage: the usage of each model call (a `model` event) adds up to
 * the same numbers. Events are read leniently; they are a fallback, not what is imported.
 */
function modelEventTokens(sample: JsonRecord, model: string | undefined): RolloutDraft["tokens"] {
  const events = eventsOf(sample);
  const calls = events.filter((e) => isRecord(e) && e.event === "model") as JsonRecord[];
  const own = calls.filter((e) => model === undefined || e.model === model);
  let prompt = 0;
  let completion = 0;
  let counted = 0;
  for (const call of own.length > 0 ? own : calls) {
    const usage = isRecord(call.output) && isRecord(call.output.usage) ? call.output.usage : undefined;
    if (usage === undefined) continue;
    if (typeof usage.input_tokens === "number") prompt += usage.input_tokens;
    if (typeof usage.output_tokens === "number") completion += usage.output_tokens;
    counted += 1;
  }
  return counted > 0 ? { prompt, completion } : undefined;
}

function eventsOf(sample: JsonRecord): unknown[] {
  if (Array.isArray(sample.events)) return sample.events;
  if (isRecord(sample.transcript) && Array.isArray(sample.transcript.events)) return sample.transcript.events;
  return [];
}

function startOf(sample: JsonRecord, p: string): number | undefined {
  const started = optString(sample, "started_at", p);
  if (started !== undefined) return isoToMillis(started);
  const first = eventsOf(sample)[0];
  return isRecord(first) && typeof first.timestamp === "string" ? isoToMillis(first.timestamp) : undefined;
}
