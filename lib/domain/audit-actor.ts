// Who did something, as the audit log records it: a user, an API token, or the system itself. Pure vocabulary,
// so services, db mutations and pages name actors the same way; the write is db/mutations/audit-log.ts.
export type AuditActorKind = "user" | "token" | "system";

export interface AuditActor {
  actorKind: AuditActorKind;
  actorId: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { actorKind: "system", actorId: null };

export const userActor = (userId: string): AuditActor => ({ actorKind: "user", actorId: userId });
