// GET /api/v1/proposals?experiment=…: proposals with evidence, comparisons and their decision history.
import { z } from "zod";
import { getStore } from "@/db/client";
import { listProposalRecords } from "@/db/queries/experiment-records";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { experimentFilterFor } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { parseSearchParams, QueryId } from "@/lib/http/search-params";

export const dynamic = "force-dynamic";

const Query = z.strictObject({ experiment: QueryId.optional() });

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, Query);
  if (!query.ok) return refusalResponse(query.refusal);
  return jsonResponse({ proposals: listProposalRecords(getStore(), experimentFilterFor(auth.principal, query.data.experiment)) });
}
