// Files that sit next to SWE-style trajectories and state facts about instances:
//   mini-swe-agent / SWE-agent `preds.json` ({instance_id: {model_name_or_path, instance_id, model_patch}},
//     or the SWE-bench list form [{…}]), SWE-agent `all_preds.jsonl` (one prediction per line),
//   mini-swe-agent `exit_statuses_<time>.yaml` (instances_by_exit_status: {Status: [instance ids]}).
// They become InstanceFacts; the assembly joins them with the rollouts of the same instance.
import { parse as parseYaml } from "yaml";
import type { FormatReader, InstanceFact, ParsedFile, PeekedFile } from "../types";
import { at, baseName, describe, expectRecord, isRecord, nonEmpty, optString, problem, type JsonRecord } from "./swe-common";

const FORMAT = "swe-sidecar";
const EXIT_STATUS_KEY = "instances_by_exit_status";
const EXIT_STATUS_NAME = /^exit_statuses[^/]*\.ya?ml$/i;
const PREDS_NAMES = new Set(["preds.json", "all_preds.json"]);
const YAML_NAME = /\.ya?ml$/i;

function isPrediction(value: unknown): value is JsonRecord {
  return isRecord(value) && typeof value.instance_id === "string" && "model_patch" in value;
}

/** The first non-blank line of a JSONL text, parsed; undefined when it is not JSON. */
function firstJsonLine(text: string): unknown {
  const start = text.search(/\S/);
  if (start < 0) return undefined;
  const end = text.indexOf("\n", start);
  try {
    return JSON.parse(end < 0 ? text.slice(start) : text.slice(start, end));
  } catch {
    return undefined;
  }
}

type Kind = "preds" | "jsonl" | "exit-statuses";

function kindOf(file: PeekedFile): Kind | undefined {
  const name = baseName(file.name);
  const lower = name.toLowerCase();
  const json = file.json;
  if (EXIT_STATUS_NAME.test(name)) return "exit-statuses";
  if (YAML_NAME.test(name) && file.text !== null && file.text.slice(0, 2_000).includes(`${EXIT_STATUS_KEY}:`)) return "exit-statuses";
  if (lower.endsWith(".jsonl")) return file.text !== null && isPrediction(firstJsonLine(file.text)) ? "jsonl" : undefined;
  if (PREDS_NAMES.has(lower) && (isRecord(json) || Array.isArray(json))) return "preds";
  if (Array.isArray(json)) return json.length > 0 && json.every(isPrediction) ? "preds" : undefined;
  if (isRecord(json)) {
    const values = Object.values(json);
    return values.length > 0 && values.every(isPrediction) ? "preds" : undefined;
  }
  return undefined;
}

export const sweSidecarReader: FormatReader = {
  name: FORMAT,

  detect(file: PeekedFile): boolean {
    return kindOf(file) !== undefined;
  },

  read(file: PeekedFile): ParsedFile {
    const kind = kindOf(file);
    let facts: InstanceFact[];
    if (kind === "exit-statuses") facts = readExitStatuses(requireText(file));
    else if (kind === "jsonl") facts = readJsonl(requireText(file));
    else if (kind === "preds") facts = readPreds(file.json);
    else problem("file", "is not a preds.json, all_preds.jsonl or exit_statuses_*.yaml file");
    return { format: FORMAT, rollouts: [], facts, reports: [] };
  },
};

function requireText(file: PeekedFile): string {
  if (file.text === null) problem("file", "is not UTF-8 text");
  return file.text;
}

function predictionFact(value: unknown, field: string, key?: string): InstanceFact {
  const record = expectRecord(value, field);
  const declared = optString(record, "instance_id", field);
  const instanceId = nonEmpty(declared?.trim()) ?? nonEmpty(key?.trim());
  if (instanceId === undefined) problem(at(field, "instance_id"), "missing or empty");
  const fact: InstanceFact = { instanceId };
  const patch = record.model_patch;
  if (patch !== undefined && patch !== null && typeof patch !== "string") problem(at(field, "model_patch"), `must be text, got ${describe(patch)}`);
  if (typeof patch === "string" && patch !== "") fact.submission = patch;
  const model = nonEmpty(optString(record, "model_name_or_path", field));
  if (model !== undefined && !isRunName(model)) fact.model = model;
  return fact;
}

/**
 * SWE-agent before 1.0 wrote its run name into model_name_or_path ("gpt4__swe-bench-dev-easy__default__t-0.00__
 * p-0.95__c-3.00__install-1"): the model's short name, the data, the config and the sampling settings joined
 * by "__". That is not a model name; the trajectory's own configuration names the model when anything does.
 */
export function isRunName(value: string): boolean {
  return /(^|__)t-\d+(\.\d+)?__p-\d+(\.\d+)?(__|$)/.test(value) || /__install-\d+$/.test(value);
}

function readPreds(json: unknown): InstanceFact[] {
  if (Array.isArray(json)) return json.map((entry, i) => predictionFact(entry, String(i)));
  const record = expectRecord(json, "file");
  return Object.entries(record).map(([key, entry]) => predictionFact(entry, key, key));
}

function readJsonl(text: string): InstanceFact[] {
  const facts: InstanceFact[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    const field = `line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      problem(field, "is not valid JSON");
    }
    facts.push(predictionFact(value, field));
  });
  return facts;
}

function readExitStatuses(text: string): InstanceFact[] {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    problem("file", `is not valid YAML: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  }
  const root = expectRecord(doc, "file");
  const byStatus = expectRecord(root[EXIT_STATUS_KEY], EXIT_STATUS_KEY);
  const facts: InstanceFact[] = [];
  for (const [status, ids] of Object.entries(byStatus)) {
    const field = at(EXIT_STATUS_KEY, status);
    if (ids === null) continue; // a status with no instances is written as an empty key
    if (!Array.isArray(ids)) problem(field, `must be a list of instance ids, got ${describe(ids)}`);
    ids.forEach((id, i) => {
      if (typeof id !== "string") problem(at(field, i), `must be an instance id (text), got ${describe(id)}`);
      if (id.trim() === "") problem(at(field, i), "is empty; an instance id was expected");
      facts.push({ instanceId: id.trim(), exitStatus: status });
    });
  }
  return facts;
}
