// The audit log's one write: who changed access to the lab or decided something, and when. Append-only
// (triggers in migration 0001). A db mutation, so every writer — auth, jobs, decisions — reaches the table
// through the db floor; the actor vocabulary is lib/domain/audit-actor.ts.
import "server-only";
import type Database from "better-sqlite3";
import type { Store } from "../client";
import type { AuditActor } from "../../lib/domain/audit-actor";

export interface AuditEntry extends AuditActor {
  action: string;
  targetKind?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
  at?: number;
}

/**
 * Callers that change something run this inside `writeTransaction(store, …)`, so the audit row
 * commits together with the change it records (or neither does).
 */
export function recordAudit(store: Store, entry: AuditEntry): void {
  recordAuditRow(store.sqlite, entry);
}

/** The same write for callers that hold only the SQLite handle (the event appliers, decision writes). */
export function recordAuditRow(sqlite: Database.Database, entry: AuditEntry): void {
  sqlite
    .prepare(
      `INSERT INTO audit_log (at, actor_kind, actor_id, action, target_kind, target_id, detail)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(entry.at ?? Date.now(), entry.actorKind, entry.actorId, entry.action, entry.targetKind ?? null, entry.targetId ?? null,
      entry.detail === undefined ? null : JSON.stringify(entry.detail));
}
