// POST /api/v1/events: the HTTP door of the event contract. One request is all-or-nothing.
import { getStore } from "@/db/client";
import { applyValidatedEvents } from "@/db/apply-events";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { readEventBody } from "@/lib/ingest/read-event-body";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { logLine } from "@/lib/log-text";
import { scopeJobEvents } from "@/db/queries/jobs-ingest-scope";
import { arrivalOf } from "@/lib/harness-trust/arrival";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "ingest");
  if (!auth.ok) {
    console.info(logLine`ingest refused (${auth.status}): ${auth.message}`);
    return authErrorResponse(auth);
  }
  const body = await readEventBody(request);
  if (!body.ok) {
    const first = body.errors?.[0];
    console.info(logLine`ingest refused (${body.status}) for ${auth.principal.name}: ${body.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
    return errorResponse(body.status, body.error, body.errors ? { errors: body.errors } : {});
  }
  try {
    let events = body.events;
    // A job's own token writes only into its job's experiment, and the runs it creates link back to the job.
    if (auth.principal.jobId) {
      const scoped = scopeJobEvents(getStore(), auth.principal.jobId, events);
      if (!scoped.ok) {
        const first = scoped.errors[0];
        console.info(logLine`ingest refused (403) for ${auth.principal.name}: ${scoped.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
        return errorResponse(403, scoped.error, { errors: scoped.errors });
      }
      events = scoped.events;
    }
    const outcome = applyValidatedEvents(getStore(), events, { hashes: body.hashes, arrivedVia: arrivalOf(auth.principal) });
    if (!outcome.ok) {
      const first = outcome.errors[0];
      const what = outcome.status === 409 ? "changed immutable records" : "references to records that exist nowhere";
      console.info(logLine`ingest refused (${outcome.status}) for ${auth.principal.name}: ${what} — event ${first.index} ${first.path}: ${first.message}`);
      return errorResponse(outcome.status, `${outcome.errors.length} event(s) refused (${what}); nothing was written`, { errors: outcome.errors });
    }
    return jsonResponse({ events: body.count, applied: outcome.applied, unchanged: outcome.unchanged });
  } finally {
    body.dispose();
  }
}
