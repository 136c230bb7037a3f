// POST /api/v1/events: the HTTP door of the event contract. One request is all-or-nothing.
import { getStore } from "@/db/client";
import { applyValidatedEvents } from "@/db/apply-events";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { readEventBody } from "@/lib/ingest/read-event-body";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "ingest");
  if (!auth.ok) {
    console.info(`ingest refused (${auth.status}): ${auth.message}`);
    return authErrorResponse(auth);
  }
  const body = await readEventBody(request);
  if (!body.ok) {
    const first = body.errors?.[0];
    console.info(`ingest refused (${body.status}) for ${auth.principal.name}: ${body.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
    return errorResponse(body.status, body.error, body.errors ? { errors: body.errors } : {});
  }
  try {
    const outcome = applyValidatedEvents(getStore(), body.events, { hashes: body.hashes });
    if (!outcome.ok) {
      const first = outcome.errors[0];
      const what = outcome.status === 409 ? "changed immutable records" : "references to records that exist nowhere";
      console.info(`ingest refused (${outcome.status}) for ${auth.principal.name}: ${what} — event ${first.index} ${first.path}: ${first.message}`);
      return errorResponse(outcome.status, `${outcome.errors.length} event(s) refused (${what}); nothing was written`, { errors: outcome.errors });
    }
    return jsonResponse({ events: body.count, applied: outcome.applied, unchanged: outcome.unchanged });
  } finally {
    body.dispose();
  }
}
