// The audit log: who changed access to the lab, and when. Append-only (triggers in migration 0001).
import "server-only";
import { auditLog } from "../../db/schema";
import type { Store } from "../../db/client";

export type AuditActorKind = "user" | "token" | "system";

export interface AuditActor {
  actorKind: AuditActorKind;
  actorId: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { actorKind: "system", actorId: null };

export const userActor = (userId: string): AuditActor => ({ actorKind: "user", actorId: userId });

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
