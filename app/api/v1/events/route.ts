// POST /api/v1/events: the HTTP door of the event contract. One request is all-or-nothing. The batch is
// applied by the writer thread (db/writer/store-writer.ts), so this thread keeps serving pages meanwhile;
// when the writer has a full queue the answer is 429 with Retry-After, and the producer sends it again.
import { getStore } from "@/db/client";
import { writeQueueFull, writeValidatedEvents, WriterUnavailable, WRITE_RETRY_AFTER_SECONDS, WRITE_QUEUE_LIMIT } from "@/db/writer/store-writer";
import type { BatchSource } from "@/db/writer/writer-messages";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { readEventBody } from "@/lib/ingest/read-event-body";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { drainingBody } from "@/lib/http/drain-body";
import { refusalKindOf } from "@/lib/http/refusal";
import { logLine } from "@/lib/log-text";
import { scopeJobEvents } from "@/db/queries/jobs-ingest-scope";
import { arrivalOf } from "@/lib/harness-trust/arrival";

export const dynamic = "force-dynamic";

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "ingest");
  if (!auth.ok) {
    console.info(logLine`ingest refused (${auth.status}): ${auth.message}`);
    return authErrorResponse(auth);
  }
  // Refused before the body is read: a producer that must wait should not first cost a parse.
  if (writeQueueFull()) return busyResponse();
  const body = await readEventBody(request);
  if (!body.ok) {
    const first = body.errors?.[0];
    console.info(logLine`ingest refused (${body.status}) for ${auth.principal.name}: ${body.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
    const retry: Record<string, string> = body.status === 503 ? { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) } : {};
    return refusalResponse({ kind: refusalKindOf(body.status), error: body.error, ...(body.errors ? { extra: { errors: body.errors } } : {}) }, retry);
  }
  try {
    // The writer reads the events where they are (the parse worker's packed JSON text, moved to it; the spool
    // file), unless this thread must look at them first.
    let source: BatchSource = body.packed !== undefined ? { packed: body.packed } : body.spoolFile ? { spoolFile: body.spoolFile } : { events: [...body.events] };
    // A job's own token writes only into its job's experiment, and the runs it creates link back to the job.
    if (auth.principal.jobId) {
      const scoped = scopeJobEvents(getStore(), auth.principal.jobId, body.events);
      if (!scoped.ok) {
        const first = scoped.errors[0];
        console.info(logLine`ingest refused (403) for ${auth.principal.name}: ${scoped.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
        return refusalResponse({ kind: "forbidden", error: scoped.error, extra: { errors: scoped.errors } });
      }
      source = { events: [...scoped.events] };
    }
    let outcome;
    try {
      outcome = await writeValidatedEvents(getStore(), source, { hashes: body.hashes, arrivedVia: arrivalOf(auth.principal) });
    } catch (error) {
      if (!(error instanceof WriterUnavailable)) throw error;
      console.warn(logLine`ingest for ${auth.principal.name} answered 503: ${error.message}`);
      return refusalResponse({ kind: "unavailable", error: "the writer stopped while applying this batch; send it again (a batch that did commit is answered unchanged)" }, { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) });
    }
    if (!outcome.ok) {
      const first = outcome.errors[0];
      const what = outcome.status === 409 ? "changed immutable records" : "references to records that exist nowhere";
      console.info(logLine`ingest refused (${outcome.status}) for ${auth.principal.name}: ${what} — event ${first.index} ${first.path}: ${first.message}`);
      return refusalResponse({ kind: refusalKindOf(outcome.status), error: `${outcome.errors.length} event(s) refused (${what}); nothing was written`, extra: { errors: outcome.errors } });
    }
    return jsonResponse({ events: body.count, applied: outcome.applied, unchanged: outcome.unchanged });
  } finally {
    body.dispose();
  }
}

function busyResponse(): Response {
  return refusalResponse(
    { kind: "too_many", error: `the store's writer has ${WRITE_QUEUE_LIMIT} batches waiting; send this one again after ${WRITE_RETRY_AFTER_SECONDS} s` },
    { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) },
  );
}
