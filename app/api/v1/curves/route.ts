// GET /api/v1/curves?runs=a,b&keys=k1,k2&x=step|epoch|time&points=N&smoothing=β: training curves of one or
// more runs, each series smoothed (bias-corrected EMA over the full series) and reduced on the server to at
// most N points keeping every bucket's min and max; `reduced` and `originalCount` say when and from how many.
// Keys: the training rates train:trainable_rate, train:pass_rate, train:mixed_group_ratio,
// train:truncation_rate, train:mean_reward (the default) and any metric key a trainer sent.
import { getStore } from "@/db/client";
import { getCurves } from "@/db/queries/curves";
import { authenticateRequest, authErrorResponse } from "@/lib/auth/request-auth";
import { mayReadRecord } from "@/lib/auth/read-scope";
import { parseCurveSettings, rawFromQueryString } from "@/lib/curves/curve-settings";
import { TRAINING_KEYS } from "@/lib/curves/training-series";
import { errorResponse, jsonResponse } from "@/lib/http/json-response";

export const dynamic = "force-dynamic";

const badParameter = (parameter: string, message: string) =>
  errorResponse(400, `query parameter "${parameter}": ${message}`, { field: parameter, errors: [{ parameter, message }] });

export async function GET(request: Request): Promise<Response> {
  const auth = await authenticateRequest(request, "read");
  if (!auth.ok) return authErrorResponse(auth);
  const { raw, unknown, problems: syntax } = rawFromQueryString(new URL(request.url).search);
  if (unknown.length > 0) return badParameter(unknown[0], "unknown parameter (expected runs, keys, x, points, smoothing)");
  if (syntax.length > 0) return badParameter(syntax[0].field, syntax[0].message);
  const { settings, problems } = parseCurveSettings(raw, { runs: [], keys: [...TRAINING_KEYS], smoothing: 0 });
  if (problems.length > 0) return badParameter(problems[0].field, problems[0].message);
  if (settings.runs.length === 0) return badParameter("runs", "name at least one run id");
  const store = getStore();
  // A run outside the caller's experiment answers as an unknown one.
  const foreign = settings.runs.find((run) => !mayReadRecord(store, auth.principal, "runs", run));
  if (foreign !== undefined) return errorResponse(404, `run "${foreign}" not found`, { field: "runs" });
  const result = getCurves(store, settings);
  if (!result.ok) return errorResponse(404, `run "${result.unknownRun}" not found`, { field: "runs" });
  return jsonResponse(result.data);
}
