// Claude Code's `system` lines, by subtype, as 2.0–2.1 write them (shapes as the public transcript parsers document
// them): what one says becomes a system turn's text (ANSI escapes of local command output kept as text: the viewer
// renders text only), and the ones that only time or tally something are skipped with their reason.
//   local_command, informational, away_summary, bridge_status…  {content}: shown as is
//   compact_boundary       {content, compactMetadata: {trigger, preTokens}}: says what it compacted
//   microcompact_boundary  {content, microcompactMetadata: {trigger, preTokens, tokensSaved}}: the same
//   api_error              {error: {status, error: {error: {type, message}}} | {cause…}, retryAttempt, maxRetries, retryInMs}
//   turn_duration          {durationMs}: timing only
//   stop_hook_summary      {hookInfos: [{command}], hookErrors, preventedContinuation, stopReason}: shown when a hook
//                          failed or blocked the stop, else bookkeeping
import { isRecord, type JsonRecord } from "./untrusted-json";

export type SystemLine = { content: string } | { skip: string };

const count = (n: number) => n.toLocaleString("en-US");
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function textOf(line: JsonRecord): string {
  if (typeof line.content === "string") return line.content;
  const message = isRecord(line.message) ? line.message.content : undefined;
  if (typeof message === "string") return message;
  return Array.isArray(message) ? message.map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : "")).filter(Boolean).join("\n") : "";
}

function compaction(base: string, fallback: string, meta: unknown): string {
  const text = base.trim() !== "" ? base : fallback;
  if (!isRecord(meta)) return text;
  const how = [
    str(meta.trigger) ? `trigger: ${meta.trigger as string}` : "",
    num(meta.preTokens) !== undefined ? `${count(meta.preTokens as number)} tokens before` : "",
    num(meta.tokensSaved) !== undefined ? `${count(meta.tokensSaved as number)} tokens saved` : "",
  ].filter(Boolean).join(", ");
  return how ? `${text} (${how})` : text;
}

/** "API error 529 overloaded_error: Overloaded (retry 2 of 10, next in 1.2 s)"; providers vary, so every part is optional. */
function apiError(line: JsonRecord): string {
  const error = isRecord(line.error) ? line.error : {};
  const body = isRecord(error.error) ? error.error : {};
  const inner = isRecord(body.error) ? body.error : body;
  const cause = isRecord(line.cause) && isRecord(line.cause.cause) ? line.cause.cause : isRecord(error.cause) && isRecord(error.cause.cause) ? error.cause.cause : {};
  const kind = str(inner.type) ?? str(inner.code) ?? str(cause.code);
  const message = str(inner.message) ?? str(body.message) ?? str(error.message);
  const head = ["API error", num(error.status) !== undefined ? String(error.status) : "", kind ?? ""].filter(Boolean).join(" ");
  const attempt = num(line.retryAttempt);
  const max = num(line.maxRetries);
  const wait = num(line.retryInMs);
  const retry = attempt !== undefined
    ? ` (retry ${attempt}${max !== undefined ? ` of ${max}` : ""}${wait !== undefined ? `, next in ${(wait / 1000).toFixed(1)} s` : ""})`
    : "";
  return `${head}${message ? `: ${message}` : ""}${retry}`;
}

function stopHooks(line: JsonRecord): SystemLine {
  const errors = Array.isArray(line.hookErrors) ? line.hookErrors.map((e) => (typeof e === "string" ? e : JSON.stringify(e))) : [];
  if (line.preventedContinuation !== true && errors.length === 0) return { skip: "a Stop hook summary with no errors and no blocked stop (hook bookkeeping)" };
  const commands = Array.isArray(line.hookInfos) ? line.hookInfos.map((h) => (isRecord(h) ? str(h.command) : undefined)).filter(Boolean) : [];
  const who = `Stop hooks${commands.length > 0 ? ` (${commands.join(", ")})` : ""}`;
  const what = line.preventedContinuation === true ? `${who} blocked the stop${str(line.stopReason) ? `: ${line.stopReason as string}` : ""}` : `${who} failed`;
  return { content: [what, ...errors].join("\n") };
}

export function systemLine(line: JsonRecord): SystemLine {
  const base = textOf(line);
  switch (line.subtype) {
    case "compact_boundary":
      return { content: compaction(base, "Conversation compacted", line.compactMetadata) };
    case "microcompact_boundary":
      return { content: compaction(base, "Context microcompacted", line.microcompactMetadata) };
    case "api_error":
      return { content: base.trim() !== "" ? base : apiError(line) };
    case "turn_duration":
      return { skip: "the duration of a turn (timing bookkeeping)" };
    case "stop_hook_summary":
      return stopHooks(line);
    default:
      if (base.trim() !== "") return { content: base };
      return { skip: `a system line with no text${typeof line.subtype === "string" ? ` (subtype "${line.subtype.slice(0, 40)}")` : ""}` };
  }
}
