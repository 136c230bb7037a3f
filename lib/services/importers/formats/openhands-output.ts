// Reader for an OpenHands evaluation `output.jsonl` (evaluation/utils/shared.py, EvalOutput): one JSON
// object per line and instance with `instance_id`, `instruction`, `history` (the event list), `metrics`,
// `test_result` (`git_patch`), `error`, `metadata` (agent class, llm_config, max_iterations). Once
// evaluated, a line states its verdict: `report.resolved` (update_output_with_eval.py) or
// `test_result.report.resolved` (the remote evaluation's output.swebench_eval.jsonl).
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft } from "../types";
import { readOpenHandsHistory, truncationOfError, type OpenHandsHistory } from "./openhands-history";
import { Tally } from "../accounting";
import {
  type JsonRecord, describeJson, expectRecord, fieldPath, isRecord, optCount, optInteger, optNumber, optRecord, optString,
  parseJsonText, problem,
} from "./untrusted-json";

/** The first non-blank line, found without splitting a file that may be hundreds of MB. */
function firstLine(text: string): string {
  for (let start = 0; start < text.length;) {
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end === -1 ? text.length : end).trim();
    if (line !== "" || end === -1) return line;
    start = end + 1;
  }
  return "";
}

/** An EvalOutput line: an instance id, a test_result object and a history key (null when the run failed). */
function isEvalOutput(value: unknown): boolean {
  if (!isRecord(value) || !isRecord(value.test_result) || !("history" in value)) return false;
  return typeof value.instance_id === "string" || typeof value.instance_id === "number";
}

export const openHandsOutputReader: FormatReader = {
  name: "openhands-output",
  detect(file: PeekedFile): boolean {
    if (isEvalOutput(file.json)) return true;
    if (file.text === null) return false;
    const line = firstLine(file.text);
    // The substring test keeps other JSON Lines files (SWE-bench predictions) from being parsed here.
    if (!line.startsWith("{") || !line.includes('"history"') || !line.includes('"test_result"')) return false;
    try {
      return isEvalOutput(JSON.parse(line));
    } catch {
      return false;
    }
  },
  read(file: PeekedFile): ParsedFile {
    if (file.text === null) problem("file", "not UTF-8 text");
    const lines = file.text.split("\n").map((text, i) => ({ text: text.trim(), field: `line ${i + 1}` }))
      .filter((line) => line.text !== "");
    if (lines.length === 0) problem("file", "holds no lines");
    const records = lines.map((line) => ({ field: line.field, record: expectRecord(parseJsonText(line.text, line.field), line.field) }));
    const seen = new Map<string, number>();
    const repeated = new Set<string>();
    for (const { record, field } of records) {
      const id = instanceIdOf(record, field);
      if (seen.has(id)) repeated.add(id);
      seen.set(id, 0);
    }
    // An instance run twice in one file (a resumed or repeated run) keeps both lines as separate attempts.
    const tally = new Tally("history events");
    const rollouts = records.map(({ record, field }) => {
      const id = instanceIdOf(record, field);
      const occurrence = (seen.get(id) ?? 0) + 1;
      seen.set(id, occurrence);
      return lineToRollout(record, field, id, repeated.has(id) ? `attempt ${occurrence}` : "", tally);
    });
    return { format: "openhands-output", rollouts, facts: [], reports: [], accounting: tally.accounting };
  },
};

function instanceIdOf(line: JsonRecord, field: string): string {
  const id = line.instance_id;
  if (typeof id === "number" && Number.isFinite(id)) return String(id);
  if (typeof id !== "string" || id.trim() === "") {
    problem(fieldPath(field, "instance_id"), `must be a non-empty string, got ${describeJson(id)}`);
  }
  return id;
}

function lineToRollout(line: JsonRecord, field: string, instanceId: string, attempt: string, tally: Tally): RolloutDraft {
  const testResult = optRecord(line, "test_result", field) ?? {};
  const testResultPath = fieldPath(field, "test_result");
  const instruction = optString(line, "instruction", field);
  const error = optString(line, "error", field);
  const history: OpenHandsHistory = line.history === undefined || line.history === null
    ? { turns: [], accounting: new Tally("history events").accounting }
    : readOpenHandsHistory(line.history, fieldPath(field, "history"));
  tally.add(history.accounting);
  const rollout: RolloutDraft = { instanceId, attempt, turns: history.turns };
  // A run that failed before the agent started has no history; its task text is all there is to show.
  if (rollout.turns.length === 0 && instruction !== undefined) rollout.turns = [{ role: "user", content: instruction }];

  const patch = optString(testResult, "git_patch", testResultPath);
  if (patch !== undefined && patch.trim() !== "") rollout.submission = patch;
  const report = optRecord(line, "report", field) ?? optRecord(testResult, "report", testResultPath);
  const reportPath = line.report !== undefined && line.report !== null ? fieldPath(field, "report") : fieldPath(testResultPath, "report");
  if (report !== undefined && report.resolved !== undefined && report.resolved !== null) {
    if (typeof report.resolved !== "boolean") problem(fieldPath(reportPath, "resolved"), `must be true or false, got ${describeJson(report.resolved)}`);
    rollout.success = report.resolved;
    rollout.reward = report.resolved ? 1 : 0;
  }

  const lastError = error ?? history.lastError;
  const exitStatus = error !== undefined && error !== "" ? "error" : history.agentState;
  if (exitStatus !== undefined) rollout.exitStatus = exitStatus;
  const truncation = truncationOfError(lastError);
  if (truncation !== undefined) {
    rollout.truncated = true;
    rollout.truncationKind = truncation;
  }

  const metrics = optRecord(line, "metrics", field);
  const metricsPath = fieldPath(field, "metrics");
  const cost = metrics === undefined ? undefined : optNumber(metrics, "accumulated_cost", metricsPath);
  if (cost !== undefined && cost >= 0) rollout.costUsd = cost;
  else if (history.costUsd !== undefined) rollout.costUsd = history.costUsd;
  const usage = metrics === undefined ? undefined : optRecord(metrics, "accumulated_token_usage", metricsPath);
  const usagePath = fieldPath(metricsPath, "accumulated_token_usage");
  const prompt = usage === undefined ? undefined : optCount(usage, "prompt_tokens", usagePath);
  const completion = usage === undefined ? undefined : optCount(usage, "completion_tokens", usagePath);
  if (prompt !== undefined || completion !== undefined) {
    rollout.tokens = { ...(prompt !== undefined ? { prompt } : {}), ...(completion !== undefined ? { completion } : {}) };
  } else if (history.tokens !== undefined) {
    rollout.tokens = history.tokens;
  }

  const meta = optRecord(line, "metadata", field);
  const metaPath = fieldPath(field, "metadata");
  const llmConfig = meta === undefined ? undefined : optRecord(meta, "llm_config", metaPath);
  const model = llmConfig === undefined ? undefined : optString(llmConfig, "model", fieldPath(metaPath, "llm_config"));
  if (model !== undefined) rollout.model = model;
  else if (history.model !== undefined) rollout.model = history.model;
  if (history.startedAt !== undefined) rollout.startedAt = history.startedAt;
  if (history.durationMs !== undefined) rollout.durationMs = history.durationMs;

  const metadata: JsonRecord = {};
  if (meta !== undefined) {
    const agentClass = optString(meta, "agent_class", metaPath);
    const maxIterations = optInteger(meta, "max_iterations", metaPath);
    const dataset = optString(meta, "dataset", metaPath);
    if (agentClass !== undefined) metadata.agent_class = agentClass;
    if (maxIterations !== undefined) metadata.max_iterations = maxIterations;
    if (dataset !== undefined) metadata.dataset = dataset;
  }
  if (history.agentState !== undefined) metadata.agent_state = history.agentState;
  if (lastError !== undefined && lastError !== "") metadata.error = lastError;
  if (report !== undefined) metadata.report = report;
  if (Object.keys(metadata).length > 0) rollout.metadata = metadata;
  return rollout;
}
