// GET /api/v1/runs/{id}/metrics?keys=a,b: metric series of a run, by key (all keys when none are named).
import { z } from "zod";
import { getStore } from "@/db/client";
import { getRunMetrics } from "@/db/queries/run-metrics";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refuseNotFound } from "@/lib/http/refusal";
import { parseSearchParams } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

const Query = z.strictObject({
  keys: z.string().max(10_000, "must be at most 10000 characters").transform((s) => s.split(",").map((k) => k.trim()).filter(Boolean)).optional(),
});

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, Query);
  if (!query.ok) return refusalResponse(query.refusal);
  const { id } = await params;
  const store = getStore();
  const metrics = mayReadRecord(store, auth.principal, "runs", id) ? getRunMetrics(store, id, query.data.keys?.length ? query.data.keys : null) : null;
  if (!metrics) return refusalResponse(refuseNotFound(`run "${id}" not found`).refusal);
  return jsonResponse(metrics);
}
