// Reader for a saved OpenHands trajectory: the JSON list of events that `save_trajectory_path` writes, or
// the `{"trajectory": [...]}` the GUI's export returns. One file is one attempt; its task is the file's
// name (the file carries no instance id) unless the wrapper names one.
import type { FormatReader, ParsedFile, PeekedFile, RolloutDraft } from "../types";
import { readOpenHandsHistory, truncationOfError } from "./openhands-history";
import { fileStem, isRecord, problem } from "./untrusted-json";

const SOURCES = new Set(["agent", "user", "environment"]);

/**
 * True for a list whose first items are OpenHands events: objects with a `source` and an `action` or
 * `observation` name. A chat message list (`role` + `content`, mini-swe-agent's legacy trajectory) and
 * SWE-agent's `trajectory` steps (action/observation without `source`) are not.
 */
export function looksLikeOpenHandsEvents(list: unknown[]): boolean {
  let events = 0;
  for (const item of list.slice(0, 20)) {
    if (!isRecord(item)) continue;
    if ("role" in item) return false;
    const named = typeof item.action === "string" || typeof item.observation === "string";
    if (named && typeof item.source === "string" && SOURCES.has(item.source)) events += 1;
  }
  return events > 0;
}

function eventsOf(json: unknown): { events: unknown[]; field: string; instanceId?: string } | undefined {
  if (Array.isArray(json)) return looksLikeOpenHandsEvents(json) ? { events: json, field: "" } : undefined;
  if (!isRecord(json) || !Array.isArray(json.trajectory) || !looksLikeOpenHandsEvents(json.trajectory)) return undefined;
  const id = json.instance_id;
  return { events: json.trajectory, field: "trajectory", instanceId: typeof id === "string" && id.trim() !== "" ? id : undefined };
}

export const openHandsEventsReader: FormatReader = {
  name: "openhands-events",
  detect(file: PeekedFile): boolean {
    return eventsOf(file.json) !== undefined;
  },
  read(file: PeekedFile): ParsedFile {
    const found = eventsOf(file.json);
    if (found === undefined) problem("file", "not an OpenHands event list (objects with source and action or observation)");
    const history = readOpenHandsHistory(found.events, found.field);
    const rollout: RolloutDraft = { instanceId: found.instanceId ?? fileStem(file.name), attempt: "", turns: history.turns };
    if (history.agentState !== undefined) rollout.exitStatus = history.agentState;
    const truncation = truncationOfError(history.lastError);
    if (truncation !== undefined) {
      rollout.truncated = true;
      rollout.truncationKind = truncation;
    }
    if (history.tokens !== undefined) rollout.tokens = history.tokens;
    if (history.costUsd !== undefined) rollout.costUsd = history.costUsd;
    if (history.model !== undefined) rollout.model = history.model;
    if (history.startedAt !== undefined) rollout.startedAt = history.startedAt;
    if (history.durationMs !== undefined) rollout.durationMs = history.durationMs;
    const metadata: Record<string, unknown> = {};
    if (history.agentState !== undefined) metadata.agent_state = history.agentState;
    if (history.lastError !== undefined) metadata.error = history.lastError;
    if (Object.keys(metadata).length > 0) rollout.metadata = metadata;
    return { format: "openhands-events", rollouts: [rollout], facts: [], reports: [], accounting: history.accounting };
  },
};
