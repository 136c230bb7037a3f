// An OpenHands event list (a saved trajectory, or the `history` of an evaluation output line) as turns,
// plus what the stream says about the attempt: the agent's last state, the last error, tokens, cost, times.
// Event shape (openhands/events/serialization/event.py, event_to_dict): actions carry `action` + `args`,
// observations `observation` + `content` + `extras` + `cause` (the id of the action they answer); both
// may carry `tool_call_metadata` (function-calling agents) and `llm_metrics` (a running total).
import type { TurnDraft } from "../types";
import { Tally, type Accounting } from "../accounting";
import {
  type JsonRecord, describeJson, expectArray, expectRecord, fieldPath, isRecord, isoToMillis, optCount, optInteger,
  optNumber, optRecord, optString, problem,
} from "./untrusted-json";

export interface OpenHandsHistory {
  turns: TurnDraft[];
  /** The agent's last state ("finished", "error", "awaiting_user_input", …); a finish action means "finished". */
  agentState?: string;
  /** The last error the stream reports: an error observation, or the reason given with an error state. */
  lastError?: string;
  model?: string;
  tokens?: { prompt: number; completion: number };
  costUsd?: number;
  startedAt?: number;
  durationMs?: number;
  /** What became of every event. */
  accounting: Accounting;
}

/** Why an event that is not a turn is left out (or, for state changes, merged into the exit status). */
function bookkeepingFate(kind: "action" | "observation", name: string): { merged: true } | { skipped: string } {
  if (name === "change_agent_state" || name === "agent_state_changed") return { merged: true };
  if (name === "recall") return { skipped: "a memory lookup (it repeats the user's message)" };
  return { skipped: kind === "action" ? "an empty placeholder action (\"null\")" : "an empty placeholder observation (\"No observation\")" };
}

// Controller bookkeeping, not something the model, the user or the environment said: state changes, the
// memory lookup a user message triggers (its query repeats the message), and the "No observation" fillers.
const BOOKKEEPING_ACTIONS = new Set(["change_agent_state", "null", "recall"]);
const BOOKKEEPING_OBSERVATIONS = new Set(["agent_state_changed", "null"]);
// Bulky browser state that event_to_trajectory drops too; kept out of a turn's raw copy.
const HEAVY_EXTRAS = new Set(["screenshot", "set_of_marks", "dom_object", "axtree_object", "extra_element_properties"]);

interface Totals {
  prompt: number;
  completion: number;
  responses: Set<string>;
  model?: string;
  /** The last `llm_metrics` seen: a running total, so the last one is the attempt's. */
  metrics?: { costUsd?: number; prompt?: number; completion?: number };
}

/** Flattens the legacy history shape (a list of [action, observation] pairs) into one event list. */
function flattenEvents(history: unknown[], path: string): Array<{ event: unknown; path: string }> {
  return history.flatMap((item, i) => Array.isArray(item)
    ? item.map((event, j) => ({ event, path: `${fieldPath(path, i)}[${j}]` }))
    : [{ event: item, path: fieldPath(path, i) }]);
}

export function readOpenHandsHistory(history: unknown, path: string): OpenHandsHistory {
  const events = flattenEvents(expectArray(history, path), path);
  const tally = new Tally("events");
  const out: OpenHandsHistory = { turns: [], accounting: tally.accounting };
  const leftOut = (kind: "action" | "observation", name: string) => {
    const fate = bookkeepingFate(kind, name);
    if ("merged" in fate) tally.merged();
    else tally.skip(fate.skipped);
  };
  const totals: Totals = { prompt: 0, completion: 0, responses: new Set() };
  const toolCallActions = new Set<number>();
  const times: number[] = [];

  for (const { event, path: p } of events) {
    const ev = expectRecord(event, p);
    const timestamp = optString(ev, "timestamp", p);
    const time = timestamp === undefined ? undefined : isoToMillis(timestamp);
    if (time !== undefined) times.push(time);
    readLlmMetrics(ev, p, totals);
    const tokens = readModelResponse(ev, p, totals);

    if (typeof ev.action === "string") {
      const turn = actionTurn(ev, ev.action, p, out);
      if (turn === undefined) {
        leftOut("action", ev.action);
        continue;
      }
      tally.turn();
      const id = optInteger(ev, "id", p);
      if (id !== undefined && isRecord(ev.tool_call_metadata)) toolCallActions.add(id);
      if (tokens !== undefined && turn.role === "assistant") turn.tokens = tokens;
      out.turns.push(turn);
    } else if (typeof ev.observation === "string") {
      const turn = observationTurn(ev, ev.observation, p, out, toolCallActions);
      if (turn !== undefined) {
        tally.turn();
        out.turns.push(turn);
      } else leftOut("observation", ev.observation);
    } else if (ev.action !== undefined && ev.action !== null) {
      problem(fieldPath(p, "action"), `must be a string, got ${describeJson(ev.action)}`);
    } else if (ev.observation !== undefined && ev.observation !== null) {
      problem(fieldPath(p, "observation"), `must be a string, got ${describeJson(ev.observation)}`);
    } else {
      problem(p, "is neither an action nor an observation (it names no \"action\" or \"observation\")");
    }
  }

  if (totals.metrics?.costUsd !== undefined) out.costUsd = totals.metrics.costUsd;
  if (totals.metrics?.prompt !== undefined || totals.metrics?.completion !== undefined) {
    out.tokens = { prompt: totals.metrics.prompt ?? 0, completion: totals.metrics.completion ?? 0 };
  } else if (totals.responses.size > 0) {
    out.tokens = { prompt: totals.prompt, completion: totals.completion };
  }
  if (totals.model !== undefined) out.model = totals.model;
  if (times.length > 0) {
    out.startedAt = times[0];
    const span = times[times.length - 1] - times[0];
    if (span >= 0) out.durationMs = span;
  }
  return out;
}

function actionTurn(ev: JsonRecord, name: string, p: string, out: OpenHandsHistory): TurnDraft | undefined {
  const args = optRecord(ev, "args", p) ?? {};
  const argsPath = fieldPath(p, "args");
  if (name === "change_agent_state") {
    const state = optString(args, "agent_state", argsPath);
    if (state !== undefined) out.agentState = state;
  }
  if (BOOKKEEPING_ACTIONS.has(name)) return undefined;

  const source = optString(ev, "source", p);
  const message = optString(ev, "message", p);
  const thought = optString(args, "thought", argsPath);
  const role = name === "system" ? "system" : source === "user" ? "user" : source === "environment" ? "environment" : "assistant";

  // What the turn says: a message's text, a finish's final words, else OpenHands' one-line summary
  // ("Running command: ls"); the action's own fields go to `action`, its thought to `reasoning`.
  let contentKey: string | undefined;
  if (name === "message" || name === "system") contentKey = "content";
  else if (name === "finish" && typeof args.final_thought === "string" && args.final_thought !== "") contentKey = "final_thought";
  const fromArgs = contentKey === undefined ? undefined : optString(args, contentKey, argsPath);
  const content = fromArgs ?? message ?? "";

  const turn: TurnDraft = { role, content, raw: rawCopy(ev) };
  if (thought !== undefined && thought.trim() !== "" && thought !== content) turn.reasoning = thought;
  if (role !== "system" && !(role === "user" && name === "message")) {
    const action: JsonRecord = { action: name };
    for (const [key, value] of Object.entries(args)) {
      if (key !== "thought" && key !== contentKey) action[key] = value;
    }
    turn.action = action;
  }
  if (name === "finish") out.agentState = "finished";
  return turn;
}

function observationTurn(
  ev: JsonRecord, name: string, p: string, out: OpenHandsHistory, toolCallActions: Set<number>,
): TurnDraft | undefined {
  const extras = optRecord(ev, "extras", p) ?? {};
  const extrasPath = fieldPath(p, "extras");
  if (name === "agent_state_changed") {
    const state = optString(extras, "agent_state", extrasPath);
    if (state !== undefined) out.agentState = state;
    const reason = optString(extras, "reason", extrasPath);
    if (state === "error" && reason !== undefined && reason !== "") out.lastError = reason;
  }
  if (BOOKKEEPING_OBSERVATIONS.has(name)) return undefined;

  const cause = optInteger(ev, "cause", p);
  const answersToolCall = isRecord(ev.tool_call_metadata) || (cause !== undefined && toolCallActions.has(cause));
  const output = optString(ev, "content", p) ?? "";
  const turn: TurnDraft = {
    role: answersToolCall ? "tool" : "environment",
    content: optString(ev, "message", p) ?? "",
    observation: output,
    raw: rawCopy(ev),
  };
  // Command observations: `extras.metadata.exit_code` since 2025, `extras.exit_code` before.
  const metadata = optRecord(extras, "metadata", extrasPath);
  const exitCode = (metadata === undefined ? undefined : optInteger(metadata, "exit_code", fieldPath(extrasPath, "metadata")))
    ?? optInteger(extras, "exit_code", extrasPath);
  if (exitCode !== undefined) turn.return_code = exitCode;
  if (name === "error" && output !== "") out.lastError = output;
  return turn;
}

/** Completion tokens of the model call behind this event, counted once per model response. */
function readModelResponse(ev: JsonRecord, p: string, totals: Totals): number | undefined {
  const meta = optRecord(ev, "tool_call_metadata", p);
  if (meta === undefined) return undefined;
  const metaPath = fieldPath(p, "tool_call_metadata");
  const response = optRecord(meta, "model_response", metaPath);
  if (response === undefined) return undefined;
  const responsePath = fieldPath(metaPath, "model_response");
  const model = optString(response, "model", responsePath);
  if (model !== undefined && totals.model === undefined) totals.model = model;
  const id = optString(response, "id", responsePath);
  // One response can hold several tool calls (several actions) and is answered by observations that
  // repeat the metadata: only its first appearance counts.
  if (id === undefined || totals.responses.has(id)) return undefined;
  totals.responses.add(id);
  const usage = optRecord(response, "usage", responsePath);
  if (usage === undefined) return undefined;
  const usagePath = fieldPath(responsePath, "usage");
  const prompt = optCount(usage, "prompt_tokens", usagePath);
  const completion = optCount(usage, "completion_tokens", usagePath);
  totals.prompt += prompt ?? 0;
  totals.completion += completion ?? 0;
  return completion;
}

function readLlmMetrics(ev: JsonRecord, p: string, totals: Totals): void {
  const metrics = optRecord(ev, "llm_metrics", p);
  if (metrics === undefined) return;
  const metricsPath = fieldPath(p, "llm_metrics");
  const usage = optRecord(metrics, "accumulated_token_usage", metricsPath);
  const usagePath = fieldPath(metricsPath, "accumulated_token_usage");
  totals.metrics = {
    costUsd: optNumber(metrics, "accumulated_cost", metricsPath),
    prompt: usage === undefined ? undefined : optCount(usage, "prompt_tokens", usagePath),
    completion: usage === undefined ? undefined : optCount(usage, "completion_tokens", usagePath),
  };
}

/**
 * The event as a turn's raw copy, without what would only repeat or bloat it: the full model response
 * (the token counts and the tool call are read from it), the running metrics, screenshots and DOM dumps.
 */
function rawCopy(ev: JsonRecord): JsonRecord {
  const raw: JsonRecord = {};
  for (const [key, value] of Object.entries(ev)) {
    if (key === "llm_metrics") continue;
    if (key === "tool_call_metadata" && isRecord(value)) {
      raw[key] = Object.fromEntries(Object.entries(value).filter(([k]) => k !== "model_response"));
    } else if (key === "extras" && isRecord(value)) {
      raw[key] = Object.fromEntries(Object.entries(value).filter(([k]) => !HEAVY_EXTRAS.has(k)));
    } else {
      raw[key] = value;
    }
  }
  return raw;
}

/**
 * The limit an OpenHands error message reports, if any: the controller stops with "Agent reached maximum
 * iteration …" (turn budget) or "… maximum budget …" (dollar budget); a context overflow is a token limit.
 */
export function truncationOfError(error: string | undefined): "turns" | "tokens" | "other" | undefined {
  if (error === undefined) return undefined;
  if (/maximum iteration/i.test(error)) return "turns";
  if (/context ?window|ContextWindowExceeded/i.test(error)) return "tokens";
  if (/maximum budget|budget[^.]*exceeded/i.test(error)) return "other";
  return undefined;
}
