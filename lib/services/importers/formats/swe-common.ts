// Small pieces the SWE-style readers share: file-name helpers, tool-call actions and exit-status truncation;
// typed access to untrusted JSON comes from untrusted-json.ts, which every reader uses.
import type { ParsedFile, RolloutDraft } from "../types";

export { isRecord, problem, expectRecord, expectArray, optRecord, optString, optNumber, optCount, describeJson as describe, type JsonRecord } from "./untrusted-json";
import { describeJson as describe, expectArray, expectRecord, isRecord, optString, problem, type JsonRecord } from "./untrusted-json";

/** A field path: "messages.3" + "content" → "messages.3.content"; at the file's top level just the key. */
export function at(field: string, key: string | number): string {
  return field === "" ? String(key) : `${field}.${key}`;
}

/**
 * Chat message content as text: a string, null (a message with only tool calls), or the list of
 * parts multimodal messages use ({type: "text"|"input_text"|"output_text", text}); other parts
 * (images) are left out of the text and stay in `raw`.
 */
export function contentText(value: unknown, field: string): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) problem(field, `must be text or a list of parts, got ${describe(value)}`);
  const texts: string[] = [];
  value.forEach((part, i) => {
    if (typeof part === "string") texts.push(part);
    else if (isRecord(part) && typeof part.text === "string") texts.push(part.text);
    else if (!isRecord(part)) problem(at(field, i), `must be a content part object, got ${describe(part)}`);
  });
  return texts.join("\n");
}

/** The last path segment of an input file name ("a/b/c.traj" → "c.traj"). */
export function baseName(name: string): string {
  const parts = name.split("/");
  return parts[parts.length - 1] ?? name;
}

/** The folder a file sits in ("logs/astropy__astropy-12907/report.json" → "astropy__astropy-12907"). */
export function parentFolder(name: string): string | undefined {
  const parts = name.split("/").filter((p) => p !== "" && p !== ".");
  return parts.length >= 2 ? parts[parts.length - 2] : undefined;
}

/** The file's base name without the first matching suffix, or undefined when none matches. */
export function stemWithout(name: string, suffixes: readonly string[]): string | undefined {
  const base = baseName(name);
  const lower = base.toLowerCase();
  for (const suffix of suffixes) {
    if (lower.endsWith(suffix) && base.length > suffix.length) return base.slice(0, base.length - suffix.length);
  }
  return undefined;
}

export interface ToolCallAction {
  id?: string;
  name: string;
  /** Parsed JSON arguments; the original string when they do not parse (the agent's own format error). */
  arguments: unknown;
}

/** OpenAI-style tool calls ([{id, type: "function", function: {name, arguments}}]) → plain records. */
export function readToolCalls(value: unknown, field: string): ToolCallAction[] {
  return expectArray(value, field).map((call, i) => readToolCall(call, at(field, i)));
}

export function readToolCall(call: unknown, field: string): ToolCallAction {
  const record = expectRecord(call, field);
  // Chat Completions nests name/arguments under `function`; the Responses API has them at the top.
  const fn = isRecord(record.function) ? record.function : record;
  const fnField = isRecord(record.function) ? at(field, "function") : field;
  const name = optString(fn, "name", fnField);
  if (name === undefined) problem(at(fnField, "name"), "a tool call needs the tool's name");
  const rawArgs = fn.arguments;
  let args: unknown = rawArgs ?? {};
  if (typeof rawArgs === "string") {
    try {
      args = rawArgs.trim() === "" ? {} : JSON.parse(rawArgs);
    } catch {
      args = rawArgs;
    }
  }
  // A Responses API function_call has its item id (fc_…) and the call_id its function_call_output answers:
  // the call_id is the call's id (mini-swe-agent: `call_id or id`).
  const id = typeof record.call_id === "string" ? record.call_id : typeof record.id === "string" ? record.id : undefined;
  return id === undefined ? { name, arguments: args } : { id, name, arguments: args };
}

/**
 * The parsed action of a tool-calling turn: the calls as they were, plus `command` when the turn
 * ran exactly one shell command (what the viewer shows first and what search finds).
 */
export function toolCallsAction(calls: ToolCallAction[], command?: string): Record<string, unknown> {
  const single = calls.length === 1 ? calls[0] : undefined;
  const bashCommand =
    single && isRecord(single.arguments) && typeof single.arguments.command === "string" ? single.arguments.command : undefined;
  const shown = command ?? bashCommand;
  return shown === undefined ? { tool_calls: calls } : { command: shown, tool_calls: calls };
}

/**
 * Whether an exit status says the agent was stopped by a budget rather than finishing, and which
 * one. Names from mini-swe-agent (LimitsExceeded, TimeExceeded) and SWE-agent (exit_cost,
 * exit_context, exit_total_execution_time, … also as "submitted (exit_cost)" after autosubmission).
 */
export function truncationOf(exitStatus: string | undefined): Pick<RolloutDraft, "truncated" | "truncationKind"> {
  if (!exitStatus) return {};
  const status = exitStatus.toLowerCase();
  if (status.includes("exit_context") || status.includes("contextwindowexceeded")) return { truncated: true, truncationKind: "tokens" };
  if (status.includes("exit_total_execution_time") || status.includes("timeexceeded")) return { truncated: true, truncationKind: "time" };
  if (status.includes("exit_cost") || status.includes("limitsexceeded")) return { truncated: true, truncationKind: "other" };
  return {};
}

export function emptyParsed(format: string): ParsedFile {
  return { format, rollouts: [], facts: [], reports: [] };
}

/** A string worth keeping as a submission: non-empty. */
export function nonEmpty(text: string | undefined): string | undefined {
  return text !== undefined && text !== "" ? text : undefined;
}
