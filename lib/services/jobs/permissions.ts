// Who may do what with jobs. Launching and cancelling need a reviewer (or admin) — viewers only look; templates
// are an admin's: a template decides which programs the server runs. API tokens count as admins only with the
// admin scope, and a job's own token can never launch or cancel anything (a job must not spawn jobs).
import { roleAtLeast, type Principal } from "../auth/pure/principal";
import type { AuditActor } from "../../domain/audit-actor";

export type JobActor = Pick<Principal, "kind" | "id" | "role" | "scopes" | "jobId">;

export type Permission = { ok: true } | { ok: false; error: string };

export function mayLaunch(actor: JobActor): Permission {
  if (actor.kind === "user") return actor.role && roleAtLeast(actor.role, "reviewer") ? { ok: true } : { ok: false, error: "viewers cannot launch or cancel jobs (needs role reviewer)" };
  if (actor.jobId) return { ok: false, error: "a job's token cannot launch or cancel jobs" };
  return actor.scopes.includes("admin") ? { ok: true } : { ok: false, error: 'launching or cancelling jobs with a token needs scope "admin"' };
}

export function mayEditTemplates(actor: JobActor): Permission {
  if (actor.kind === "user") return actor.role === "admin" ? { ok: true } : { ok: false, error: "only admins create or edit job templates" };
  if (actor.jobId) return { ok: false, error: "a job's token cannot edit job templates" };
  return actor.scopes.includes("admin") ? { ok: true } : { ok: false, error: 'editing job templates with a token needs scope "admin"' };
}

export function auditActorOf(actor: JobActor): AuditActor {
  return { actorKind: actor.kind, actorId: actor.id };
}

/** jobs.created_by / job_templates.created_by reference users; a token leaves them empty (the audit log keeps it). */
export function userIdOf(actor: JobActor): string | null {
  return actor.kind === "user" ? actor.id : null;
}
