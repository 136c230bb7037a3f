// From the API's principal to the job system's actor (who may launch or cancel is decided in permissions.ts,
// not here), and launch refusals in the API's words: fields named as the request body names them.
import type { Principal } from "../auth/pure/principal";
import type { JobActor } from "./permissions";
import type { LaunchResult } from "./launch";

export function jobActorOf(principal: Principal): JobActor & { name: string } {
  return { kind: principal.kind, id: principal.id, role: principal.role, scopes: principal.scopes, jobId: principal.jobId, name: principal.name };
}

type Refusal = Extract<LaunchResult, { ok: false }>;

/** launchJob says "experimentId:"; the body field is "experiment". An unknown template is a bad field, not a missing page. */
export function launchRefusal(result: Refusal, templateId: string): { status: number; error: string } {
  const error = result.error.replace(/^experimentId:/, "experiment:");
  if (result.status === 404 && !error.startsWith("experiment:")) return { status: 400, error: `template: template "${templateId}" does not exist` };
  if (result.status === 404) return { status: 400, error };
  return { status: result.status, error };
}
