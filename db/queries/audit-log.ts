// The audit log, newest first: every decision and every other privileged action (sign-ins, links, tokens,
// users, …), filtered by action and by actor, paged by a cursor (the id of the last entry shown), with the
// names of actors and targets resolved for reading.
import "server-only";
import type { Store } from "../client";

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilter {
  action?: string;
  /** "user:<id>", "token:<id>" or "system". */
  actor?: string;
  /** Entries older than this id (the previous page's last). */
  before?: number;
}

export interface AuditLogEntry {
  id: number;
  at: number;
  actorKind: "user" | "token" | "system";
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetKind: string | null;
  targetId: string | null;
  /** A readable name for the target (a proposal's title, a user's name, a token's name) when it still exists. */
  targetName: string | null;
  detail: Record<string, unknown> | null;
}

export interface AuditLogPage {
  entries: AuditLogEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextCursor: number | null;
}

/** "user:abc" → the actor columns it stands for; undefined for a malformed value. */
export function parseActor(value: string): { kind: "user" | "token" | "system"; id: string | null } | undefined {
  if (value === "system") return { kind: "system", id: null };
  const match = /^(user|token):(.{1,256})$/.exec(value);
  return match ? { kind: match[1] as "user" | "token", id: match[2] } : undefined;
}

export function listAuditLog(store: Store, filter: AuditFilter, limit = AUDIT_PAGE_SIZE): AuditLogPage {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (filter.action !== undefined) {
    parts.push("a.action = ?");
    params.push(filter.action);
  }
  if (filter.actor !== undefined) {
    const actor = parseActor(filter.actor);
    if (!actor) return { entries: [], nextCursor: null };
    parts.push(actor.id === null ? "a.actor_kind = ? AND a.actor_id IS NULL" : "a.actor_kind = ? AND a.actor_id = ?");
    params.push(actor.kind, ...(actor.id === null ? [] : [actor.id]));
  }
  if (filter.before !== undefined) {
    parts.push("a.id < ?");
    params.push(filter.before);
  }
  const rows = store.sqlite
    .prepare(
      `SELECT a.id, a.at, a.actor_kind AS actorKind, a.actor_id AS actorId, a.action, a.target_kind AS targetKind, a.target_id AS targetId,
         a.detail, coalesce(au.username, at.name) AS actorName, coalesce(tp.title, tu.username, tt.name) AS targetName
       FROM audit_log a
       LEFT JOIN users au ON a.actor_kind = 'user' AND au.id = a.actor_id
       LEFT JOIN api_tokens at ON a.actor_kind = 'token' AND at.id = a.actor_id
       LEFT JOIN proposals tp ON a.target_kind = 'proposal' AND tp.id = a.target_id
       LEFT JOIN users tu ON a.target_kind = 'user' AND tu.id = a.target_id
       LEFT JOIN api_tokens tt ON a.target_kind = 'api_token' AND tt.id = a.target_id
       ${parts.length ? `WHERE ${parts.join(" AND ")}` : ""}
       ORDER BY a.id DESC LIMIT ?`,
    )
    .all(...params, limit + 1) as Array<Omit<AuditLogEntry, "detail"> & { detail: string | null }>;
  const more = rows.length > limit;
  const entries = rows.slice(0, limit).map((r) => ({ ...r, detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null }));
  return { entries, nextCursor: more ? entries[entries.length - 1].id : null };
}

export interface AuditOptions {
  actions: string[];
  actors: Array<{ value: string; label: string }>;
}

/** The actions and actors that occur in the log, for the filter. */
export function listAuditOptions(store: Store): AuditOptions {
  const actions = store.sqlite.prepare("SELECT DISTINCT action FROM audit_log ORDER BY action").pluck().all() as string[];
  const actors = store.sqlite
    .prepare(
      `SELECT DISTINCT a.actor_kind AS kind, a.actor_id AS id, coalesce(u.username, t.name) AS name
       FROM audit_log a
       LEFT JOIN users u ON a.actor_kind = 'user' AND u.id = a.actor_id
       LEFT JOIN api_tokens t ON a.actor_kind = 'token' AND t.id = a.actor_id`,
    )
    .all() as Array<{ kind: "user" | "token" | "system"; id: string | null; name: string | null }>;
  return {
    actions,
    actors: actors
      .map((a) => a.kind === "system" || a.id === null
        ? { value: "system", label: "system (rules, first start)" }
        : { value: `${a.kind}:${a.id}`, label: a.kind === "user" ? (a.name ?? a.id) : `token ${a.name ?? a.id}` })
      .filter((a, i, all) => all.findIndex((b) => b.value === a.value) === i)
      .sort((a, b) => a.label.localeCompare(b.label)),
  };
}
