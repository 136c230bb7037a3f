// Harbor / Terminal-Bench trajectories in ATIF (Agent Trajectory Interchange Format, `trajectory.json`,
// schema_version "ATIF-v1.x", written by harbor's agents: terminus-2, openhands, claude-code…). Shape
// (harbor/models/trajectories): {schema_version, session_id, agent {name, version, model_name, extra},
// steps [{step_id, timestamp?, source: system|user|agent, model_name?, message (text or, from v1.6, content
// parts), reasoning_content?, tool_calls? [{tool_call_id, function_name, arguments}], observation? {results
// [{source_call_id?, content, subagent_trajectory_ref? [{session_id, trajectory_path}]}]}, metrics?
// {prompt_tokens, completion_tokens, cached_tokens, cost_usd, …token ids}, extra?}], notes?, final_metrics?,
// continued_trajectory_ref?, extra?}. v1.7 adds a top-level trajectory_id (the document's own id; session_id
// stays the run's) and subagent_trajectories, whole sub-agent trajectories embedded in the file.
// Other writers say "ATIF" with their own shapes: OpenAgents' tbench (Terminal-Bench) writes schema_version
// "1.4", agent.model, tool calls {id, name, arguments} and results as steps of their own (atif-steps.ts).
// One trajectory is one rollout; its steps become turns (atif-steps.ts). Sub-agent trajectories are files of their
// own, named in `subagent_trajectory_ref`, or embedded (v1.7); each is a rollout linked by metadata.parent_session.
// The task is the trial's: "<task>__<id>/agent/trajectory.json" → task, attempt = the trial (a multi-step trial's
// "<trial>/steps/<step>/agent/trajectory.json" → attempt "<trial> step <step>", metadata.step_name); otherwise the
// file's name before ".trajectory" (Harbor's golden files), else the session id (atif-task.ts). The verdict comes
// from the trial's result.json (harbor-result.ts), joined like any evaluation report; every file of a trial folder
// carries metadata.attempt = the trial's name, so that verdict joins this trial's rollouts only; a sub-agent's
// file carries metadata.trial instead, since the verifier judged the agent, not its summarisation sub-agents.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft } from "../types";
import { Tally } from "../accounting";
import { stepTurns } from "./atif-steps";
import { atifTaskOf, trialOf } from "./atif-task";
import { type JsonRecord, expectArray, expectRecord, fieldPath, isRecord, isoToMillis, optArray, optCount, optNumber, optRecord, optString, problem } from "./untrusted-json";

const FORMAT = "atif";

/** Embedded sub-agents may nest; a bound keeps a hostile file from recursing without end. */
const MAX_DEPTH = 8;

/** The first steps of a file another tool wrote with a bare "1.x" would not all be {source, …} records. */
function atifSteps(steps: unknown[]): boolean {
  const sample = steps.slice(0, 5);
  return sample.length > 0 && sample.every((s) => isRecord(s) && typeof s.source === "string");
}

/**
 * "ATIF-v1.5", and as other writers put it "1.4" or "v1.7": the version without its prefix. A bare number is
 * claimed only with ATIF's other marks (an agent with a name, steps that are {source, …}), so another tool's JSON
 * with a schema_version and steps is not taken for ATIF.
 */
export function atifVersion(json: unknown): string | undefined {
  if (!isRecord(json) || typeof json.schema_version !== "string" || !Array.isArray(json.steps)) return undefined;
  const prefixed = /^ATIF-v?(\d+(?:\.\d+)*)$/i.exec(json.schema_version.trim());
  if (prefixed) return prefixed[1];
  const bare = /^v?(\d+(?:\.\d+)*)$/i.exec(json.schema_version.trim());
  return bare && isRecord(json.agent) && typeof json.agent.name === "string" && atifSteps(json.steps) ? bare[1] : undefined;
}

function isAtif(json: unknown): json is JsonRecord & { steps: unknown[] } {
  return atifVersion(json) !== undefined || (isRecord(json) && typeof json.schema_version === "string" && json.schema_version.startsWith("ATIF-") && Array.isArray(json.steps));
}

/** Where a trajectory sits: its file, task and attempt, its field in the file, the run that started it. */
interface Place {
  file: string;
  instanceId: string;
  attempt: string;
  field: string;
  parentSession?: string;
}

/** One trajectory's rollout, then its embedded sub-agents' (v1.7), each counted in the file's tally. */
function readTrajectory(root: JsonRecord, place: Place, tally: Tally, depth: number, out: RolloutDraft[]): void {
  const at = place.field;
  const sessionId = optString(root, "session_id", at);
  const trajectoryId = optString(root, "trajectory_id", at);
  const agent = optRecord(root, "agent", at) ?? {};
  const agentField = fieldPath(at, "agent");
  const stepsField = fieldPath(at, "steps");
  const steps = expectArray(root.steps, stepsField).map((item, i) => expectRecord(item, fieldPath(stepsField, i)));
  const turns = stepTurns(steps, at, tally);
  const times: number[] = [];
  let prompt: number | undefined;
  let completion: number | undefined;
  let cost: number | undefined;
  steps.forEach((step, i) => {
    const field = fieldPath(stepsField, i);
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
  const final = optRecord(root, "final_metrics", at);
  if (final) {
    const fm = fieldPath(at, "final_metrics");
    prompt = optCount(final, "total_prompt_tokens", fm) ?? prompt;
    completion = optCount(final, "total_completion_tokens", fm) ?? completion;
    cost = optNumber(final, "total_cost_usd", fm) ?? cost;
  }
  const rollout: RolloutDraft = { instanceId: place.instanceId, attempt: place.attempt, turns };
  if (prompt !== undefined || completion !== undefined) rollout.tokens = { ...(prompt !== undefined ? { prompt } : {}), ...(completion !== undefined ? { completion } : {}) };
  if (cost !== undefined) rollout.costUsd = cost;
  // Harbor's model_name; tbench writes agent.model.
  const model = optString(agent, "model_name", agentField) ?? optString(agent, "model", agentField);
  if (model !== undefined) rollout.model = model;
  if (times.length > 0) {
    rollout.startedAt = Math.min(...times);
    rollout.durationMs = Math.max(...times) - Math.min(...times);
  }
  const metadata: JsonRecord = { schema_version: root.schema_version };
  if (sessionId !== undefined) metadata.session_id = sessionId;
  // v1.7's document id, the notes (any version) and the file a continuation went on in are kept as they are.
  if (trajectoryId !== undefined) metadata.trajectory_id = trajectoryId;
  if (root.notes !== undefined && root.notes !== null) metadata.notes = typeof root.notes === "string" ? root.notes : JSON.stringify(root.notes);
  const continued = optString(root, "continued_trajectory_ref", at);
  if (continued !== undefined) metadata.continued_trajectory_ref = continued;
  // Harbor's terminus-2 names the parent of a summarisation sub-agent in agent.extra (Terminus2._save_subagent_trajectory).
  const named = isRecord(agent.extra) && typeof agent.extra.parent_session_id === "string" ? agent.extra.parent_session_id
    : isRecord(root.extra) ? root.extra.parent_session_id : undefined;
  const parent = typeof named === "string" ? named : place.parentSession;
  if (parent !== undefined) metadata.parent_session = parent;
  const inTrial = trialOf(place.file);
  if (inTrial !== undefined) {
    // The trial's verdict judges its agent, not the sub-agents it started: only the agent's rollout carries the
    // attempt a verdict joins by; a sub-agent keeps its trial as plain information.
    if (parent !== undefined || depth > 0) metadata.trial = inTrial.trial;
    else metadata.attempt = inTrial.trial;
    if (inTrial.step !== undefined) metadata.step_name = inTrial.step;
  }
  const agentName = optString(agent, "name", agentField);
  if (agentName !== undefined) metadata.agent = agentName;
  const version = optString(agent, "version", agentField);
  if (version !== undefined) metadata.agent_version = version;
  rollout.metadata = metadata;
  out.push(rollout);

  const subsField = fieldPath(at, "subagent_trajectories");
  const subs = optArray(root, "subagent_trajectories", at) ?? [];
  if (subs.length > 0 && depth >= MAX_DEPTH) problem(subsField, `sub-agents nested deeper than ${MAX_DEPTH} levels`);
  subs.forEach((item, i) => {
    const field = fieldPath(subsField, i);
    const sub = expectRecord(item, field);
    // A sub-agent is told apart from its parent by its own ids (v1.7 refs resolve it by trajectory_id).
    const key = optString(sub, "trajectory_id", field) ?? optString(sub, "session_id", field) ?? `subagent ${i + 1}`;
    const attempt = [place.attempt, key].filter((s) => s !== "").join(" ");
    readTrajectory(sub, { ...place, attempt, field, parentSession: sessionId ?? trajectoryId ?? place.parentSession }, tally, depth + 1, out);
  });
}

export const atifReader: FormatReader = {
  name: FORMAT,
  detect: (file: PeekedFile) => isAtif(file.json),
  read(file: PeekedFile): ParsedFile {
    if (!isAtif(file.json)) problem("schema_version", "not an ATIF trajectory (schema_version \"ATIF-v…\" and steps)");
    const root = file.json;
    const version = atifVersion(root);
    if (version === undefined) problem("schema_version", `${JSON.stringify(root.schema_version).slice(0, 40)} is not an ATIF version (ATIF-v1.x)`);
    if (version.split(".")[0] !== "1") problem("schema_version", `ATIF ${version} is not supported: this reader reads ATIF 1.x`);
    const tally = new Tally("steps");
    const rollouts: RolloutDraft[] = [];
    const sessionId = optString(root, "session_id", "");
    readTrajectory(root, { file: file.name, ...atifTaskOf(file.name, sessionId), field: "" }, tally, 0, rollouts);
    return { format: FORMAT, rollouts, facts: [], reports: [], accounting: tally.accounting };
  },
};
