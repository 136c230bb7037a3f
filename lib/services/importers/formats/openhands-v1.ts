// OpenHands V1 (software-agent-sdk, OpenHands CLI ≥ 1.0) conversations: `kind`-discriminated events
// (openhands/sdk/event): SystemPromptEvent {system_prompt, tools}, MessageEvent {llm_message {role, content
// parts, reasoning_content, thinking_blocks}}, ActionEvent {thought, reasoning_content, action {kind, …args},
// tool_name, tool_call_id, summary}, ObservationEvent {observation {kind, content parts, exit_code, is_error,
// metadata {exit_code}}, tool_call_id}, AgentErrorEvent {error}, UserRejectObservation, ConversationStateUpdateEvent
// {key: execution_status | stats | …, value}, Condensation… Read from a conversation folder (grouped into one
// file by lib/services/importers/conversation-folders.ts, with its base_state.json: id, agent.llm.model,
// execution_status) or from an events.jsonl (one event per line). Each message, action and observation is a
// turn; state updates are merged into the rollout (exit status, tokens, cost); condensation and pause records
// are skipped with their reason.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally } from "../accounting";
import { toolCallsAction } from "./swe-common";
import { type JsonRecord, isRecord, isoToMillis, parseJsonText, problem } from "./untrusted-json";

const FORMAT = "openhands-v1";
const KINDS = new Set(["SystemPromptEvent", "MessageEvent", "ActionEvent", "ObservationEvent", "AgentErrorEvent", "UserRejectObservation", "ConversationStateUpdateEvent", "Condensation", "CondensationRequest", "CondensationSummaryEvent", "PauseEvent"]);

function isConversation(json: unknown): json is JsonRecord & { events: unknown[] } {
  return isRecord(json) && json.openhands_conversation === 1 && Array.isArray(json.events);
}

function isEventLines(file: PeekedFile): boolean {
  if (!file.name.toLowerCase().endsWith(".jsonl") || file.text === null) return false;
  const first = file.text.split("\n", 3).find((l) => l.trim() !== "");
  if (first === undefined) return false;
  try {
    const value: unknown = JSON.parse(first);
    return isRecord(value) && typeof value.kind === "string" && KINDS.has(value.kind) && typeof value.source === "string";
  } catch {
    return false;
  }
}

/** A base_state.json with no events beside it: the conversation's settings only. */
function isBaseState(file: PeekedFile): boolean {
  return /(^|\/)base_state\.json$/.test(file.name) && isRecord(file.json) && "execution_status" in file.json && isRecord(file.json.agent);
}

function partsText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  return value.map((p) => (isRecord(p) && typeof p.text === "string" ? p.text : isRecord(p) && p.type === "image" ? "[image]" : "")).filter(Boolean).join("\n");
}

function reasoningOf(ev: JsonRecord, message?: JsonRecord): string | undefined {
  const from = message ?? ev;
  const parts: string[] = [partsText(ev.thought), typeof from.reasoning_content === "string" ? from.reasoning_content : ""];
  if (!parts.some((p) => p.trim() !== "") && Array.isArray(from.thinking_blocks)) {
    parts.push(from.thinking_blocks.map((b) => (isRecord(b) && typeof b.thinking === "string" ? b.thinking : "")).join("\n"));
  }
  const text = parts.filter((p) => p.trim() !== "").join("\n").trim();
  return text === "" ? undefined : text;
}

interface Totals {
  state?: string;
  prompt?: number;
  completion?: number;
  cost?: number;
  model?: string;
}

function mergeState(ev: JsonRecord, totals: Totals): void {
  if (ev.key === "execution_status" && typeof ev.value === "string") totals.state = ev.value;
  if (ev.key === "stats" && isRecord(ev.value) && isRecord(ev.value.usage_to_metrics)) {
    let prompt = 0;
    let completion = 0;
    let cost = 0;
    for (const metrics of Object.values(ev.value.usage_to_metrics)) {
      if (!isRecord(metrics)) continue;
      if (typeof metrics.accumulated_cost === "number") cost += metrics.accumulated_cost;
      const usage = isRecord(metrics.accumulated_token_usage) ? metrics.accumulated_token_usage : undefined;
      if (usage && typeof usage.prompt_tokens === "number") prompt += usage.prompt_tokens;
      if (usage && typeof usage.completion_tokens === "number") completion += usage.completion_tokens;
      if (typeof metrics.model_name === "string" && totals.model === undefined && (prompt > 0 || completion > 0)) totals.model = metrics.model_name;
    }
    totals.prompt = prompt;
    totals.completion = completion;
    totals.cost = cost;
  }
}

function eventTurn(ev: JsonRecord, field: string): TurnDraft | undefined {
  switch (ev.kind) {
    case "SystemPromptEvent": {
      const { tools: _tools, ...raw } = ev;
      return { role: "system", content: partsText(ev.system_prompt) || (typeof ev.system_prompt === "string" ? ev.system_prompt : ""), raw };
    }
    case "MessageEvent": {
      const message = isRecord(ev.llm_message) ? ev.llm_message : {};
      const role = message.role === "assistant" ? "assistant" : message.role === "system" ? "system" : "user";
      const turn: TurnDraft = { role, content: partsText(message.content), raw: ev };
      const reasoning = role === "assistant" ? reasoningOf(ev, message) : undefined;
      if (reasoning) turn.reasoning = reasoning;
      return turn;
    }
    case "ActionEvent": {
      const action = isRecord(ev.action) ? ev.action : {};
      const { kind, ...args } = action;
      const name = typeof ev.tool_name === "string" ? ev.tool_name : typeof kind === "string" ? kind : "action";
      const id = typeof ev.tool_call_id === "string" ? ev.tool_call_id : undefined;
      const turn: TurnDraft = {
        role: "assistant",
        content: typeof ev.summary === "string" ? ev.summary : "",
        raw: ev,
        action: toolCallsAction([{ ...(id ? { id } : {}), name, arguments: { ...args, ...(typeof kind === "string" ? { kind } : {}) } }], typeof args.command === "string" ? args.command : undefined),
      };
      const reasoning = reasoningOf(ev);
      if (reasoning) turn.reasoning = reasoning;
      return turn;
    }
    case "ObservationEvent":
    case "UserRejectObservation":
    case "AgentErrorEvent": {
      const observation = isRecord(ev.observation) ? ev.observation : {};
      const text = ev.kind === "AgentErrorEvent" ? String(ev.error ?? "") : ev.kind === "UserRejectObservation" ? String(ev.rejection_reason ?? "rejected by the user") : partsText(observation.content);
      const turn: TurnDraft = { role: "tool", content: text, observation: text, raw: ev };
      const metadata = isRecord(observation.metadata) ? observation.metadata : {};
      const code = Number.isInteger(observation.exit_code) ? observation.exit_code : Number.isInteger(metadata.exit_code) && (metadata.exit_code as number) >= 0 ? metadata.exit_code : undefined;
      if (typeof code === "number") turn.return_code = code;
      return turn;
    }
    default:
      if (typeof ev.kind !== "string") problem(`${field}.kind`, "missing: not an OpenHands V1 event");
      return undefined;
  }
}

function readEvents(events: Array<{ value: unknown; field: string }>, state: JsonRecord | undefined, name: string): ParsedFile {
  const tally = new Tally("events");
  const totals: Totals = {};
  const turns: TurnDraft[] = [];
  const times: number[] = [];
  for (const { value, field } of events) {
    if (!isRecord(value)) problem(field, "must be an event object");
    const time = typeof value.timestamp === "string" ? isoToMillis(value.timestamp) : undefined;
    if (time !== undefined) times.push(time);
    if (value.kind === "ConversationStateUpdateEvent") {
      mergeState(value, totals);
      tally.merged();
      continue;
    }
    const turn = eventTurn(value, field);
    if (turn) {
      turns.push(turn);
      tally.turn();
    } else if (typeof value.kind === "string" && value.kind.startsWith("Condensation")) tally.skip("a context condensation record (the turns it summarises are kept)");
    else tally.skip(`an event of a kind this importer does not show ("${String(value.kind).slice(0, 40)}")`);
  }
  const agent = state && isRecord(state.agent) ? state.agent : undefined;
  const llm = agent && isRecord(agent.llm) ? agent.llm : undefined;
  const folder = name.replace(/\/(events\/)?event-\*\.json$/, "").replace(/\.jsonl$/, "");
  const id = state && typeof state.id === "string" ? state.id : folder.slice(folder.lastIndexOf("/") + 1) || folder;
  const rollout: RolloutDraft = { instanceId: id, attempt: "", turns };
  const model = (llm && typeof llm.model === "string" ? llm.model : undefined) ?? totals.model;
  if (model) rollout.model = model;
  const status = totals.state ?? (state && typeof state.execution_status === "string" ? state.execution_status : undefined);
  if (status) rollout.exitStatus = status;
  if (totals.prompt !== undefined || totals.completion !== undefined) rollout.tokens = { prompt: totals.prompt ?? 0, completion: totals.completion ?? 0 };
  if (totals.cost !== undefined) rollout.costUsd = totals.cost;
  if (times.length > 0) {
    rollout.startedAt = Math.min(...times);
    rollout.durationMs = Math.max(...times) - Math.min(...times);
  }
  rollout.metadata = { conversation_id: id };
  return { format: FORMAT, rollouts: turns.length > 0 ? [rollout] : [], facts: [], reports: [], accounting: tally.accounting };
}

export const openHandsV1Reader: FormatReader = {
  name: FORMAT,
  detect: (file: PeekedFile) => isConversation(file.json) || isEventLines(file) || isBaseState(file),
  read(file: PeekedFile): ParsedFile {
    if (isConversation(file.json)) {
      const state = isRecord(file.json.base_state) ? file.json.base_state : undefined;
      return readEvents(file.json.events.map((value, i) => ({ value, field: `events.${i}` })), state, file.name);
    }
    if (isBaseState(file)) return readEvents([], file.json as JsonRecord, file.name);
    if (file.text === null) problem("file", "not UTF-8 text");
    const lines = file.text.split("\n").flatMap((l, i) => (l.trim() === "" ? [] : [{ value: parseJsonText(l, `line ${i + 1}`), field: `line ${i + 1}` }]));
    return readEvents(lines, undefined, file.name);
  },
};
