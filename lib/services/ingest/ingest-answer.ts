// What POST /api/v1/events answers once the producer is known and its body read: the batch handed to the store's
// writer thread, or the refusal that says why not. Shared by the two doors a batch comes through, Next's route
// (app/api/v1/events/route.ts) and the direct ingest door beside Next's router (lib/services/server/direct-ingest.ts), so
// they answer alike and log alike.
import "server-only";
import { getStore, type Store } from "../../../db/client";
import { writeValidatedEvents, WriterUnavailable, WRITE_RETRY_AFTER_SECONDS, WRITE_QUEUE_LIMIT } from "../../../db/writer/store-writer";
import type { BatchSource } from "../../../db/writer/writer-messages";
import { scopeJobEvents } from "../../../db/queries/jobs-ingest-scope";
import { scopeExperimentEvents, type ScopedEvents } from "../../../db/queries/experiment-ingest-scope";
import type { Principal } from "../auth/pure/principal";
import { arrivalOf } from "../../harness-trust/arrival";
import { jsonResponse, refusalResponse } from "../../http/json-response";
import { refusalKindOf } from "../../http/refusal";
import { logLine } from "../../log-text";
import type { EventBody } from "./read-event-body";

/** The writer has a full queue: refused before the body is read, since a producer that must wait should not first cost a parse. */
export function ingestBusyResponse(): Response {
  return refusalResponse(
    { kind: "too_many", error: `the store's writer has ${WRITE_QUEUE_LIMIT} batches waiting; send this one again after ${WRITE_RETRY_AFTER_SECONDS} s` },
    { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) },
  );
}

/** The answer to a read body: its refusal, or the batch written by the writer thread. Disposes of the body. */
export async function answerEventBody(principal: Principal, body: EventBody, store: Store = getStore()): Promise<Response> {
  if (!body.ok) {
    const first = body.errors?.[0];
    console.info(logLine`ingest refused (${body.status}) for ${principal.name}: ${body.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
    const retry: Record<string, string> = body.status === 503 ? { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) } : {};
    return refusalResponse({ kind: refusalKindOf(body.status), error: body.error, ...(body.errors ? { extra: { errors: body.errors } } : {}) }, retry);
  }
  try {
    // The writer reads the events where they are (the parse worker's packed JSON text, moved to it; the spool
    // file), unless this thread must look at them first.
    let source: BatchSource = body.packed !== undefined ? { packed: body.packed } : body.spoolFile ? { spoolFile: body.spoolFile } : { events: [...body.events] };
    // A job's own token writes only its own run's records (db/queries/jobs-ingest-scope.ts), and the runs it
    // creates link back to the job.
    if (principal.jobId) {
      const scoped = scopeJobEvents(store, principal.jobId, body.events);
      if (!scoped.ok) return refuseOutside(principal, scoped);
      source = { events: [...scoped.events] };
    } else if (principal.experimentId) {
      // A token minted for one experiment (Connect a trainer) writes only into it (db/queries/experiment-ingest-scope.ts).
      const scoped = scopeExperimentEvents(store, principal.experimentId, body.events);
      if (!scoped.ok) return refuseOutside(principal, scoped);
    }
    let outcome;
    try {
      outcome = await writeValidatedEvents(store, source, { hashes: body.hashes, arrivedVia: arrivalOf(principal) });
    } catch (error) {
      if (!(error instanceof WriterUnavailable)) throw error;
      console.warn(logLine`ingest for ${principal.name} answered 503: ${error.message}`);
      return refusalResponse({ kind: "unavailable", error: "the writer stopped while applying this batch; send it again (a batch that did commit is answered unchanged)" }, { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) });
    }
    if (!outcome.ok) {
      const first = outcome.errors[0];
      const what = outcome.status === 409 ? "changed immutable records" : "references to records that exist nowhere";
      console.info(logLine`ingest refused (${outcome.status}) for ${principal.name}: ${what} — event ${first.index} ${first.path}: ${first.message}`);
      return refusalResponse({ kind: refusalKindOf(outcome.status), error: `${outcome.errors.length} event(s) refused (${what}); nothing was written`, extra: { errors: outcome.errors } });
    }
    return jsonResponse({ events: body.count, applied: outcome.applied, unchanged: outcome.unchanged });
  } finally {
    body.dispose();
  }
}

/** 403 for a batch that reaches outside the token's experiment (or a job's run), naming the first event and field. */
function refuseOutside(principal: Principal, scoped: Extract<ScopedEvents, { ok: false }>): Response {
  const first = scoped.errors[0];
  console.info(logLine`ingest refused (403) for ${principal.name}: ${scoped.error}${first ? ` — event ${first.index} ${first.path}: ${first.message}` : ""}`);
  return refusalResponse({ kind: "forbidden", error: scoped.error, extra: { errors: scoped.errors } });
}
