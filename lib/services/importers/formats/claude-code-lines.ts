// What the lines of a Claude Code session are, as Claude Code 2.0–2.1 writes them: which lines make turns, which
// are its own bookkeeping (skipped, each with the reason), and the marks it leaves on a tool call the user rejected
// or interrupted. Detection samples the first lines and claims the file when most of them are Claude Code's: the
// first line is often bookkeeping (a file-history-snapshot, a queue operation, a summary) with no session id.
import type { PeekedFile } from "../types";
import { isRecord, type JsonRecord } from "./untrusted-json";

export const TURN_TYPES = new Set(["user", "assistant", "system"]);

/** Claude Code's own records: what each is, said as the reason it is not a turn. */
export const BOOKKEEPING: Record<string, string> = {
  "queue-operation": "a queue operation (Claude Code's input queue bookkeeping)",
  progress: "hook or tool progress (bookkeeping; the result is in a later line)",
  "file-history-snapshot": "a file history snapshot (undo bookkeeping)",
  summary: "a session summary title (bookkeeping)",
  "last-prompt": "the last prompt typed (the input box's memory, not a message)",
  "custom-title": "the session's title as the user named it (bookkeeping)",
  "ai-title": "the session's generated title (bookkeeping)",
  "agent-name": "a sub-agent's display name (bookkeeping)",
  attachment: "an attachment record (context Claude Code attached; its text reaches the model through a message)",
  "pr-link": "a pull request link (bookkeeping)",
  "permission-mode": "a permission mode change (settings, not a message)",
  mode: "a mode change (settings, not a message)",
  "worktree-state": "a worktree state record (bookkeeping)",
  "bridge-session": "a remote-control bridge record (bookkeeping)",
};

/**
 * Why a line that is not a turn is skipped: its bookkeeping type's reason, a sub-agent's progress (2.1 mirrors the
 * sub-agent's messages into progress lines; they are read from its own file), or, for a line type this reader
 * does not know (a newer Claude Code's), a reason naming it: never a refusal.
 */
export function skipReason(line: JsonRecord, type: string | undefined): string {
  if (type === "progress" && isRecord(line.data) && line.data.type === "agent_progress") return "a sub-agent's progress (its messages are in the sub-agent's own file)";
  if (type !== undefined && BOOKKEEPING[type]) return BOOKKEEPING[type]!;
  return `a "${String(type).slice(0, 40)}" line (a line type this reader does not know; not part of the conversation)`;
}

/** Lines sampled to decide whether a file is a Claude Code session. */
const SAMPLE = 60;

/** A line Claude Code writes: a typed record with its session id, or one of its bookkeeping types. */
export function isClaudeLine(value: unknown): value is JsonRecord {
  if (!isRecord(value) || typeof value.type !== "string") return false;
  if ("payload" in value) return false; // Codex CLI's {timestamp, type, payload}
  return typeof value.sessionId === "string" || value.type in BOOKKEEPING || (typeof value.uuid === "string" && "parentUuid" in value);
}

/** A user or assistant line with a message: the proof that the file holds a conversation. */
function isConversationLine(value: JsonRecord): boolean {
  return (value.type === "user" || value.type === "assistant") && isRecord(value.message);
}

/** Most sampled lines are Claude Code's (¾ or more) and one of them is a message. */
export function looksLikeSession(file: PeekedFile): boolean {
  if (!file.name.toLowerCase().endsWith(".jsonl") || file.text === null) return false;
  let sampled = 0;
  let claude = 0;
  let conversation = false;
  for (const raw of file.text.split("\n", SAMPLE * 2)) {
    if (raw.trim() === "") continue;
    if (++sampled > SAMPLE) break;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    if (!isClaudeLine(value)) continue;
    claude++;
    if (isConversationLine(value)) conversation = true;
  }
  return conversation && claude * 4 >= Math.min(sampled, SAMPLE) * 3;
}

/** Claude Code's words when the user rejects a tool call at its permission prompt (tool_result, is_error). */
const REJECTED = /^The user doesn't want to proceed with this tool use\./;
const REJECTED_RESULT = "User rejected tool use";
/** …and when the user interrupts (a user text block, or a tool_result of the interrupted call). */
const INTERRUPTED = /^\[Request interrupted by user(?: for tool use)?\]/;

export function isRejectedToolResult(block: JsonRecord, line: JsonRecord): boolean {
  const text = typeof block.content === "string" ? block.content : Array.isArray(block.content) ? block.content.map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : "")).join("") : "";
  return line.toolUseResult === REJECTED_RESULT || (block.is_error === true && REJECTED.test(text.trimStart()));
}

export function isInterruption(text: string): boolean {
  return INTERRUPTED.test(text.trimStart());
}

// How the viewer is told what a turn is when Claude Code, not the model or the user's typing, made it so: a hook
// message (the Turn contract's own field, shown in the turn card with its text), since Claude Code's permission
// prompt, interrupt and compaction act on the conversation the way a harness hook does.
export const REJECTED_HOOK = { position: "pre_action", hook: "permission prompt (user)", effect: "refuse", message: "Rejected by the user at Claude Code's permission prompt: the tool did not run." } as const;
export const INTERRUPTED_TOOL_HOOK = { position: "post_feedback", hook: "interrupt (user)", effect: "observe", message: "Interrupted by the user while the tool call ran." } as const;
export const INTERRUPTED_HOOK = { position: "post_feedback", hook: "interrupt (user)", effect: "observe", message: "Interrupted by the user: Claude Code stopped the model's turn here." } as const;
/** A user line with isMeta: text Claude Code put in the conversation (a local command's caveat, a skill's body). */
export const META_HOOK = { position: "pre_decision", hook: "Claude Code (meta message)", effect: "inject", message: "Added by Claude Code, not typed by the user." } as const;
/** A user line with isCompactSummary: Claude Code's summary standing in for the compacted turns. */
export const COMPACT_SUMMARY_HOOK = {
  position: "pre_decision", hook: "compaction (Claude Code)", effect: "rewrite",
  message: "Compaction summary written by Claude Code, not the user: it replaces the turns before it in the model's context.",
} as const;
