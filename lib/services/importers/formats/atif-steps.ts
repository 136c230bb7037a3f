// ATIF steps into turns: each step a turn (system, user, assistant with its tool calls), each tool result a tool
// turn right after the call it answers, whichever step carries the result. Harbor writes a call's results in the
// observation of the step that made it ({results: [{source_call_id, content}]}); other writers log a result as a
// step of its own — OpenAgents' `tbench` (Terminal-Bench, "1.4") writes a `system` step "Tool result for <id>"
// with an observation {type: "tool_result", content, result {success, output | error}}, and since it attaches
// pending calls to the NEXT text the agent writes, that step comes before the step holding the call. Such a step
// is joined to its call and counted as merged; a result naming no known call stays where it is.
import type { TurnDraft } from "../types";
import type { Tally } from "../accounting";
import { type ToolCallAction, toolCallsAction } from "./swe-common";
import { atifText } from "./atif-content";
import { type JsonRecord, expectArray, expectRecord, fieldPath, isRecord, optCount, optRecord, optString, problem } from "./untrusted-json";

/** JSON-text arguments (the OpenAI shape) as the object they hold; anything else as it is. */
function argumentsOf(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A call's id in any of the shapes below. */
function callIdOf(call: unknown): string | undefined {
  if (!isRecord(call)) return undefined;
  const id = call.tool_call_id ?? call.id;
  return typeof id === "string" ? id : undefined;
}

/**
 * ATIF's {tool_call_id, function_name, arguments}, the {id, name, arguments} tbench writes, and OpenAI's
 * {id, type: "function", function: {name, arguments}}.
 */
function toolCalls(value: unknown, field: string): ToolCallAction[] {
  return expectArray(value, field).map((item, i) => {
    const at = fieldPath(field, i);
    const call = expectRecord(item, at);
    const fn = optRecord(call, "function", at);
    const name = optString(call, "function_name", at) ?? optString(call, "name", at) ?? (fn ? optString(fn, "name", fieldPath(at, "function")) : undefined);
    if (name === undefined) problem(fieldPath(at, "function_name"), "missing (nor name, nor function.name)");
    const id = optString(call, "tool_call_id", at) ?? optString(call, "id", at);
    return { ...(id !== undefined ? { id } : {}), name, arguments: argumentsOf(call.arguments ?? fn?.arguments) };
  });
}

/** A shell tool's command, when the call is one (terminus's keystrokes, bash/execute_bash's command). */
function shownCommand(calls: ToolCallAction[]): string | undefined {
  if (calls.length !== 1 || !isRecord(calls[0]!.arguments)) return undefined;
  const args = calls[0]!.arguments;
  if (typeof args.keystrokes === "string") return args.keystrokes.trim();
  return typeof args.command === "string" ? args.command : undefined;
}

/** One result of a step's observation: the call it answers (when it names one) and what was seen. */
interface ObservedResult {
  callId?: string;
  text: string;
  /** Sub-agent trajectories the result delegated to, as a line each. */
  linked: string;
  returnCode?: number;
  raw: JsonRecord;
}

const CALL_ID_KEYS = ["source_call_id", "tool_call_id", "call_id", "tool_use_id"] as const;

/** tbench's words for a step that only carries a tool's result (harbor crate, StreamResults::add_tool_result). */
const RESULT_LABEL = /^Tool result for (\S+)$/;

function labelledCallId(step: JsonRecord): string | undefined {
  return typeof step.message === "string" ? RESULT_LABEL.exec(step.message.trim())?.[1] : undefined;
}

const exitCode = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : undefined);

function observedResult(result: JsonRecord, field: string, labelledId: string | undefined): ObservedResult {
  const callKey = CALL_ID_KEYS.find((k) => typeof result[k] === "string");
  // tbench's {success, output | error} outcome beside the content; elsewhere `result` may be the output itself.
  const outcome = isRecord(result.result) && typeof result.result.success === "boolean" ? result.result : undefined;
  const candidates: Array<[string, unknown]> = [
    ["content", result.content], ["output", result.output], ["text", result.text],
    ...(outcome ? [["result.output", outcome.output], ["result.error", outcome.error]] as Array<[string, unknown]> : [["result", result.result]] as Array<[string, unknown]>),
    ["error", result.error],
  ];
  let text = "";
  for (const [key, value] of candidates) {
    text = atifText(value, fieldPath(field, key));
    if (text !== "") break;
  }
  const body = isRecord(result.content) ? result.content : {};
  const failed = outcome?.success === false || result.is_error === true || result.success === false;
  const returnCode = exitCode(result.exit_code) ?? exitCode(result.return_code) ?? exitCode(body.exit_code) ?? exitCode(body.returncode) ?? (failed ? 1 : undefined);
  const refs = Array.isArray(result.subagent_trajectory_ref) ? result.subagent_trajectory_ref.filter(isRecord) : [];
  const linked = refs.map((r) => `sub-agent trajectory ${String(r.trajectory_path ?? r.trajectory_id ?? r.session_id ?? "")}`).join("\n");
  const callId = callKey ? (result[callKey] as string) : labelledId;
  return { ...(callId !== undefined ? { callId } : {}), text, linked, ...(returnCode !== undefined ? { returnCode } : {}), raw: result };
}

/**
 * The results of a step's observation: ATIF's {results: [...]}, a list of results, an observation that is itself
 * one result (tbench's {type, content, result}), or text.
 */
function observedResults(step: JsonRecord, field: string): ObservedResult[] {
  const observation = step.observation;
  const at = fieldPath(field, "observation");
  if (observation === undefined || observation === null) return [];
  if (typeof observation === "string") return [{ text: observation, linked: "", raw: { content: observation } }];
  const list = Array.isArray(observation) ? observation : expectRecord(observation, at).results;
  if (list === undefined) return [observedResult(observation as JsonRecord, at, labelledCallId(step))];
  const listField = Array.isArray(observation) ? at : fieldPath(at, "results");
  const items = expectArray(list, listField);
  // A lone result that names no call answers the one the step's label names, if any.
  const label = items.length === 1 ? labelledCallId(step) : undefined;
  return items.map((item, i) => observedResult(expectRecord(item, fieldPath(listField, i)), fieldPath(listField, i), label));
}

function resultTurn(result: ObservedResult, role: "tool" | "environment"): TurnDraft {
  const content = [result.text, result.linked].filter((t) => t !== "").join("\n");
  return { role, content, observation: result.text, ...(result.returnCode !== undefined ? { return_code: result.returnCode } : {}), raw: result.raw };
}

/** Token ids and log probabilities are training data, not something to read: left out of the raw copy. */
function withoutTokenIds(step: JsonRecord): JsonRecord {
  const metrics = isRecord(step.metrics)
    ? Object.fromEntries(Object.entries(step.metrics).filter(([k]) => !/token_ids$|logprobs$/.test(k)))
    : undefined;
  return metrics ? { ...step, metrics } : step;
}

/** Steps that only carry results (a writer that logs a tool's output as its own step) may say so by source. */
const RESULT_SOURCES = new Set(["tool", "environment", "observation"]);

function ownTurn(step: JsonRecord, field: string): TurnDraft {
  const source = optString(step, "source", field);
  const content = atifText(step.message, fieldPath(field, "message"));
  if (source === "system" || source === "user") return { role: source, content, raw: withoutTokenIds(step) };
  if (source !== undefined && RESULT_SOURCES.has(source)) return { role: "environment", content, raw: withoutTokenIds(step) };
  if (source !== "agent") problem(fieldPath(field, "source"), `must be system, user or agent, got ${JSON.stringify(source)?.slice(0, 40)}`);
  const turn: TurnDraft = { role: "assistant", content, raw: withoutTokenIds(step) };
  const reasoning = optString(step, "reasoning_content", field);
  if (reasoning !== undefined && reasoning.trim() !== "") turn.reasoning = reasoning;
  if (step.tool_calls !== undefined && step.tool_calls !== null) {
    const calls = toolCalls(step.tool_calls, fieldPath(field, "tool_calls"));
    if (calls.length > 0) turn.action = toolCallsAction(calls, shownCommand(calls));
  }
  const metrics = optRecord(step, "metrics", field);
  const completion = metrics ? optCount(metrics, "completion_tokens", fieldPath(field, "metrics")) : undefined;
  if (completion !== undefined) turn.tokens = completion;
  return turn;
}

/**
 * Every step's turns, each tool result right after the call it answers, whichever step carries it and in whatever
 * order. A step that held nothing but results moved to their calls (its message empty or tbench's label) is
 * counted as merged, not as a turn.
 */
export function stepTurns(steps: readonly JsonRecord[], base: string, tally: Tally): TurnDraft[] {
  const stepsField = fieldPath(base, "steps");
  const callsOf = steps.map((step) => new Set((Array.isArray(step.tool_calls) ? step.tool_calls : []).map(callIdOf).filter((id) => id !== undefined)));
  const owner = new Map<string, number>();
  callsOf.forEach((ids, i) => ids.forEach((id) => owner.has(id) || owner.set(id, i)));
  const results = steps.map((step, i) => observedResults(step, fieldPath(stepsField, i)));
  // A result stays on its step when that step made the call (Harbor's OpenHands conversion repeats a call with its result).
  const joinedTo = (r: ObservedResult, i: number) => (r.callId === undefined || callsOf[i]!.has(r.callId) ? i : owner.get(r.callId) ?? i);
  const detached = new Map<number, ObservedResult[]>();
  results.forEach((list, i) => {
    for (const r of list) {
      const target = joinedTo(r, i);
      if (target !== i) detached.set(target, [...(detached.get(target) ?? []), r]);
    }
  });
  const turns: TurnDraft[] = [];
  steps.forEach((step, i) => {
    const field = fieldPath(stepsField, i);
    const own = results[i]!.filter((r) => joinedTo(r, i) === i);
    const moved = results[i]!.length - own.length;
    const turn = ownTurn(step, field);
    const agent = turn.role === "assistant";
    const onlyLabel = turn.content.trim() === "" || labelledCallId(step) !== undefined;
    if (!agent && moved > 0 && own.length === 0 && onlyLabel) {
      tally.merged();
      return;
    }
    turns.push(turn, ...own.map((r) => resultTurn(r, agent ? "tool" : "environment")), ...(detached.get(i) ?? []).map((r) => resultTurn(r, "tool")));
    tally.turn();
  });
  return turns;
}
