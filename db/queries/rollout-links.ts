// The rollouts one session is made of, as importers link them (metadata.session_id / parent_session): a Claude
// Code session's sub-agents and compactions, an ATIF trajectory's summarisation sub-agents, and, from a sub-agent,
// its session. Within the rollout's experiment (an import puts a session's files in one run, but they may have come
// in separate imports). A scan of the experiment's rollouts' metadata: fine at import sizes, capped.
import "server-only";
import type { Store } from "../client";

export interface LinkedRollout {
  id: string;
  /** The sub-agent's id (Claude Code's agentId), else the rollout's attempt. */
  label: string;
  /** "compaction", "sub-agent", or null when the producer did not say. */
  kind: string | null;
  numTurns: number;
}

export interface RolloutLinks {
  parent: LinkedRollout | null;
  children: LinkedRollout[];
  more: boolean;
}

const LIMIT = 200;

export function getRolloutLinks(store: Store, id: string): RolloutLinks {
  const self = store.sqlite.prepare(
    "SELECT experiment_id AS experimentId, json_extract(metadata, '$.session_id') AS session, json_extract(metadata, '$.parent_session') AS parent FROM rollouts WHERE id = ?",
  ).get(id) as { experimentId: string; session: unknown; parent: unknown } | undefined;
  if (!self) return { parent: null, children: [], more: false };
  const row = `SELECT r.id, coalesce(json_extract(r.metadata, '$.agent_id'), r.id) AS label, json_extract(r.metadata, '$.agent_kind') AS kind, r.num_turns AS numTurns
                 FROM rollouts r WHERE r.experiment_id = ?`;
  const children = typeof self.session === "string" && typeof self.parent !== "string"
    ? store.sqlite.prepare(`${row} AND json_extract(r.metadata, '$.parent_session') = ? AND r.id <> ? ORDER BY r.started_at, r.id LIMIT ?`)
      .all(self.experimentId, self.session, id, LIMIT + 1) as LinkedRollout[]
    : [];
  const parent = typeof self.parent === "string"
    ? (store.sqlite.prepare(`${row} AND json_extract(r.metadata, '$.session_id') = ? AND json_extract(r.metadata, '$.parent_session') IS NULL AND r.id <> ? LIMIT 1`)
      .get(self.experimentId, self.parent, id) as LinkedRollout | undefined) ?? null
    : null;
  return { parent, children: children.slice(0, LIMIT), more: children.length > LIMIT };
}
