// GET /api/v1/rollouts: rollouts filtered and sorted like the trajectory browser (the same query parameters
// as its URL, see lib/trajectories/browser-query.ts), cursor-paged. The older parameters (experiment, run,
// task, harness_version, checkpoint, purpose, step, success, limit up to 500, cursor) keep working.
// `counts=true` adds the rollouts per outcome under the same filter (without the outcome itself).
import { getStore } from "@/db/client";
import { countBrowserOutcomes, listBrowserPage } from "@/db/queries/rollout-browser";
import { catchUpFullTextIndex } from "@/db/writer/store-writer";
import { decodeBrowserCursor } from "@/lib/trajectories/browser-cursor";
import { flattenSearchParams, parseBrowserParams, type ParamProblem } from "@/lib/trajectories/browser-query";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { experimentFilterFor } from "@/lib/services/auth/read-scope";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refuseParameter } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

function badParam(problem: ParamProblem): Response {
  return refusalResponse(refuseParameter(problem.field, problem.message).refusal);
}

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const flat = flattenSearchParams(new URL(request.url).searchParams);
  if (!flat.ok) return badParam(flat.problem);
  const { limit: limitText, cursor: cursorText, counts: countsText, ...rest } = flat.params;
  const parsed = parseBrowserParams(rest, { strict: true });
  if (!parsed.ok) return badParam(parsed.problem);
  // A job's token sees its own experiment's rollouts only (another experiment's filter: an empty page).
  const state = { ...parsed.state, filter: { ...parsed.state.filter, experiment: experimentFilterFor(auth.principal, parsed.state.filter.experiment) } };

  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    if (!/^\d+$/.test(limitText)) return badParam({ field: "limit", message: "must be a whole number" });
    limit = Number(limitText);
    if (limit < 1 || limit > MAX_LIMIT) return badParam({ field: "limit", message: `must be between 1 and ${MAX_LIMIT}` });
  }
  let cursor = null;
  if (cursorText !== undefined) {
    const decoded = cursorText.length > 1_000 ? { ok: false as const, message: "is not a cursor this server issued" } : decodeBrowserCursor(cursorText, state.sort);
    if (!decoded.ok) return badParam({ field: "cursor", message: decoded.message });
    cursor = decoded.cursor;
  }
  if (countsText !== undefined && countsText !== "true" && countsText !== "false") return badParam({ field: "counts", message: "must be true or false" });

  const store = getStore();
  // A search covers every stored turn: the writer thread first indexes any turns still pending.
  if (state.filter.q) await catchUpFullTextIndex(store);
  const page = listBrowserPage(store, state, { limit, cursor });
  if (!page.ok) return badParam(page.problem);
  const body: Record<string, unknown> = { rollouts: page.value.rows, nextCursor: page.value.nextCursor };
  if (countsText === "true") {
    const counts = countBrowserOutcomes(store, state.filter);
    if (!counts.ok) return badParam(counts.problem);
    body.counts = counts.value.counted ? counts.value.counts : null;
    if (!counts.value.counted) body.countsNote = counts.value.reason;
  }
  return jsonResponse(body);
}
