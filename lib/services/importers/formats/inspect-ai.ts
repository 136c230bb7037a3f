// Reader for Inspect AI logs: `.json` (the EvalLog with its samples) and `.eval` (a zip of the log header
// and one file per sample). One rollout per sample and epoch; the log's task is the benchmark.
import type { FormatReader, ParsedFile, PeekedFile } from "../types";
import { readEvalArchive } from "./inspect-ai-eval-zip";
import { Tally } from "../accounting";
import { type InspectLogContext, sampleKey, sampleToRollout } from "./inspect-ai-sample";
import { type JsonRecord, expectRecord, fieldPath, isRecord, optArray, optInteger, optRecord, optString, problem } from "./untrusted-json";

function isEvalArchiveName(name: string): boolean {
  return name.toLowerCase().endsWith(".eval");
}

/** An EvalLog: a format version, a status and an `eval` spec naming its task. */
function isInspectJsonLog(json: unknown): json is JsonRecord {
  return isRecord(json) && typeof json.version === "number" && typeof json.status === "string"
    && isRecord(json.eval) && typeof json.eval.task === "string";
}

function logContext(log: JsonRecord, p: string, samples: Array<{ sample: JsonRecord; field: string }>): InspectLogContext {
  const spec = expectRecord(log.eval, fieldPath(p, "eval"));
  const specPath = fieldPath(p, "eval");
  const task = optString(spec, "task", specPath);
  if (task === undefined || task.trim() === "") problem(fieldPath(specPath, "task"), "must name the task, got nothing");
  const config = optRecord(spec, "config", specPath);
  const epochs = config === undefined ? undefined : optInteger(config, "epochs", fieldPath(specPath, "config"));
  const maxEpoch = Math.max(1, ...samples.map(({ sample, field }) => sampleKey(sample, field).epoch));
  const error = optRecord(log, "error", p);
  const context: InspectLogContext = { task, multiEpoch: (epochs ?? 1) > 1 || maxEpoch > 1 };
  const model = optString(spec, "model", specPath);
  if (model !== undefined) context.model = model;
  const status = optString(log, "status", p);
  if (status !== undefined) context.status = status;
  const errorMessage = error === undefined ? undefined : optString(error, "message", fieldPath(p, "error"));
  if (errorMessage !== undefined) context.errorMessage = errorMessage;
  return context;
}

function readLog(log: JsonRecord, p: string, rawSamples: Array<{ value: unknown; field: string }>, format: string): ParsedFile {
  if (rawSamples.length === 0) {
    problem(format === "inspect-eval" ? "samples/" : "samples", "the log holds no samples (it was written with log_samples off, or before any sample finished)");
  }
  const samples = rawSamples.map(({ value, field }) => ({ sample: expectRecord(value, field), field }));
  const context = logContext(log, p, samples);
  const rollouts = samples.map(({ sample, field }) => sampleToRollout(sample, field, context));
  // Each message of each sample is one turn (inspect-ai-messages.ts maps them one to one).
  const tally = new Tally("sample messages");
  for (const { sample } of samples) tally.turn(Array.isArray(sample.messages) ? sample.messages.length : 0);
  // Inspect's own order (epoch, then id) so .json and .eval of one log list the same rollouts alike.
  rollouts.sort((a, b) => epochOf(a.attempt) - epochOf(b.attempt) || compareIds(a.instanceId, b.instanceId));
  return { format, rollouts, facts: [], reports: [], accounting: tally.accounting };
}

function epochOf(attempt: string): number {
  return attempt === "" ? 1 : Number(attempt.replace("epoch ", ""));
}

function compareIds(a: string, b: string): number {
  const numeric = /^\d+$/;
  if (numeric.test(a) && numeric.test(b)) return Number(a) - Number(b);
  return a < b ? -1 : a > b ? 1 : 0;
}

export const inspectLogReader: FormatReader = {
  name: "inspect-ai",
  detect(file: PeekedFile): boolean {
    return isEvalArchiveName(file.name) || isInspectJsonLog(file.json);
  },
  read(file: PeekedFile): ParsedFile {
    if (isInspectJsonLog(file.json)) {
      const samples = optArray(file.json, "samples", "") ?? [];
      return readLog(file.json, "", samples.map((value, i) => ({ value, field: fieldPath("samples", i) })), "inspect-json");
    }
    if (!isEvalArchiveName(file.name)) problem("file", "not an Inspect AI log (.json with version, status and eval.task, or a .eval archive)");
    const archive = readEvalArchive(file.bytes);
    const header = expectRecord(archive.header, archive.headerField);
    return readLog(header, archive.headerField, archive.samples, "inspect-eval");
  },
};
