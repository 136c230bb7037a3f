// The audit log's one write: who changed access to the lab or decided something, and when. Append-only
// (triggers in migration 0001). A db mutation, so every writer — auth, jobs, decisions — reaches the table
// through the db floor; the actor vocabulary is lib/domain/audit-actor.ts.
import "server-only";
import { auditLog } from "../schema";
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
 * Callers that change something run this inside `store.sqlite.transaction(...)`, so the audit row
 * commits together with the change it records (or neither does).
 */
export function recordAudit(store: Store, entry: AuditEntry): void {
  store.db
    .insert(auditLog)
    .values({
      at: entry.at ?? Date.now(),
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      action: entry.action,
      targetKind: entry.targetKind ?? null,
      targetId: entry.targetId ?? null,
      detail: entry.detail ?? null,
    })
    .run();
}
