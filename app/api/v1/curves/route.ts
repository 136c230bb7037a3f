// GET /api/v1/curves?runs=a,b&keys=k1,k2&x=step|epoch|time&points=N&smoothing=β: training curves of one or
// more runs, each series smoothed (bias-corrected EMA over the full series) and reduced on the server to at
// most N points keeping every bucket's min and max; `reduced` and `originalCount` say when and from how many.
// Keys: the training rates train:trainable_rate, train:pass_rate, train:mixed_group_ratio,
// train:truncation_rate, train:mean_reward (the default) and any metric key a trainer sent.
// &pass1=run:<id>,experiment:<id> adds the pass@1 curves of those scopes under `pass1` (then runs may be left
// out): per harness version × benchmark and their average, each point the matrix cell with its 95 % interval
// over tasks, or the trainer's pass@1 metrics where there are no per-task results (db/queries/pass-at-1-curves.ts).
import { getStore } from "@/db/client";
import { getCurves } from "@/db/queries/curves";
import { authenticateRequest, authErrorResponse } from "@/lib/services/auth/request-auth";
import { mayReadExperiment, mayReadRecord } from "@/lib/services/auth/read-scope";
import { getPass1Curves, scopeExperiment } from "@/db/queries/pass-at-1-curves";
import type { CurvesResponse } from "@/lib/curves/types";
import { parseCurvesApiQuery } from "@/lib/curves/curves-api-query";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { refuseNotFound, refuseParameter } from "@/lib/http/refusal";

export const dynamic = "force-dynamic";

const badParameter = (parameter: string, message: string) => refusalResponse(refuseParameter(parameter, message).refusal);
const notFound = (error: string, field: "runs" | "pass1") => refusalResponse(refuseNotFound(error, field).refusal);

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const query = parseCurvesApiQuery(new URL(request.url).search);
  if (!query.ok) return badParameter(query.problem.field, query.problem.message);
  const { settings, pass1: scopes } = query;
  const store = getStore();
  // A run outside the caller's experiment answers as an unknown one.
  const foreign = settings.runs.find((run) => !mayReadRecord(store, auth.principal, "runs", run));
  if (foreign !== undefined) return notFound(`run "${foreign}" not found`, "runs");
  // So does a pass@1 scope: a run or experiment the caller may not read is reported exactly as a missing one.
  for (const scope of scopes ?? []) {
    const readable = scope.kind === "run"
      ? mayReadRecord(store, auth.principal, "runs", scope.id) && scopeExperiment(store, scope) !== null
      : mayReadExperiment(auth.principal, scope.id) && scopeExperiment(store, scope) !== null;
    if (!readable) return notFound(`${scope.kind} "${scope.id}" not found`, "pass1");
  }
  let data: CurvesResponse = { x: settings.x, points: settings.points, smoothing: settings.smoothing, runs: [], series: [], markers: [] };
  if (settings.runs.length > 0) {
    const result = getCurves(store, settings);
    if (!result.ok) return notFound(`run "${result.unknownRun}" not found`, "runs");
    data = result.data;
  }
  if (scopes !== null) {
    const curves = getPass1Curves(store, scopes, settings.x);
    if (!curves.ok) return notFound(`${curves.unknown.kind} "${curves.unknown.id}" not found`, "pass1");
    data = { ...data, pass1: curves.data };
  }
  return jsonResponse(data);
}
