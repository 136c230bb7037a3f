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

function isAtif(json: unknown): json is JsonRecord & { steps: unknown[] } {
  return isRecord(json) && typeof json.schema_version === "string" && json.schema_version.startsWith("ATIF-") && Array.isArray(json.steps);
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

function toolCalls(value: unknown, field: string): ToolCallAction[] {
  return expectArray(value, field).map((item, i) => {
    const call = expectRecord(item, fieldPath(field, i));
    const name = optString(call, "function_name", fieldPath(field, i));
    if (name === undefined) problem(fieldPath(fieldPath(field, i), "function_name"), "missing");
    const id = optString(call, "tool_call_id", fieldPath(field, i));
    return { ...(id !== undefined ? { id } : {}), name, arguments: call.arguments ?? {} };
  });
}

/** A shell tool's command, when the call is one (terminus's keystrokes, bash/execute_bash's command). */
function shownCommand(calls: ToolCallAction[]): string | undefined {
  if (calls.length !== 1 || !isRecord(calls[0]!.arguments)) return undefined;
  const args = calls[0]!.arguments;
  if (typeof args.keystrokes === "string") return args.keystrokes.trim();
  return typeof args.command === "string" ? args.command : undefined;
}

function observationTurns(step: JsonRecord, field: string, agentTurn: boolean): TurnDraft[] {
  const observation = optRecord(step, "observation", field);
  if (!observation) return [];
  const resultsField = fieldPath(fieldPath(field, "observation"), "results");
  const results = observation.results === undefined ? [] : expectArray(observation.results, resultsField);
  return results.map((item, i) => {
    const result = expectRecord(item, fieldPath(resultsField, i));
    const text = contentText(result.content, fieldPath(fieldPath(resultsField, i), "content"));
    const refs = Array.isArray(result.subagent_trajectory_ref) ? result.subagent_trajectory_ref.filter(isRecord) : [];
    const linked = refs.map((r) => `sub-agent trajectory ${String(r.trajectory_path ?? r.session_id ?? "")}`).join("\n");
    const content = [text, linked].filter((t) => t !== "").join("\n");
    return { role: agentTurn ? "tool" : "environment", content, observation: text, raw: result } satisfies TurnDraft;
  });
}

function stepTurns(step: JsonRecord, field: string): TurnDraft[] {
  const source = optString(step, "source", field);
  const content = contentText(step.message, fieldPath(field, "message"));
  if (source === "system" || source === "user") {
    const turn: TurnDraft = { role: source, content, raw: withoutTokenIds(step) };
    return [turn, ...observationTurns(step, field, false)];
  }
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
  return [turn, ...observationTurns(step, field, true)];
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
    const tally = new Tally("steps");
    const turns: TurnDraft[] = [];
    const times: number[] = [];
    let prompt: number | undefined;
    let completion: number | undefined;
    let cost: number | undefined;
    root.steps.forEach((item, i) => {
      const field = fieldPath("steps", i);
      const step = expectRecord(item, field);
      turns.push(...stepTurns(step, field));
      tally.turn();
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
    const model = optString(agent, "model_name", "agent");
    if (model !== undefined) rollout.model = model;
    if (times.length > 0) {
      rollout.startedAt = Math.min(...times);
      rollout.durationMs = Math.max(...times) - Math.min(...times);
    }
    const metadata: JsonRecord = { schema_version: root.schema_version };
    if (sessionId !== undefined) metadata.session_id = sessionId;
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
