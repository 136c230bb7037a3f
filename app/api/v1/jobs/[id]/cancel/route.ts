// POST /api/v1/jobs/{id}/cancel: a token with scope admin or a signed-in reviewer/admin (same origin).
// 409 when the job already ended; 503 when Slurm or Ray cannot be reached.
import { getStore } from "@/db/client";
import { cancelJob } from "@/lib/services/jobs";
import { jobJson } from "@/lib/services/jobs/api-query";
import { jobActorOf } from "@/lib/services/jobs/api-actor";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refusalKindOf } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  // A token must hold scope admin to cancel (lib/services/jobs/permissions.ts); asking for it here refuses a weaker
  // token before its use is recorded, so a refused cancel writes nothing.
  const auth = await authenticateRequest(request, request.headers.has("authorization") ? "admin" : "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const result = await cancelJob(getStore(), { jobId: id, actor: jobActorOf(auth.principal) });
  if (!result.ok) return refusalResponse({ kind: refusalKindOf(result.status), error: result.error });
  return jsonResponse({ job: jobJson(result.job) });
}
