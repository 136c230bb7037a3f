// GET /api/v1/experiments: every experiment with its counts, latest activity and status.
import { getStore } from "@/db/client";
import { listExperiments } from "@/db/queries/experiments";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { mayReadExperiment } from "@/lib/services/auth/read-scope";
import { jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  return jsonResponse({ experiments: listExperiments(getStore()).filter((experiment) => mayReadExperiment(auth.principal, experiment.id)) });
}
