// GET /api/v1/rollouts/{id}/submission: the whole submitted patch ({ submission }, null when none),
// fetched when the viewer opens a patch larger than its preview.
import { getStore } from "@/db/client";
import { getRolloutSubmission } from "@/db/queries/rollout-turn-content";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const store = getStore();
  const result = mayReadRecord(store, auth.principal, "rollouts", id) ? getRolloutSubmission(store, id) : null;
  if (!result) return errorResponse(404, `rollout "${id}" not found`);
  return jsonResponse(result);
}
