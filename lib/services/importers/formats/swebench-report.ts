// SWE-bench evaluation reports → verdicts.
//   Per instance ("swebench-report"): the harness's `report.json`, either wrapped
//   ({"<instance_id>": {resolved, tests_status, patch_* flags}}) or bare, as sb-cli and the
//   experiments repo store it under `logs/<instance_id>/report.json` — then the folder names the instance.
//   Per run ("swebench-run-report"): sb-cli's report and the harness's `<model>.<run_id>.json`, with
//   resolved_ids / unresolved_ids / error_ids / empty_patch_ids / … and summary counts.
// Success is only ever `resolved`; the status keeps the evaluator's word for everything else.
import type { FormatReader, ParsedFile, PeekedFile, Verdict } from "../types";
import { at, baseName, describe, expectRecord, isRecord, parentFolder, problem, type JsonRecord } from "./swe-common";

const INSTANCE_FORMAT = "swebench-report";
const RUN_FORMAT = "swebench-run-report";
const PATCH_FLAGS = ["patch_is_None", "patch_exists", "patch_successfully_applied"] as const;
const REPORT_KEYS = ["resolved", "tests_status", ...PATCH_FLAGS];

/**
 * The run report's id lists, strongest first: an id listed twice gets the first status. sb-cli's
 * failed (evaluation could not run) counts as an error; pending and incomplete mean never evaluated.
 */
const RUN_LISTS: ReadonlyArray<readonly [key: string, status: string]> = [
  ["resolved_ids", "resolved"],
  ["unresolved_ids", "unresolved"],
  ["empty_patch_ids", "empty_patch"],
  ["error_ids", "error"],
  ["failed_ids", "error"],
  ["incomplete_ids", "incomplete"],
  ["pending_ids", "incomplete"],
];
const RUN_MARKERS = ["unresolved_ids", "submitted_ids", "completed_ids", "total_instances", "resolved_instances"];

function isInstanceReport(value: unknown): value is JsonRecord {
  return isRecord(value) && typeof value.resolved === "boolean" && REPORT_KEYS.some((k) => k !== "resolved" && k in value);
}

function isRunReport(json: JsonRecord): boolean {
  return Array.isArray(json.resolved_ids) && RUN_MARKERS.some((k) => k in json);
}

function isWrapped(json: JsonRecord): boolean {
  const values = Object.values(json);
  return values.length > 0 && values.every(isInstanceReport);
}

/** A `report.json` whose content is broken but recognisably a SWE-bench report: ours to report on. */
function looksLikeBrokenReport(file: PeekedFile, json: JsonRecord): boolean {
  if (baseName(file.name).toLowerCase() !== "report.json") return false;
  const mentions = (v: unknown) => isRecord(v) && REPORT_KEYS.some((k) => k in v);
  return mentions(json) || Object.values(json).some(mentions);
}

export const sweBenchReportReader: FormatReader = {
  name: INSTANCE_FORMAT,

  detect(file: PeekedFile): boolean {
    const json = file.json;
    if (!isRecord(json)) return false;
    return isRunReport(json) || isInstanceReport(json) || isWrapped(json) || looksLikeBrokenReport(file, json);
  },

  read(file: PeekedFile): ParsedFile {
    const json = expectRecord(file.json, "file");
    if (isRunReport(json)) return readRunReport(json);
    const bare = REPORT_KEYS.some((k) => k in json);
    const verdicts: Verdict[] = [];
    if (bare) {
      const id = parentFolder(file.name);
      if (id === undefined) problem("file", "a report.json without the {instance_id: …} wrapper needs its folder to name the instance (logs/<instance_id>/report.json)");
      verdicts.push(instanceVerdict(id, json, ""));
    } else {
      for (const [id, value] of Object.entries(json)) verdicts.push(instanceVerdict(id, expectRecord(value, id), id));
    }
    return { format: INSTANCE_FORMAT, rollouts: [], facts: [], reports: [{ verdicts }] };
  },
};

function instanceVerdict(instanceId: string, report: JsonRecord, field: string): Verdict {
  if (instanceId.trim() === "") problem(field || "file", "the instance id is empty");
  const resolved = report.resolved;
  if (typeof resolved !== "boolean") problem(at(field, "resolved"), `must be true or false, got ${describe(resolved)}`);
  const details: Record<string, unknown> = {};
  for (const flag of PATCH_FLAGS) {
    const value = report[flag];
    if (value === undefined) continue;
    if (typeof value !== "boolean") problem(at(field, flag), `must be true or false, got ${describe(value)}`);
    details[flag] = value;
  }
  if (report.tests_status !== undefined) details.tests_status = testsStatus(report.tests_status, at(field, "tests_status"));
  const emptyPatch = details.patch_is_None === true || details.patch_exists === false;
  const status = resolved ? "resolved" : emptyPatch ? "empty_patch" : "unresolved";
  return { instanceId: instanceId.trim(), success: resolved, status, details };
}

/** {FAIL_TO_PASS: {success: [test ids], failure: [test ids]}, PASS_TO_PASS: …, …}, checked for shape. */
function testsStatus(value: unknown, field: string): Record<string, { success: string[]; failure: string[] }> {
  const record = expectRecord(value, field);
  const out: Record<string, { success: string[]; failure: string[] }> = {};
  for (const [category, lists] of Object.entries(record)) {
    const listsField = at(field, category);
    const entry = expectRecord(lists, listsField);
    out[category] = { success: testIds(entry.success, at(listsField, "success")), failure: testIds(entry.failure, at(listsField, "failure")) };
  }
  return out;
}

function testIds(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) problem(field, `must be a list of test names, got ${describe(value)}`);
  value.forEach((test, i) => {
    if (typeof test !== "string") problem(at(field, i), `must be a test name (text), got ${describe(test)}`);
  });
  return value as string[];
}

function readRunReport(json: JsonRecord): ParsedFile {
  const statusOf = new Map<string, string>();
  for (const [key, status] of RUN_LISTS) {
    const list = json[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) problem(key, `must be a list of instance ids, got ${describe(list)}`);
    list.forEach((id, i) => {
      if (typeof id !== "string") problem(at(key, i), `must be an instance id (text), got ${describe(id)}`);
      if (id.trim() === "") problem(at(key, i), "is empty; an instance id was expected");
      if (!statusOf.has(id.trim())) statusOf.set(id.trim(), status);
    });
  }
  const verdicts: Verdict[] = [...statusOf].map(([instanceId, status]) => ({ instanceId, success: status === "resolved", status }));
  const reported: Record<string, number> = {};
  for (const [key, value] of Object.entries(json)) {
    if (key === "schema_version") continue;
    if (typeof value === "number" && Number.isFinite(value)) reported[key] = value;
    else if (key.endsWith("_instances") && value !== null && value !== undefined) problem(key, `must be a number, got ${describe(value)}`);
  }
  return { format: RUN_FORMAT, rollouts: [], facts: [], reports: [{ reported, verdicts }] };
}
