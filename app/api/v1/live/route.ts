// GET /api/v1/live?since=N: the whole lab's live state (db/queries/live-state.ts), for the pages of no one
// experiment (the trajectory list and the inbox unfiltered), with the experiments that are live. A token
// confined to one experiment gets that experiment's state: the lab's would tell it when others change.
import { getStore } from "@/db/client";
import { getLiveState } from "@/db/queries/live-state";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { experimentFilterFor, isConfined } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { parseSearchParams } from "@/lib/http/search-params";
import { LiveQuery } from "@/lib/live/live-query-schema";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseSearchParams(request.url, LiveQuery);
  if (!query.ok) return refusalResponse(query.refusal);
  const store = getStore();
  if (!isConfined(auth.principal)) return jsonResponse(getLiveState(store, { kind: "lab" }, query.data.since));
  const own = experimentFilterFor(auth.principal, undefined)!;
  const state = getLiveState(store, { kind: "experiment", id: own }, query.data.since);
  // A job of no experiment reads none: an empty scope that never changes.
  return jsonResponse(
    state
      ? { ...state, liveExperiments: state.live ? [own] : [] }
      : { version: "none", live: false, newestRollout: 0, proposals: 0, pendingProposals: 0, liveExperiments: [], ...(query.data.since !== undefined ? { newRollouts: 0 } : {}) },
  );
}
