// An Inspect AI sample's chat messages as turns (inspect_ai/model/_chat_message.py). Content is a string
// or a list of parts (_util/content.py): text parts make the turn's content, reasoning parts its
// reasoning; media parts are named in brackets ("[image]") rather than copied (they are base64 blobs).
// Long strings may be stored once in the sample's attachments and referenced as "attachment://<hash>".
import type { TurnDraft } from "../types";
import {
  type JsonRecord, describeJson, expectArray, expectRecord, fieldPath, isRecord, optArray, optRecord, optString, problem,
} from "./untrusted-json";

const ROLES = new Set(["system", "user", "assistant", "tool"]);
const ATTACHMENT = "attachment://";

export function resolveAttachment(text: string, attachments: Record<string, string>): string {
  if (!text.startsWith(ATTACHMENT)) return text;
  const stored = attachments[text.slice(ATTACHMENT.length)];
  return typeof stored === "string" ? stored : text;
}

interface MessageText {
  content: string;
  reasoning?: string;
}

function readContent(message: JsonRecord, p: string, attachments: Record<string, string>): MessageText {
  const content = message.content;
  const field = fieldPath(p, "content");
  if (content === undefined || content === null) return { content: "" };
  if (typeof content === "string") return { content: resolveAttachment(content, attachments) };
  const texts: string[] = [];
  const reasonings: string[] = [];
  expectArray(content, field).forEach((item, i) => {
    const partPath = fieldPath(field, i);
    const part = expectRecord(item, partPath);
    const type = optString(part, "type", partPath);
    if (type === "text" || (type === undefined && typeof part.text === "string")) {
      texts.push(resolveAttachment(optString(part, "text", partPath) ?? "", attachments));
    } else if (type === "reasoning") {
      // A redacted block carries only an encrypted payload; its summary, when there is one, is the readable part.
      const text = part.redacted === true ? optString(part, "summary", partPath) : optString(part, "reasoning", partPath);
      if (text !== undefined && text !== "") reasonings.push(resolveAttachment(text, attachments));
    } else if (type === "tool_use") {
      const name = optString(part, "name", partPath);
      texts.push(name === undefined || name === "" ? "[tool_use]" : `[tool_use ${name}]`);
    } else if (type !== "data") {
      // data parts are provider-internal payloads with nothing to read.
      texts.push(`[${type ?? "content"}]`);
    }
  });
  const legacyReasoning = optString(message, "reasoning", p);
  if (legacyReasoning !== undefined && legacyReasoning !== "") reasonings.unshift(legacyReasoning);
  const out: MessageText = { content: texts.join("\n") };
  if (reasonings.length > 0) out.reasoning = reasonings.join("\n\n");
  return out;
}

/** The tool calls of an assistant message as its action, and whether any call failed to parse. */
function readToolCalls(message: JsonRecord, p: string): { action?: JsonRecord; formatError: boolean } {
  const calls = optArray(message, "tool_calls", p);
  if (calls === undefined || calls.length === 0) return { formatError: false };
  let formatError = false;
  const toolCalls = calls.map((item, i) => {
    const callPath = fieldPath(fieldPath(p, "tool_calls"), i);
    const call = expectRecord(item, callPath);
    const fn = optString(call, "function", callPath);
    if (fn === undefined) problem(fieldPath(callPath, "function"), "must name the called tool, got nothing");
    const parseError = optString(call, "parse_error", callPath);
    if (parseError !== undefined && parseError !== "") formatError = true;
    const out: JsonRecord = { function: fn, arguments: call.arguments ?? {} };
    const id = optString(call, "id", callPath);
    if (id !== undefined) out.id = id;
    if (parseError !== undefined) out.parse_error = parseError;
    return out;
  });
  return { action: { tool_calls: toolCalls }, formatError };
}

export function messagesToTurns(messages: unknown, p: string, attachments: Record<string, string>): TurnDraft[] {
  return expectArray(messages, p).map((item, i) => {
    const messagePath = fieldPath(p, i);
    const message = expectRecord(item, messagePath);
    const role = message.role;
    if (typeof role !== "string" || !ROLES.has(role)) {
      problem(fieldPath(messagePath, "role"), `must be system, user, assistant or tool, got ${describeJson(role)}`);
    }
    const text = readContent(message, messagePath, attachments);
    if (role === "tool") return toolTurn(message, messagePath, text.content);
    const turn: TurnDraft = { role: role as "system" | "user" | "assistant", content: text.content };
    if (text.reasoning !== undefined) turn.reasoning = text.reasoning;
    if (role === "assistant") {
      const calls = readToolCalls(message, messagePath);
      if (calls.action !== undefined) turn.action = calls.action;
      if (calls.formatError) turn.format_error = true;
    }
    return turn;
  });
}

/**
 * A tool result: the output is the turn's observation. A failed call (`error`: {type, message}) keeps
 * its error in raw and, when the tool returned nothing, shows the error message as the observation.
 * No return code: Inspect tools report errors by type (timeout, permission, parsing…), not exit codes.
 */
function toolTurn(message: JsonRecord, p: string, output: string): TurnDraft {
  const error = optRecord(message, "error", p);
  const errorMessage = error === undefined ? undefined : optString(error, "message", fieldPath(p, "error"));
  const raw: JsonRecord = {};
  const callId = optString(message, "tool_call_id", p);
  const fn = optString(message, "function", p);
  if (callId !== undefined) raw.tool_call_id = callId;
  if (fn !== undefined) raw.function = fn;
  if (error !== undefined) raw.error = error;
  const turn: TurnDraft = { role: "tool", content: "", observation: output === "" && errorMessage !== undefined ? errorMessage : output };
  if (Object.keys(raw).length > 0) turn.raw = raw;
  return turn;
}

/** Attachments of a sample: `attachments` since 2024, `transcript.content` in older logs. */
export function attachmentsOf(sample: JsonRecord, p: string): Record<string, string> {
  const stored = optRecord(sample, "attachments", p) ?? (isRecord(sample.transcript) && isRecord(sample.transcript.content) ? sample.transcript.content : {});
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(stored)) if (typeof value === "string") out[key] = value;
  return out;
}
