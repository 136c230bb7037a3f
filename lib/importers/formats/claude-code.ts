// Claude Code session transcripts (~/.claude/projects/<project>/<session-id>.jsonl): one JSON object per line,
// {type: user|assistant|system|summary|progress|queue-operation|file-history-snapshot…, uuid, parentUuid,
// sessionId, isSidechain, agentId?, timestamp, message?: {role, model?, id?, content: text | blocks, usage?}}.
// Content blocks: text, thinking, tool_use {id, name, input}, tool_result {tool_use_id, content, is_error}.
// One line with a message is one turn: a user line's text → user, each of its tool_result blocks → a tool
// turn (the output as observation); an assistant line → assistant (text, thinking as reasoning, tool_use
// blocks as tool calls, output tokens counted once per API message id: Claude Code writes one line per
// content block of a streamed message and repeats its usage). Bookkeeping lines (queue operations, hook
// progress, file history snapshots, summaries) are skipped with their reason (claude-code-lines.ts). One API message
// streamed over several lines (one per content block, all with its message.id) is ONE assistant turn: the later
// lines are merged into it. A tool call the user rejected at the permission prompt carries a pre_action "refuse"
// hook from the user, one the user interrupted a post_feedback note; a compaction boundary says what it compacted.
// Sub-agents (the Task/Agent tool) are sidechains: lines with isSidechain and an agentId, in the same file
// (old), in agent-<id>.jsonl beside it (2.0), or in <session>/subagents/agent-<id>.jsonl (2.1). Each agent
// is a rollout of its own, of the same task as its session, attempt "agent <id>", linked by
// metadata.parent_session. The subagents' .meta.json files (agentType, description, toolUseId) are read as
// links only: they carry no turns.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally, type Accounting } from "../accounting";
import { type ToolCallAction, toolCallsAction } from "./swe-common";
import { type JsonRecord, isRecord, isoToMillis, optCount, parseJsonText, problem } from "./untrusted-json";
import { BOOKKEEPING, TURN_TYPES, isInterruption, isRejectedToolResult, looksLikeSession } from "./claude-code-lines";

const FORMAT = "claude-code";

function lines(text: string): Array<{ value: unknown; field: string }> {
  return text.split("\n").flatMap((line, i) => (line.trim() === "" ? [] : [{ value: parseJsonText(line, `line ${i + 1}`), field: `line ${i + 1}` }]));
}

function isSubagentMeta(file: PeekedFile): boolean {
  return /(^|\/)agent-[^/]+\.meta\.json$/.test(file.name) && isRecord(file.json) && ("toolUseId" in file.json || "agentType" in file.json);
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return value === undefined || value === null ? "" : JSON.stringify(value);
  return value.map((b) => (isRecord(b) && typeof b.text === "string" ? b.text : isRecord(b) && b.type === "image" ? "[image]" : "")).filter(Boolean).join("\n");
}

interface Group {
  key: string;
  agentId?: string;
  turns: TurnDraft[];
  tally: Tally;
  messageIds: Set<string>;
  /** The assistant turn of each API message id, with its tool calls: later lines of the message merge into it. */
  messages: Map<string, { turn: TurnDraft; calls: ToolCallAction[] }>;
  prompt?: number;
  completion?: number;
  model?: string;
  sessionId?: string;
  times: number[];
}

function userTurns(line: JsonRecord, message: JsonRecord): TurnDraft[] {
  const content = message.content;
  if (!Array.isArray(content)) return [{ role: "user", content: text(content), raw: line }];
  const turns: TurnDraft[] = [];
  const texts = content.filter((b) => isRecord(b) && b.type !== "tool_result");
  if (texts.length > 0) turns.push({ role: "user", content: text(texts), raw: line });
  for (const block of content) {
    if (!isRecord(block) || block.type !== "tool_result") continue;
    const output = text(block.content);
    const turn: TurnDraft = { role: "tool", content: output, observation: output, raw: { ...block, ...(line.toolUseResult !== undefined ? { toolUseResult: line.toolUseResult } : {}) } };
    if (block.is_error === true) turn.return_code = 1;
    if (isRejectedToolResult(block, line)) {
      turn.hooks = [{ position: "pre_action", hook: "permission prompt (user)", effect: "refuse", message: "Rejected by the user at Claude Code's permission prompt: the tool did not run." }];
    } else if (isInterruption(output)) {
      turn.hooks = [{ position: "post_feedback", hook: "interrupt (user)", effect: "observe", message: "Interrupted by the user while the tool call ran." }];
    }
    turns.push(turn);
  }
  return turns;
}

/** A compaction boundary says what was compacted; other system lines keep their text (ANSI escapes as text). */
function systemContent(line: JsonRecord): string {
  const base = typeof line.content === "string" ? line.content : text(isRecord(line.message) ? line.message.content : "");
  if (line.subtype !== "compact_boundary" || !isRecord(line.compactMetadata)) return base;
  const m = line.compactMetadata;
  const how = [typeof m.trigger === "string" ? `trigger: ${m.trigger}` : "", typeof m.preTokens === "number" ? `${m.preTokens.toLocaleString("en-US")} tokens before` : ""].filter(Boolean).join(", ");
  return how ? `${base || "Conversation compacted"} (${how})` : base || "Conversation compacted";
}

const joined = (a: string | undefined, b: string) => (a && a.trim() !== "" ? (b.trim() !== "" ? `${a}\n${b}` : a) : b);

/**
 * One line of an assistant message: a new turn, or (a later content block of an API message already seen, as
 * Claude Code streams them) merged into that message's turn. Returns the new turn, or null when merged.
 */
function assistantTurn(line: JsonRecord, message: JsonRecord, group: Group, field: string): TurnDraft | null {
  const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
  const content = Array.isArray(message.content) ? blocks.filter((b) => b.type === "text").map((b) => String(b.text ?? "")).join("\n") : text(message.content);
  const thinking = blocks.filter((b) => b.type === "thinking" && typeof b.thinking === "string").map((b) => b.thinking as string)
    .concat(blocks.some((b) => b.type === "redacted_thinking") ? ["[redacted thinking]"] : []).join("\n");
  const calls: ToolCallAction[] = blocks.filter((b) => b.type === "tool_use").map((b) => ({
    ...(typeof b.id === "string" ? { id: b.id } : {}), name: String(b.name ?? ""), arguments: b.input ?? {},
  }));
  const messageId = typeof message.id === "string" ? message.id : undefined;
  const earlier = messageId === undefined ? undefined : group.messages.get(messageId);
  if (earlier) {
    earlier.turn.content = joined(earlier.turn.content, content);
    if (thinking.trim() !== "") earlier.turn.reasoning = joined(earlier.turn.reasoning, thinking);
    earlier.calls.push(...calls);
    if (earlier.calls.length > 0) earlier.turn.action = toolCallsAction(earlier.calls);
    return null;
  }
  const turn: TurnDraft = { role: "assistant", content, raw: line };
  if (thinking.trim() !== "") turn.reasoning = thinking;
  if (calls.length > 0) turn.action = toolCallsAction(calls);
  if (messageId !== undefined) group.messages.set(messageId, { turn, calls: [...calls] });
  if (typeof message.model === "string" && message.model !== "<synthetic>") group.model ??= message.model;
  const id = typeof message.id === "string" ? message.id : undefined;
  const usage = isRecord(message.usage) ? message.usage : undefined;
  if (usage && (id === undefined || !group.messageIds.has(id))) {
    if (id !== undefined) group.messageIds.add(id);
    const up = `${field}.message.usage`;
    const input = (optCount(usage, "input_tokens", up) ?? 0) + (optCount(usage, "cache_creation_input_tokens", up) ?? 0) + (optCount(usage, "cache_read_input_tokens", up) ?? 0);
    const output = optCount(usage, "output_tokens", up);
    group.prompt = (group.prompt ?? 0) + input;
    if (output !== undefined) {
      group.completion = (group.completion ?? 0) + output;
      turn.tokens = output;
    }
  }
  return turn;
}

export function readClaudeSession(name: string, textContent: string): ParsedFile {
  const groups = new Map<string, Group>();
  const fileAgent = /(^|\/)agent-([^/]+)\.jsonl$/.exec(name)?.[2];
  const groupOf = (line: JsonRecord): Group => {
    const agentId = line.isSidechain === true ? (typeof line.agentId === "string" ? line.agentId : fileAgent ?? "sidechain") : undefined;
    const key = agentId ?? "";
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, agentId, turns: [], tally: new Tally("lines"), messageIds: new Set(), messages: new Map(), times: [] }));
    return group;
  };
  const fileTally = new Tally("lines");
  for (const { value, field } of lines(textContent)) {
    if (!isRecord(value)) problem(field, "must be a JSON object");
    const type = typeof value.type === "string" ? value.type : undefined;
    const group = groupOf(value);
    if (typeof value.sessionId === "string") group.sessionId ??= value.sessionId;
    const stamp = typeof value.timestamp === "string" ? isoToMillis(value.timestamp) : undefined;
    if (type === undefined || !TURN_TYPES.has(type) || !isRecord(value.message) && type !== "system") {
      group.tally.skip(type !== undefined && BOOKKEEPING[type] ? BOOKKEEPING[type]! : `a "${String(type).slice(0, 40)}" line (not part of the conversation)`);
      continue;
    }
    if (stamp !== undefined) group.times.push(stamp);
    if (type === "system") {
      group.turns.push({ role: "system", content: systemContent(value), raw: value });
    } else if (type === "user") {
      group.turns.push(...userTurns(value, value.message as JsonRecord));
    } else {
      const turn = assistantTurn(value, value.message as JsonRecord, group, field);
      if (turn === null) {
        group.tally.merged();
        continue;
      }
      group.turns.push(turn);
    }
    group.tally.turn();
  }
  const rollouts: RolloutDraft[] = [];
  const sessionOfFile = [...groups.values()].find((g) => g.sessionId)?.sessionId;
  for (const group of groups.values()) {
    fileTally.add(group.tally.accounting);
    if (group.turns.length === 0) continue;
    const session = group.sessionId ?? sessionOfFile ?? name.replace(/^.*\//, "").replace(/\.jsonl$/, "");
    const rollout: RolloutDraft = { instanceId: session, attempt: group.agentId ? `agent ${group.agentId}` : "", turns: group.turns };
    if (group.model) rollout.model = group.model;
    if (group.prompt !== undefined || group.completion !== undefined) rollout.tokens = { ...(group.prompt !== undefined ? { prompt: group.prompt } : {}), ...(group.completion !== undefined ? { completion: group.completion } : {}) };
    if (group.times.length > 0) {
      rollout.startedAt = Math.min(...group.times);
      rollout.durationMs = Math.max(...group.times) - Math.min(...group.times);
    }
    // A compaction sub-agent (agent-acompact-<id>) summarises the session for /compact: said so, not a generic sub-agent.
    const kind = group.agentId?.startsWith("acompact") ? { agent_kind: "compaction" } : group.agentId ? { agent_kind: "sub-agent" } : {};
    rollout.metadata = group.agentId ? { session_id: session, parent_session: session, agent_id: group.agentId, ...kind } : { session_id: session };
    rollouts.push(rollout);
  }
  return { format: FORMAT, rollouts, facts: [], reports: [], accounting: fileTally.accounting };
}

export const claudeCodeReader: FormatReader = {
  name: FORMAT,
  detect: (file: PeekedFile) => looksLikeSession(file) || isSubagentMeta(file),
  read(file: PeekedFile): ParsedFile {
    if (isSubagentMeta(file)) {
      const none: Accounting = { unit: "fields", items: 0, turns: 0, merged: 0, skipped: {} };
      return { format: `${FORMAT}-subagent-meta`, rollouts: [], facts: [], reports: [], accounting: none };
    }
    if (file.text === null) problem("file", "not UTF-8 text");
    return readClaudeSession(file.name, file.text);
  },
};
