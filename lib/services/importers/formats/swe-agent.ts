// SWE-agent trajectories (`<instance_id>.traj`, JSON): `trajectory` (the steps), `history` (the
// messages), `info` (exit status, submission, model_stats) and, from 1.0 on, `replay_config` (the
// run's configuration, a JSON string or an object). One file is one rollout, except a RetryAgent file:
// its `attempts` list holds every attempt (each with its own trajectory, history and info) and the top
// level repeats the chosen one (info.best_attempt_idx); each attempt becomes its own rollout of the task
// ("attempt N", linked by metadata.retry_of and best_attempt), and the repeated top level is counted as merged.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft } from "../types";
import {
  baseName,
  expectRecord,
  isRecord,
  nonEmpty,
  optCount,
  optNumber,
  optRecord,
  optString,
  problem,
  stemWithout,
  truncationOf,
  type JsonRecord,
} from "./swe-common";
import { readSteps, turnsFromHistory, turnsFromSteps } from "./swe-agent-turns";
import { Tally } from "../accounting";

const FORMAT = "swe-agent";
const TRAJ_SUFFIX = ".traj";

function hasTrajName(name: string): boolean {
  return name.toLowerCase().endsWith(TRAJ_SUFFIX);
}

/**
 * A step has both `action` and `observation` (an OpenHands event has one or the other, plus a
 * `source`), and a thought or the model's response.
 */
function looksLikeStep(value: unknown): boolean {
  return (
    isRecord(value) &&
    "action" in value &&
    "observation" in value &&
    ("thought" in value || "response" in value) &&
    !("source" in value)
  );
}

export const sweAgentReader: FormatReader = {
  name: FORMAT,

  detect(file: PeekedFile): boolean {
    const json = file.json;
    if (!isRecord(json)) return json === undefined && hasTrajName(file.name); // a broken .traj is still ours to report
    if (Array.isArray(json.attempts) && isRecord(json.attempts[0]) && Array.isArray(json.attempts[0].trajectory) && !("messages" in json)) return true;
    if (!Array.isArray(json.trajectory) || "messages" in json) return false;
    const first = json.trajectory[0];
    if (first !== undefined) return looksLikeStep(first);
    return hasTrajName(file.name) && (isRecord(json.info) || Array.isArray(json.history));
  },

  read(file: PeekedFile): ParsedFile {
    const json = file.json;
    if (json === undefined || json === null) problem("file", "is not valid JSON");
    const root = expectRecord(json, "file");
    if (Array.isArray(root.attempts) && root.attempts.length > 0) return readRetryAgent(root, file.name);
    const { rollout, tally } = readOne(root, file.name, "");
    return { format: FORMAT, rollouts: [rollout], facts: [], reports: [], accounting: tally.accounting };
  },
};

function readRetryAgent(root: JsonRecord, name: string): ParsedFile {
  const attempts = root.attempts as unknown[];
  const info = optRecord(root, "info", "") ?? {};
  const best = optCount(info, "best_attempt_idx", "info");
  const tally = new Tally("history messages and steps");
  // The top level is a copy of the chosen attempt: merged into that attempt's rollout.
  const topItems = (Array.isArray(root.history) ? root.history.length : 0) + (Array.isArray(root.trajectory) ? root.trajectory.length : 0);
  tally.merged(topItems);
  const rollouts = attempts.map((item, i) => {
    const attempt = expectRecord(item, `attempts.${i}`);
    const withConfig = attempt.replay_config === undefined && root.replay_config !== undefined ? { ...attempt, replay_config: root.replay_config } : attempt;
    const read = readOne(withConfig, name, `attempts.${i}.`);
    tally.add(read.tally.accounting);
    read.rollout.attempt = `attempt ${i + 1}`;
    read.rollout.metadata = { ...read.rollout.metadata, retry_attempt: i + 1, attempts: attempts.length, ...(best !== undefined ? { best_attempt: best + 1, chosen: best === i } : {}) };
    return read.rollout;
  });
  return { format: FORMAT, rollouts, facts: [], reports: [], accounting: tally.accounting };
}

function readOne(root: JsonRecord, fileName: string, prefix: string): { rollout: RolloutDraft; tally: Tally } {
  {
    const steps = readSteps(root.trajectory);
    const history = root.history === undefined || root.history === null ? [] : root.history;
    if (!Array.isArray(history)) problem(`${prefix}history`, "must be a list of messages");
    const tally = new Tally("history messages and steps");
    const turns = history.length > 0 ? turnsFromHistory(history, steps, tally) : turnsFromSteps(steps, tally);

    const info = optRecord(root, "info", "") ?? {};
    const replay = replayConfig(root.replay_config);
    const rollout: RolloutDraft = { instanceId: instanceIdOf(fileName, replay), attempt: "", turns };

    const exitStatus = nonEmpty(optString(info, "exit_status", "info"));
    if (exitStatus !== undefined) {
      rollout.exitStatus = exitStatus;
      Object.assign(rollout, truncationOf(exitStatus));
    }
    // `submission` may also be an object in multi-attempt runs; only a patch text is a submission.
    const submission = typeof info.submission === "string" ? nonEmpty(info.submission) : undefined;
    if (submission !== undefined) rollout.submission = submission;

    const stats = optRecord(info, "model_stats", "info");
    if (stats) {
      const cost = optNumber(stats, "instance_cost", "info.model_stats");
      if (cost !== undefined) rollout.costUsd = cost;
      const prompt = optCount(stats, "tokens_sent", "info.model_stats");
      const completion = optCount(stats, "tokens_received", "info.model_stats");
      if (prompt !== undefined || completion !== undefined) {
        rollout.tokens = {};
        if (prompt !== undefined) rollout.tokens.prompt = prompt;
        if (completion !== undefined) rollout.tokens.completion = completion;
      }
      const apiCalls = optCount(stats, "api_calls", "info.model_stats");
      if (apiCalls !== undefined) rollout.metadata = { api_calls: apiCalls };
    }
    const version = optString(info, "swe_agent_version", "info");
    if (version !== undefined) rollout.metadata = { ...rollout.metadata, swe_agent_version: version };
    const model = replay ? modelName(replay) : undefined;
    if (model !== undefined) rollout.model = model;
    return { rollout, tally };
  }
}

/** replay_config is written with model_dump_json() (a string) by SWE-agent ≥ 1.0, as an object by some tools. */
function replayConfig(value: unknown): JsonRecord | undefined {
  if (isRecord(value)) return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    problem("replay_config", "is text but not valid JSON");
  }
}

function instanceIdOf(fileName: string, replay: JsonRecord | undefined): string {
  const statement = replay && isRecord(replay.problem_statement) ? replay.problem_statement : undefined;
  const declared = statement && typeof statement.id === "string" ? nonEmpty(statement.id.trim()) : undefined;
  const id = declared ?? stemWithout(fileName, [TRAJ_SUFFIX, ".json"])?.trim();
  if (id === undefined || id === "") problem("replay_config.problem_statement.id", `missing, and the file name "${baseName(fileName)}" does not give one`);
  return id;
}

function modelName(replay: JsonRecord): string | undefined {
  const agent = replay.agent;
  const model = isRecord(agent) && isRecord(agent.model) ? agent.model : undefined;
  return model && typeof model.name === "string" ? nonEmpty(model.name) : undefined;
}
