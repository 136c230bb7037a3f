// GET /api/v1/rollouts/{id}/find?q=…: case-insensitive literal matches over every field of every turn,
// long fields in full, as [turn, field, start, end] (offsets into the field's full text).
import { z } from "zod";
import { getStore } from "@/db/client";
import { findInRollout } from "@/db/queries/rollout-turn-content";
import { MAX_QUERY_LENGTH } from "@/lib/trajectory/find-matches";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refuseNotFound } from "@/lib/http/refusal";
import { parseSearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  q: z.string().min(1, "must not be empty").max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`),
});

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, Query);
  if (!query.ok) return refusalResponse(query.refusal);
  const { id } = await params;
  const store = getStore();
  const result = mayReadRecord(store, auth.principal, "rollouts", id) ? findInRollout(store, id, query.data.q) : null;
  if (!result) return refusalResponse(refuseNotFound(`rollout "${id}" not found`).refusal);
  return jsonResponse(result);
}
