// mini-swe-agent trajectories (`<instance_id>.traj.json`): the v1 text-action format
// (trajectory_format "mini-swe-agent-1"), the v2 format ("mini-swe-agent-1.1": tool calls, `tool`
// observations, a final `exit` message) and the legacy bare list of messages. One file is one
// rollout; the turns are built in mini-swe-agent-turns.ts.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft } from "../types";
import {
  baseName,
  expectArray,
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
import { miniTurns, type MiniVersion } from "./mini-swe-agent-turns";
import type { Accounting } from "../accounting";

const TRAJ_SUFFIX = ".traj.json";
const FORMAT_PREFIX = "mini-swe-agent";
const CHAT_ROLES = new Set(["system", "user", "assistant"]);

function hasTrajName(name: string): boolean {
  return name.toLowerCase().endsWith(TRAJ_SUFFIX);
}

/** The legacy file is only a list of chat messages; the name must say what it is, the content cannot. */
function looksLikeMessageList(list: unknown[]): boolean {
  if (list.length === 0) return false;
  return list.slice(0, 3).every((m) => isRecord(m) && typeof m.role === "string" && CHAT_ROLES.has(m.role) && !("source" in m));
}

export const miniSweAgentReader: FormatReader = {
  name: FORMAT_PREFIX,

  detect(file: PeekedFile): boolean {
    const json = file.json;
    if (isRecord(json)) {
      if (typeof json.trajectory_format === "string") return json.trajectory_format.startsWith(FORMAT_PREFIX);
      return hasTrajName(file.name) && Array.isArray(json.messages) && !("trajectory" in json);
    }
    if (Array.isArray(json)) return hasTrajName(file.name) && looksLikeMessageList(json);
    // A `.traj.json` that is not JSON at all is still ours: better "not valid JSON" than "unknown format".
    return json === undefined && hasTrajName(file.name);
  },

  read(file: PeekedFile): ParsedFile {
    const json = file.json;
    if (json === undefined || json === null) problem("file", "is not valid JSON");
    if (Array.isArray(json)) {
      const { rollout, accounting } = buildRollout(file.name, "legacy", json, undefined, undefined);
      return { format: `${FORMAT_PREFIX}-legacy`, rollouts: [rollout], facts: [], reports: [], accounting };
    }
    const root = expectRecord(json, "file");
    const declared = optString(root, "trajectory_format", "");
    let version: MiniVersion = "1";
    if (declared === "mini-swe-agent-1.1") version = "1.1";
    else if (declared !== undefined && declared !== "mini-swe-agent-1") {
      problem("trajectory_format", `unsupported version "${declared.slice(0, 60)}" (this importer reads mini-swe-agent-1 and mini-swe-agent-1.1)`);
    }
    const messages = expectArray(root.messages, "messages");
    const info = optRecord(root, "info", "");
    const { rollout, accounting } = buildRollout(file.name, version, messages, info, optString(root, "instance_id", ""));
    return { format: `${FORMAT_PREFIX}-${version}`, rollouts: [rollout], facts: [], reports: [], accounting };
  },
};

function instanceIdOf(fileName: string, declared: string | undefined): string {
  const id = nonEmpty(declared?.trim()) ?? stemWithout(fileName, [TRAJ_SUFFIX, ".json"]);
  if (id === undefined || id.trim() === "") problem("instance_id", `missing, and the file name "${baseName(fileName)}" does not give one`);
  return id.trim();
}

/** Text before the template's first placeholder: what every rendered format-error message starts with. */
function fixedPrefix(template: string | undefined): string | undefined {
  if (template === undefined) return undefined;
  const cut = [template.indexOf("{{"), template.indexOf("{%")].filter((i) => i >= 0);
  return cut.length === 0 ? template : template.slice(0, Math.min(...cut));
}

function buildRollout(
  fileName: string,
  version: MiniVersion,
  messages: unknown[],
  info: JsonRecord | undefined,
  declaredId: string | undefined,
): { rollout: RolloutDraft; accounting: Accounting } {
  const config = info ? optRecord(info, "config", "info") : undefined;
  const agent = config ? optRecord(config, "agent", "info.config") : undefined;
  const model = config ? optRecord(config, "model", "info.config") : undefined;
  const stats = info ? optRecord(info, "model_stats", "info") : undefined;

  const formatErrorTemplate = agent ? optString(agent, "format_error_template", "info.config.agent") : undefined;
  const built = miniTurns(messages, { version, formatErrorPrefix: fixedPrefix(formatErrorTemplate) });

  const exitStatus = nonEmpty(info ? optString(info, "exit_status", "info") : undefined) ?? nonEmpty(built.exit?.exitStatus);
  const submission = nonEmpty(info ? optString(info, "submission", "info") : undefined) ?? nonEmpty(built.exit?.submission);
  const costUsd = stats ? optNumber(stats, "instance_cost", "info.model_stats") : undefined;
  const apiCalls = stats ? optCount(stats, "api_calls", "info.model_stats") : undefined;
  const stepLimit = agent ? optNumber(agent, "step_limit", "info.config.agent") : undefined;

  const rollout: RolloutDraft = { instanceId: instanceIdOf(fileName, declaredId), attempt: "", turns: built.turns };
  if (exitStatus !== undefined) rollout.exitStatus = exitStatus;
  if (submission !== undefined) rollout.submission = submission;
  if (costUsd !== undefined) rollout.costUsd = costUsd;
  const modelName = model ? nonEmpty(optString(model, "model_name", "info.config.model")) : undefined;
  if (modelName !== undefined) rollout.model = modelName;
  if (built.promptTokens !== undefined || built.completionTokens !== undefined) {
    rollout.tokens = {};
    if (built.promptTokens !== undefined) rollout.tokens.prompt = built.promptTokens;
    if (built.completionTokens !== undefined) rollout.tokens.completion = built.completionTokens;
  }
  Object.assign(rollout, truncation(exitStatus, apiCalls, stepLimit));

  const metadata: Record<string, unknown> = {};
  const miniVersion = info ? optString(info, "mini_version", "info") : undefined;
  if (miniVersion !== undefined) metadata.mini_version = miniVersion;
  if (apiCalls !== undefined) metadata.api_calls = apiCalls;
  if (Object.keys(metadata).length > 0) rollout.metadata = metadata;
  // 1.1 stamps every model answer and observation: the first to the last is the run's duration.
  if (built.firstTimestamp !== undefined && built.lastTimestamp !== undefined) {
    rollout.startedAt = built.firstTimestamp * 1000;
    if (built.lastTimestamp > built.firstTimestamp) rollout.durationMs = (built.lastTimestamp - built.firstTimestamp) * 1000;
  }
  return { rollout, accounting: built.accounting };
}

/** LimitsExceeded covers both the step and the cost limit; the API-call count tells which one. */
function truncation(exitStatus: string | undefined, apiCalls: number | undefined, stepLimit: number | undefined) {
  const kind = truncationOf(exitStatus);
  if (exitStatus === "LimitsExceeded" && stepLimit !== undefined && stepLimit > 0 && apiCalls !== undefined && apiCalls >= stepLimit) {
    return { truncated: true, truncationKind: "turns" as const };
  }
  return kind;
}
