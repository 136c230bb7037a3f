// Claude Code session transcripts (~/.claude/projects/<project>/<session-id>.jsonl): one JSON object per line,
// {type: user|assistant|system|summary|progress|queue-operation|file-history-snapshot…, uuid, parentUuid,
// sessionId, isSidechain, agentId?, timestamp, message?: {role, model?, id?, content: text | blocks, usage?}}.
// Content blocks: text, thinking, tool_use {id, name, input}, tool_result {tool_use_id, content, is_error}.
// One line with a message is one turn: a user line's text → user, each of its tool_result blocks → a tool
// turn (the output as observation); an assistant line → assistant (text, thinking as reasoning, tool_use
// blocks as tool calls, output tokens counted once per API message id: Claude Code writes one line per
// content block of a streamed message and repeats its usage). Bookkeeping lines (queue operations, hook
// progress, file history snapshots, summaries) are skipped with their reason.
// Sub-agents (the Task/Agent tool) are sidechains: lines with isSidechain and an agentId, in the same file
// (old), in agent-<id>.jsonl beside it (2.0), or in <session>/subagents/agent-<id>.jsonl (2.1). Each agent
// is a rollout of its own, of the same task as its session, attempt "agent <id>", linked by
// metadata.parent_session. The subagents' .meta.json files (agentType, description, toolUseId) are read as
// links only: they carry no turns.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally, type Accounting } from "../accounting";
import { type ToolCallAction, toolCallsAction } from "./swe-common";
import { type JsonRecord, isRecord, isoToMillis, optCount, parseJsonText, problem } from "./untrusted-json";

const FORMAT = "claude-code";
const TURN_TYPES = new Set(["user", "assistant", "system"]);
const SKIPPED: Record<string, string> = {
  "queue-operation": "a queue operation (Claude Code's input queue bookkeeping)",
  progress: "hook or tool progress (bookkeeping; the result is in a later line)",
  "file-history-snapshot": "a file history snapshot (undo bookkeeping)",
  summary: "a session summary title (bookkeeping)",
};

function lines(text: string): Array<{ value: unknown; field: string }> {
  return text.split("\n").flatMap((line, i) => (line.trim() === "" ? [] : [{ value: parseJsonText(line, `line ${i + 1}`), field: `line ${i + 1}` }]));
}

function looksLikeSession(file: PeekedFile): boolean {
  if (!file.name.toLowerCase().endsWith(".jsonl") || file.text === null) return false;
  let seen = 0;
  for (const raw of file.text.split("\n", 40)) {
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return false;
    }
    if (!isRecord(value)) return false;
    if (typeof value.type !== "string" || typeof value.sessionId !== "string") return false;
    if (TURN_TYPES.has(value.type) && typeof value.uuid === "string") seen++;
  }
  return seen > 0;
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
    turns.push(turn);
  }
  return turns;
}

function assistantTurn(line: JsonRecord, message: JsonRecord, group: Group, field: string): TurnDraft {
  const blocks = Array.isArray(message.content) ? message.content.filter(isRecord) : [];
  const content = Array.isArray(message.content) ? blocks.filter((b) => b.type === "text").map((b) => String(b.text ?? "")).join("\n") : text(message.content);
  const thinking = blocks.filter((b) => b.type === "thinking" && typeof b.thinking === "string").map((b) => b.thinking as string).join("\n");
  const calls: ToolCallAction[] = blocks.filter((b) => b.type === "tool_use").map((b) => ({
    ...(typeof b.id === "string" ? { id: b.id } : {}), name: String(b.name ?? ""), arguments: b.input ?? {},
  }));
  const turn: TurnDraft = { role: "assistant", content, raw: line };
  if (thinking.trim() !== "") turn.reasoning = thinking;
  if (calls.length > 0) turn.action = toolCallsAction(calls);
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
    if (!group) groups.set(key, (group = { key, agentId, turns: [], tally: new Tally("lines"), messageIds: new Set(), times: [] }));
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
      group.tally.skip(type !== undefined && SKIPPED[type] ? SKIPPED[type]! : `a "${String(type).slice(0, 40)}" line (not part of the conversation)`);
      continue;
    }
    if (stamp !== undefined) group.times.push(stamp);
    if (type === "system") {
      group.turns.push({ role: "system", content: typeof value.content === "string" ? value.content : text(isRecord(value.message) ? value.message.content : ""), raw: value });
    } else if (type === "user") {
      group.turns.push(...userTurns(value, value.message as JsonRecord));
    } else {
      group.turns.push(assistantTurn(value, value.message as JsonRecord, group, field));
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
    rollout.metadata = group.agentId ? { session_id: session, parent_session: session, agent_id: group.agentId } : { session_id: session };
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
