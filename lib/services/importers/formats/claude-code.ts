// Claude Code session transcripts (~/.claude/projects/<project>/<session-id>.jsonl): one JSON object per line,
// {type: user|assistant|system|summary|progress|queue-operation|file-history-snapshot…, uuid, parentUuid,
// sessionId, isSidechain, agentId?, timestamp, message?: {role, model?, id?, content: text | blocks, usage?}}.
// Content blocks: text, thinking, tool_use {id, name, input}, tool_result {tool_use_id, content, is_error}.
// One line with a message is one turn: a user line's text → user, each of its tool_result blocks → a tool
// turn (the output as observation); an assistant line → assistant (text, thinking as reasoning, tool_use
// blocks as tool calls). One API message streamed over several lines sharing its message.id is ONE assistant turn,
// its tokens counted once (claude-code-message.ts). Bookkeeping lines (queue operations, hook progress, file
// history snapshots, summaries…) are skipped with their reason (claude-code-lines.ts); system lines become turns
// or are skipped by subtype (claude-code-system.ts). A tool call the user rejected at the permission prompt carries
// a pre_action "refuse" hook from the user, an interruption a post_feedback note, a compaction's summary a
// "rewrite" note: the viewer shows hook messages as text in the turn.
// Sub-agents (the Task/Agent tool) are sidechains: lines with isSidechain and an agentId, in the same file
// (old), in agent-<id>.jsonl beside it (2.0), or in <session>/subagents/agent-<id>.jsonl (2.1); every line of an
// agent's file is that agent's (a compaction agent replays the session's lines). Each agent
// is a rollout of its own, of the same task as its session, attempt "agent <id>", linked by
// metadata.parent_session. The subagents' .meta.json files (agentType, description, toolUseId) are read as
// links only: they carry no turns.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally, type Accounting } from "../accounting";
import { type JsonRecord, isRecord, isoToMillis, parseJsonText, problem } from "./untrusted-json";
import {
  COMPACT_SUMMARY_HOOK, INTERRUPTED_HOOK, INTERRUPTED_TOOL_HOOK, META_HOOK, REJECTED_HOOK, TURN_TYPES,
  isInterruption, isRejectedToolResult, looksLikeSession, skipReason,
} from "./claude-code-lines";
import { systemLine } from "./claude-code-system";
import { AssistantMessages } from "./claude-code-message";

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
  assistant: AssistantMessages;
  sessionId?: string;
  times: number[];
}

function userTurns(line: JsonRecord, message: JsonRecord): TurnDraft[] {
  const content = message.content;
  const turns: TurnDraft[] = [];
  const texts = Array.isArray(content) ? content.filter((b) => isRecord(b) && b.type !== "tool_result") : [];
  if (!Array.isArray(content) || texts.length > 0) {
    const turn: TurnDraft = { role: "user", content: text(Array.isArray(content) ? texts : content), raw: line };
    if (line.isCompactSummary === true) turn.hooks = [{ ...COMPACT_SUMMARY_HOOK }];
    else if (isInterruption(turn.content)) turn.hooks = [{ ...INTERRUPTED_HOOK }];
    else if (line.isMeta === true) turn.hooks = [{ ...META_HOOK }];
    turns.push(turn);
  }
  if (!Array.isArray(content)) return turns;
  for (const block of content) {
    if (!isRecord(block) || block.type !== "tool_result") continue;
    const output = text(block.content);
    const turn: TurnDraft = { role: "tool", content: output, observation: output, raw: { ...block, ...(line.toolUseResult !== undefined ? { toolUseResult: line.toolUseResult } : {}) } };
    if (block.is_error === true) turn.return_code = 1;
    if (isRejectedToolResult(block, line)) turn.hooks = [{ ...REJECTED_HOOK }];
    else if (isInterruption(output)) turn.hooks = [{ ...INTERRUPTED_TOOL_HOOK }];
    turns.push(turn);
  }
  return turns;
}

export function readClaudeSession(name: string, textContent: string): ParsedFile {
  const groups = new Map<string, Group>();
  // An agent's own file (agent-<id>.jsonl): all its lines are the agent's, whatever each says.
  const fileAgent = /(^|\/)agent-([^/]+)\.jsonl$/.exec(name)?.[2];
  const groupOf = (line: JsonRecord): Group => {
    const agentId = fileAgent ?? (line.isSidechain === true ? (typeof line.agentId === "string" ? line.agentId : "sidechain") : undefined);
    const key = agentId ?? "";
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, agentId, turns: [], tally: new Tally("lines"), assistant: new AssistantMessages(), times: [] }));
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
      group.tally.skip(skipReason(value, type));
      continue;
    }
    if (stamp !== undefined) group.times.push(stamp);
    if (type === "system") {
      const system = systemLine(value);
      if ("skip" in system) {
        group.tally.skip(system.skip);
        continue;
      }
      group.turns.push({ role: "system", content: system.content, raw: value });
    } else if (type === "user") {
      group.turns.push(...userTurns(value, value.message as JsonRecord));
    } else {
      const turn = group.assistant.add(value, value.message as JsonRecord, field);
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
    if (group.assistant.model) rollout.model = group.assistant.model;
    const tokens = group.assistant.tokens();
    if (tokens) rollout.tokens = tokens;
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
