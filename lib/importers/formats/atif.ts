// Harbor / Terminal-Bench trajectories in ATIF (Agent Trajectory Interchange Format, `trajectory.json`,
// schema_version "ATIF-v1.x", written by harbor's agents: terminus-2, openhands, claude-code…). Shape
// (harbor/models/trajectories): {schema_version, session_id, agent {name, version, model_name, extra},
// steps [{step_id, timestamp?, source: system|user|agent, model_name?, message (text or content parts),
// reasoning_content?, tool_calls? [{tool_call_id, function_name, arguments}], observation? {results
// [{source_call_id?, content, subagent_trajectory_ref? [{session_id, trajectory_path}]}]}, metrics?
// {prompt_tokens, completion_tokens, cached_tokens, cost_usd, …token ids}, extra?}], final_metrics?}.
// One file is one rollout: each step is a turn (system, user, assistant with its tool calls), each
// observation result a tool turn after it. Sub-agent trajectories (context summarisation) are files of
// their own, named in `subagent_trajectory_ref`; each is a rollout linked by metadata.parent_session.
// The task is the trial's: "<task>__<id>/agent/trajectory.json" → task, attempt = the trial (a multi-step trial's
// "<trial>/steps/<step>/agent/trajectory.json" → attempt "<trial> step <step>", metadata.step_name); otherwise the
// file's name before ".trajectory" (Harbor's golden files), else the session id. The verdict comes from the
// trial's result.json (harbor-result.ts), joined like any evaluation report; every file of a trial folder
// carries metadata.attempt = the trial's name, so that verdict joins this trial's rollouts only; a sub-agent's
// file carries metadata.trial instead, since the verifier judged the agent, not its summarisation sub-agents.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft, TurnDraft } from "../types";
import { Tally } from "../accounting";
import { contentText, type ToolCallAction, toolCallsAction } from "./swe-common";
import { type JsonRecord, expectArray, expectRecord, fieldPath, isRecord, isoToMillis, optCount, optNumber, optRecord, optString, problem } from "./untrusted-json";

const FORMAT = "atif";

/**
 * "ATIF-v1.5", and as other writers put it "1.4" or "v1.7": the version without its prefix. A bare number is
 * claimed only with ATIF's other marks (steps, and an agent or a session id), so another tool's JSON with a
 * schema_version is not taken for ATIF.
 */
export function atifVersion(json: unknown): string | undefined {
  if (!isRecord(json) || typeof json.schema_version !== "string" || !Array.isArray(json.steps)) return undefined;
  const prefixed = /^ATIF-v?(\d+(?:\.\d+)*)$/i.exec(json.schema_version.trim());
  if (prefixed) return prefixed[1];
  const bare = /^v?(\d+(?:\.\d+)*)$/i.exec(json.schema_version.trim());
  return bare && (isRecord(json.agent) || typeof json.session_id === "string" || typeof json.trajectory_id === "string") ? bare[1] : undefined;
}

function isAtif(json: unknown): json is JsonRecord & { steps: unknown[] } {
  return atifVersion(json) !== undefined || (isRecord(json) && typeof json.schema_version === "string" && json.schema_version.startsWith("ATIF-") && Array.isArray(json.steps));
}

/**
 * The Harbor trial whose folder holds the file, if it is in one (harbor/models/trial/paths.py, TrialPaths): a
 * trial's agent writes to "<trial>/agent/"; a multi-step trial's agent output is moved to "<trial>/steps/<step>/agent/".
 */
function trialOf(name: string): { trial: string; step?: string } | undefined {
  const parts = name.split("/");
  const n = parts.length;
  if (n < 3 || parts[n - 2] !== "agent") return undefined;
  if (n >= 5 && parts[n - 4] === "steps") return { trial: parts[n - 5]!, step: parts[n - 3]! };
  return { trial: parts[n - 3]! };
}

/** Task and attempt from where Harbor puts the file, else from its name. */
export function atifTaskOf(name: string, sessionId: string | undefined): { instanceId: string; attempt: string } {
  const base = name.slice(name.lastIndexOf("/") + 1);
  const inTrial = trialOf(name);
  if (inTrial !== undefined) {
    const { trial, step } = inTrial;
    const cut = trial.lastIndexOf("__");
    const rest = base.replace(/\.json$/, "").replace(/^trajectory\.?/, "");
    const attempt = [trial, ...(step !== undefined ? [`step ${step}`] : []), ...(rest ? [rest] : [])].join(" ");
    return { instanceId: cut > 0 ? trial.slice(0, cut) : trial, attempt };
  }
  const golden = /^(.+?)\.trajectory(?:\.(.+))?\.json$/.exec(base);
  if (golden) return { instanceId: golden[1]!, attempt: golden[2] ?? "" };
  const stem = base.replace(/\.json$/, "");
  if (stem === "trajectory" && sessionId) return { instanceId: sessionId, attempt: "" };
  const sub = /^trajectory\.(.+)$/.exec(stem);
  return { instanceId: sessionId ?? stem, attempt: sub ? sub[1]! : "" };
}

/** JSON-text arguments (the OpenAI shape) as the object they hold; anything else as it is. */
function argumentsOf(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/**
 * ATIF's {tool_call_id, function_name, arguments}, the {id, name, arguments} other writers use, and OpenAI's
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
  raw: JsonRecord;
}

/** Text, content parts, or (as some writers send it) an object: shown as its JSON, never "[object Object]". */
function resultText(value: unknown, field: string): string {
  if (isRecord(value)) return JSON.stringify(value, null, 2);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return contentText(value, field);
}

const CALL_ID_KEYS = ["source_call_id", "tool_call_id", "call_id"] as const;
const CONTENT_KEYS = ["content", "output", "result", "text"] as const;

function observedResult(result: JsonRecord, field: string): ObservedResult {
  const callKey = CALL_ID_KEYS.find((k) => typeof result[k] === "string");
  const contentKey = CONTENT_KEYS.find((k) => result[k] !== undefined && result[k] !== null);
  const text = contentKey ? resultText(result[contentKey], fieldPath(field, contentKey)) : "";
  const refs = Array.isArray(result.subagent_trajectory_ref) ? result.subagent_trajectory_ref.filter(isRecord) : [];
  const linked = refs.map((r) => `sub-agent trajectory ${String(r.trajectory_path ?? r.session_id ?? "")}`).join("\n");
  return { ...(callKey ? { callId: result[callKey] as string } : {}), text, linked, raw: result };
}

/**
 * The results of a step's observation: ATIF's {results: [...]}, or an observation that is itself one result
 * ({source_call_id | tool_call_id | call_id, content | output | …}, as writers of "1.4" files send it), or text.
 */
function observedResults(step: JsonRecord, field: string): ObservedResult[] {
  const observation = step.observation;
  const at = fieldPath(field, "observation");
  if (observation === undefined || observation === null) return [];
  if (typeof observation === "string") return [{ text: observation, linked: "", raw: { content: observation } }];
  const record = expectRecord(observation, at);
  if (record.results === undefined) return [observedResult(record, at)];
  const resultsField = fieldPath(at, "results");
  return expectArray(record.results, resultsField).map((item, i) => observedResult(expectRecord(item, fieldPath(resultsField, i)), fieldPath(resultsField, i)));
}

function resultTurn(result: ObservedResult, role: "tool" | "environment"): TurnDraft {
  const content = [result.text, result.linked].filter((t) => t !== "").join("\n");
  return { role, content, observation: result.text, raw: result.raw };
}

/** Steps that only carry results (a writer that logs a tool's output as its own step) may say so by source. */
const RESULT_SOURCES = new Set(["tool", "environment", "observation"]);

function ownTurn(step: JsonRecord, field: string): TurnDraft {
  const source = optString(step, "source", field);
  const content = contentText(step.message, fieldPath(field, "message"));
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
 * order: a writer that logs results as their own steps (before or after the calling step) has them joined to their
 * call, and a step that held nothing but such results is counted as merged, not as a turn.
 */
function stepTurns(steps: readonly JsonRecord[], tally: Tally): TurnDraft[] {
  const owner = new Map<string, number>();
  steps.forEach((step, i) => {
    if (!Array.isArray(step.tool_calls)) return;
    for (const call of step.tool_calls) {
      const id = isRecord(call) ? (call.tool_call_id ?? call.id) : undefined;
      if (typeof id === "string" && !owner.has(id)) owner.set(id, i);
    }
  });
  const results = steps.map((step, i) => observedResults(step, fieldPath("steps", i)));
  const joinedTo = (r: ObservedResult, i: number) => (r.callId !== undefined && owner.has(r.callId) && owner.get(r.callId) !== i ? owner.get(r.callId)! : i);
  const detached = new Map<number, ObservedResult[]>();
  results.forEach((list, i) => {
    for (const r of list) {
      const target = joinedTo(r, i);
      if (target !== i) detached.set(target, [...(detached.get(target) ?? []), r]);
    }
  });
  const turns: TurnDraft[] = [];
  steps.forEach((step, i) => {
    const field = fieldPath("steps", i);
    const own = results[i]!.filter((r) => joinedTo(r, i) === i);
    const moved = results[i]!.length - own.length;
    const turn = ownTurn(step, field);
    const agent = turn.role === "assistant";
    if (!agent && moved > 0 && own.length === 0 && turn.content.trim() === "") {
      tally.merged();
      return;
    }
    turns.push(turn, ...own.map((r) => resultTurn(r, agent ? "tool" : "environment")), ...(detached.get(i) ?? []).map((r) => resultTurn(r, "tool")));
    tally.turn();
  });
  return turns;
}

/** Token ids and log probabilities are training data, not something to read: left out of the raw copy. */
function withoutTokenIds(step: JsonRecord): JsonRecord {
  const metrics = isRecord(step.metrics)
    ? Object.fromEntries(Object.entries(step.metrics).filter(([k]) => !/token_ids$|logprobs$/.test(k)))
    : undefined;
  return metrics ? { ...step, metrics } : step;
}

export const atifReader: FormatReader = {
  name: FORMAT,
  detect: (file: PeekedFile) => isAtif(file.json),
  read(file: PeekedFile): ParsedFile {
    if (!isAtif(file.json)) problem("schema_version", "not an ATIF trajectory (schema_version \"ATIF-v…\" and steps)");
    const root = file.json;
    const sessionId = optString(root, "session_id", "");
    const agent = optRecord(root, "agent", "") ?? {};
    const atifVersionRead = atifVersion(root);
    if (atifVersionRead !== undefined && !atifVersionRead.startsWith("1.") && atifVersionRead !== "1") {
      problem("schema_version", `ATIF ${atifVersionRead} is not supported: this reader reads ATIF 1.x`);
    }
    const tally = new Tally("steps");
    const times: number[] = [];
    let prompt: number | undefined;
    let completion: number | undefined;
    let cost: number | undefined;
    const steps = root.steps.map((item, i) => expectRecord(item, fieldPath("steps", i)));
    const turns = stepTurns(steps, tally);
    steps.forEach((step, i) => {
      const field = fieldPath("steps", i);
      const stamp = optString(step, "timestamp", field);
      const time = stamp === undefined ? undefined : isoToMillis(stamp);
      if (time !== undefined) times.push(time);
      const metrics = optRecord(step, "metrics", field);
      if (metrics) {
        const mp = fieldPath(field, "metrics");
        const p = optCount(metrics, "prompt_tokens", mp);
        const c = optCount(metrics, "completion_tokens", mp);
        const usd = optNumber(metrics, "cost_usd", mp);
        if (p !== undefined) prompt = (prompt ?? 0) + p;
        if (c !== undefined) completion = (completion ?? 0) + c;
        if (usd !== undefined) cost = (cost ?? 0) + usd;
      }
    });
    const final = optRecord(root, "final_metrics", "");
    if (final) {
      prompt = optCount(final, "total_prompt_tokens", "final_metrics") ?? prompt;
      completion = optCount(final, "total_completion_tokens", "final_metrics") ?? completion;
      cost = optNumber(final, "total_cost_usd", "final_metrics") ?? cost;
    }
    const rollout: RolloutDraft = { ...atifTaskOf(file.name, sessionId), turns };
    if (prompt !== undefined || completion !== undefined) rollout.tokens = { ...(prompt !== undefined ? { prompt } : {}), ...(completion !== undefined ? { completion } : {}) };
    if (cost !== undefined) rollout.costUsd = cost;
    const model = optString(agent, "model_name", "agent") ?? optString(agent, "model", "agent");
    if (model !== undefined) rollout.model = model;
    if (times.length > 0) {
      rollout.startedAt = Math.min(...times);
      rollout.durationMs = Math.max(...times) - Math.min(...times);
    }
    const metadata: JsonRecord = { schema_version: root.schema_version };
    if (sessionId !== undefined) metadata.session_id = sessionId;
    // v1.7's top-level identity and notes are kept as they are.
    const trajectoryId = optString(root, "trajectory_id", "");
    if (trajectoryId !== undefined) metadata.trajectory_id = trajectoryId;
    if (root.notes !== undefined && root.notes !== null) metadata.notes = typeof root.notes === "string" ? root.notes : JSON.stringify(root.notes);
    // Harbor's terminus-2 names the parent of a summarisation sub-agent in agent.extra (Terminus2._save_subagent_trajectory).
    const parent = isRecord(agent.extra) && typeof agent.extra.parent_session_id === "string" ? agent.extra.parent_session_id
      : isRecord(root.extra) ? root.extra.parent_session_id : undefined;
    if (typeof parent === "string") metadata.parent_session = parent;
    const inTrial = trialOf(file.name);
    if (inTrial !== undefined) {
      // The trial's verdict judges its agent, not the sub-agents it started: only the agent's rollout carries the
      // attempt a verdict joins by; a sub-agent keeps its trial as plain information.
      if (typeof parent === "string") metadata.trial = inTrial.trial;
      else metadata.attempt = inTrial.trial;
      if (inTrial.step !== undefined) metadata.step_name = inTrial.step;
    }
    const agentName = optString(agent, "name", "agent");
    if (agentName !== undefined) metadata.agent = agentName;
    const version = optString(agent, "version", "agent");
    if (version !== undefined) metadata.agent_version = version;
    rollout.metadata = metadata;
    return { format: FORMAT, rollouts: [rollout], facts: [], reports: [], accounting: tally.accounting };
  },
};
