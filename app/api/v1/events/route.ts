// POST /api/v1/events: the HTTP door of the event contract. One request is all-or-nothing. The batch is
// applied by the writer thread (db/writer/store-writer.ts), so this thread keeps serving pages meanwhile;
// when the writer has a full queue the answer is 429 with Retry-After, and the producer sends it again.
// A producer's usual batch (a token, a Content-Length within the in-memory limit) is answered before Next's
// router sees it, by lib/services/server/direct-ingest.ts; both answer through lib/services/ingest/ingest-answer.ts.
import { writeQueueFull } from "@/db/writer/store-writer";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { readEventBody } from "@/lib/services/ingest/read-event-body";
import { answerEventBody, ingestBusyResponse } from "@/lib/services/ingest/ingest-answer";
import { drainingBody } from "@/lib/http/drain-body";
import { logLine } from "@/lib/log-text";

export const dynamic = "force-dynamic";

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "ingest");
  if (!auth.ok) {
    console.info(logLine`ingest refused (${auth.status}): ${auth.message}`);
    return authErrorResponse(auth);
  }
  if (writeQueueFull()) return ingestBusyResponse();
  return answerEventBody(auth.principal, await readEventBody(request));
}
