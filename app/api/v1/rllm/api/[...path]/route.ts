// rllm's UI logger protocol under our API: set RLLM_UI_URL=<this server>/api/v1/rllm and RLLM_API_KEY to an
// ingest token, add 'ui' to trainer.logger, and an rllm run arrives with no code. Each request is translated
// to v1 events (lib/rllm-ui), validated here and applied in one transaction by the store's writer thread
// (db/writer), like POST /api/v1/events, so pages keep rendering meanwhile: a bad body is a 400 naming the
// field, nothing written. rllm's logger does not retry, so its requests wait in the writer's queue (they are
// few: one per step or episode batch) rather than get a 429.
import { getStore } from "@/db/client";
import { validateEvents } from "@/db/apply-events";
import { writeValidatedEvents, WriterUnavailable, WRITE_RETRY_AFTER_SECONDS } from "@/db/writer/store-writer";
import { experimentOfRun } from "@/db/queries/run-experiment";
import { verifyBearer } from "@/lib/services/auth/api-tokens";
import { scopeExperimentEvents } from "@/db/queries/experiment-ingest-scope";
import { hasScope } from "@/lib/services/auth/pure/principal";
import { BEARER_MESSAGES } from "@/lib/services/auth/request-auth";
import { z } from "zod";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { drainingBody } from "@/lib/http/drain-body";
import { refusalKindOf, type RefusalKind } from "@/lib/http/refusal";
import { readJsonBody } from "@/lib/http/read-json-body";
import { logLine } from "@/lib/log-text";
import { rllmRequestOf, translateRllmRequest } from "@/lib/rllm-ui/rllm-ui-requests";

export const dynamic = "force-dynamic";

const MAX_BODY_BYTES = 64 * 1024 * 1024;

type Context = { params: Promise<{ path?: string[] }> };

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request, context: Context): Promise<Response> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  const key = request.headers.get("x-api-key") ?? bearer;
  if (!key) return refused("unauthenticated", "send an API token with the ingest scope as X-API-Key (RLLM_API_KEY)");
  const store = getStore();
  const verified = verifyBearer(store, key, undefined, "ingest");
  if (!verified.ok) return refused("unauthenticated", `X-API-Key: ${BEARER_MESSAGES[verified.error]}`);
  if (!hasScope(verified.principal, "ingest")) return refused("forbidden", `X-API-Key: the token lacks scope "ingest"`);
  if (verified.principal.jobId) return refused("forbidden", "a job's own token writes through /api/v1/events");

  const { path = [] } = await context.params;
  const kind = rllmRequestOf(path);
  if (!kind) return refused("not_found", `no rllm UI endpoint /api/${path.join("/")}`);

  // The shape of each endpoint's body is checked by translateRllmRequest (400 naming the path).
  const read = await readJsonBody(request, z.unknown(), { maxBytes: MAX_BODY_BYTES, expected: "JSON", allowEmpty: true, limitInMb: true });
  if (!read.ok) return refusalResponse(read.refusal);
  const translated = translateRllmRequest(kind, read.data, (session) => experimentOfRun(store, session));
  // `path` is the older name of `field`, kept for clients that read it.
  if (!translated.ok) return refusalResponse({ kind: refusalKindOf(translated.status), error: translated.error, field: translated.path, extra: { path: translated.path } });
  if (translated.events.length > 0) {
    const validated = validateEvents(translated.events);
    if (!validated.ok) {
      const first = validated.errors[0];
      console.info(logLine`rllm ui refused (400) for ${verified.principal.name}: ${first?.path ?? ""} ${first?.message ?? ""}`);
      return refused("invalid", `${first ? `${first.path}: ${first.message}` : "refused"}; nothing was written`, { errors: validated.errors });
    }
    // A token minted for one experiment (Connect a trainer) writes only into it, here as through /api/v1/events.
    if (verified.principal.experimentId) {
      const scoped = scopeExperimentEvents(store, verified.principal.experimentId, validated.events);
      if (!scoped.ok) {
        console.info(logLine`rllm ui refused (403) for ${verified.principal.name}: ${scoped.error}`);
        return refused("forbidden", scoped.error, { errors: scoped.errors });
      }
    }
    let outcome;
    try {
      outcome = await writeValidatedEvents(store, { events: validated.events }, { arrivedVia: "local" });
    } catch (error) {
      if (!(error instanceof WriterUnavailable)) throw error;
      console.warn(logLine`rllm ui for ${verified.principal.name} answered 503: ${error.message}`);
      return refusalResponse({ kind: "unavailable", error: "the writer stopped while applying this request; send it again" }, { "retry-after": String(WRITE_RETRY_AFTER_SECONDS) });
    }
    if (!outcome.ok) {
      const first = outcome.errors[0];
      console.info(logLine`rllm ui refused (${outcome.status}) for ${verified.principal.name}: ${first?.path ?? ""} ${first?.message ?? ""}`);
      return refused(refusalKindOf(outcome.status), `${first ? `${first.path}: ${first.message}` : "refused"}; nothing was written`, { errors: outcome.errors });
    }
  }
  return jsonResponse(translated.response);
}

function refused(kind: RefusalKind, error: string, extra?: Record<string, unknown>): Response {
  return refusalResponse({ kind, error, ...(extra ? { extra } : {}) });
}
