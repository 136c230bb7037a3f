// GET /api/v1/rollouts?experiment=…&run=…&purpose=…&limit=…&cursor=…: rollouts newest first, cursor-paged.
import { z } from "zod";
import { getStore } from "@/db/client";
import { decodeCursor, listRolloutPage } from "@/db/queries/rollout-pages";
import { ROLLOUT_PURPOSES } from "@/lib/domain/vocabulary";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";
import { parseSearchParams, QueryBool, QueryId, QueryInt } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  experiment: QueryId.optional(),
  run: QueryId.optional(),
  task: QueryId.optional(),
  harness_version: QueryId.optional(),
  checkpoint: QueryId.optional(),
  purpose: z.enum(ROLLOUT_PURPOSES, `must be one of ${ROLLOUT_PURPOSES.join(", ")}`).optional(),
  step: QueryInt(0, Number.MAX_SAFE_INTEGER).optional(),
  success: QueryBool.optional(),
  limit: QueryInt(1, 500).default(100),
  cursor: z.string().max(1_000, "is not a cursor this server issued").optional(),
});

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, Query);
  if (!query.ok) return query.response;
  const { limit, cursor: cursorText, harness_version, ...filter } = query.data;
  const cursor = cursorText === undefined ? null : decodeCursor(cursorText);
  if (cursorText !== undefined && !cursor) return errorResponse(400, 'query parameter "cursor": is not a cursor this server issued');
  const page = listRolloutPage(getStore(), { ...filter, harnessVersion: harness_version }, limit, cursor);
  return jsonResponse(page);
}
