// GET /api/v1/experiments/{id}: the overview (counts and derived rates) and every record of the experiment.
import { getStore } from "@/db/client";
import { getExperimentOverview } from "@/db/queries/experiments";
import { listExperimentRecords } from "@/db/queries/experiment-records";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadExperiment } from "@/lib/auth/read-scope";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const store = getStore();
  const overview = mayReadExperiment(auth.principal, id) ? getExperimentOverview(store, id) : null;
  if (!overview) return errorResponse(404, `experiment "${id}" not found`);
  return jsonResponse({ ...overview, records: listExperimentRecords(store, id) });
}
