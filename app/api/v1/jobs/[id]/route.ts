// GET /api/v1/jobs/{id}: one job — status with reason, exit code, duration, progress, parameters, argv, runs.
import { getStore } from "@/db/client";
import { getJob } from "@/lib/services/jobs";
import { jobJson } from "@/lib/services/jobs/api-query";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { mayReadJob } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refuseNotFound } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const found = getJob(getStore(), id);
  // Another experiment's (or job's) job answers as an unknown one.
  const job = found && mayReadJob(auth.principal, found) ? found : null;
  if (!job) return refusalResponse(refuseNotFound(`job "${id}" not found`).refusal);
  return jsonResponse({ job: jobJson(job) });
}
