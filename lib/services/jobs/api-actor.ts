// From the API's principal to the job system's actor (who may launch or cancel is decided in permissions.ts,
// not here), and launch refusals in the API's words: fields named as the request body names them.
import type { Principal } from "../auth/pure/principal";
import type { JobActor } from "./permissions";
import type { LaunchResult } from "./launch";
import { refusalKindOf, type Refusal } from "../../http/refusal";

export function jobActorOf(principal: Principal): JobActor & { name: string } {
  return { kind: principal.kind, id: principal.id, role: principal.role, scopes: principal.scopes, jobId: principal.jobId, name: principal.name };
}

type LaunchRefused = Extract<LaunchResult, { ok: false }>;

/**
 * launchJob says "experimentId:"; the body field is "experiment". An unknown template is a bad field, not a missing
 * page. The problems, the job (a 503 after it was recorded), the unreviewed versions and where a reviewer reads
 * and confirms them (`review`: the launch form's path) go along for the client.
 */
export function launchRefusal(result: LaunchRefused, templateId: string, jobJson: (job: NonNullable<LaunchRefused["job"]>) => unknown): Refusal {
  const error = result.error.replace(/^experimentId:/, "experiment:");
  const extra = {
    ...(result.problems ? { problems: result.problems } : {}),
    ...(result.job ? { job: jobJson(result.job) } : {}),
    ...(result.unreviewed ? { unreviewed: result.unreviewed } : {}),
    ...(result.review ? { review: result.review } : {}),
  };
  if (result.status === 404 && !error.startsWith("experiment:")) return { kind: "invalid", error: `template: template "${templateId}" does not exist`, extra };
  if (result.status === 404) return { kind: "invalid", error, extra };
  return { kind: refusalKindOf(result.status), error, extra };
}
