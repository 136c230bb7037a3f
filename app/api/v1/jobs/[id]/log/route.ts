// GET /api/v1/jobs/{id}/log?offset=N: a chunk of the job's log as JSON { text, nextOffset, size, done } — poll
// from nextOffset until done. With follow=1 the answer is the log itself as a streamed text/plain body from
// `offset` on, ending when the job has ended (or the client goes away).
import { getStore } from "@/db/client";
import { followLog, getJob, tailLog } from "@/lib/services/jobs";
import { JobLogQuery } from "@/lib/services/jobs/api-query";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { mayReadJob } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refusalKindOf } from "@/lib/http/refusal";
import { parseSearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, JobLogQuery);
  if (!query.ok) return refusalResponse(query.refusal);
  const { id } = await params;
  const store = getStore();
  const offset = query.data.offset ?? 0;
  // Another job's log answers as an unknown job's does (tailLog's own 404).
  const job = getJob(store, id);
  const first = job && mayReadJob(auth.principal, job) ? tailLog(store, id, offset) : ({ ok: false, status: 404, error: `job "${id}" does not exist` } as const);
  if (!first.ok) return refusalResponse({ kind: refusalKindOf(first.status), error: first.error });
  if (query.data.follow !== "1") {
    const { ok: _ok, ...chunk } = first;
    return jsonResponse(chunk);
  }
  return new Response(followStream(id, offset, request.signal), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" },
  });
}

function followStream(id: string, offset: number, clientSignal: AbortSignal): ReadableStream<Uint8Array> {
  const stop = new AbortController();
  clientSignal.addEventListener("abort", () => stop.abort(), { once: true });
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for await (const chunk of followLog(getStore(), id, { offset, signal: stop.signal })) controller.enqueue(encoder.encode(chunk.text));
      } catch {
        // The store or the file went away mid-stream: end the body; the client may poll the JSON form.
      }
      if (!stop.signal.aborted) controller.close();
    },
    cancel() {
      stop.abort();
    },
  });
}
