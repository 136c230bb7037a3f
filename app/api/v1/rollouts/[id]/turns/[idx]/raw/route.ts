// GET /api/v1/rollouts/{id}/turns/{idx}/raw: the producer's original JSON of one turn ({ idx, raw },
// raw null when the producer kept none), for the viewer's "Raw" toggle.
import { getStore } from "@/db/client";
import { getTurnRaw } from "@/db/queries/rollout-turn-content";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { parseTurnIndex } from "@/lib/trajectory/turn-anchor";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string; idx: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { id, idx: idxText } = await params;
  const idx = parseTurnIndex(idxText);
  if (idx === null) return errorResponse(400, 'path parameter "idx": must be a whole number', { field: "idx" });
  const store = getStore();
  const raw = mayReadRecord(store, auth.principal, "rollouts", id) ? getTurnRaw(store, id, idx) : null;
  if (!raw) return errorResponse(404, `rollout "${id}" has no turn ${idx}`);
  return jsonResponse(raw);
}
