// GET /api/v1/rollouts/{id}: one rollout with every turn and the hook messages of each turn.
import { getStore } from "@/db/client";
import { getRolloutWithTurns } from "@/db/queries/rollout-pages";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id } = await params;
  const store = getStore();
  const rollout = mayReadRecord(store, auth.principal, "rollouts", id) ? getRolloutWithTurns(store, id) : null;
  if (!rollout) return errorResponse(404, `rollout "${id}" not found`);
  return jsonResponse(rollout);
}
