// The query of GET /api/v1/curves read strictly, in one place: the settings (curve-settings.ts) and the pass@1
// scopes (pass-at-1-param.ts) from one parse of the address (lib/http/url-state.ts). The first problem is the
// refusal, in this order: pass1, an unknown parameter, a repeated one, a bad value, no run and no pass1. Pure.
import { urlRawOf, unknownUrlParams, type UrlProblem } from "../http/url-state";
import { CURVE_PARAMS, parseCurveSettings, rawFromQueryString, type CurveSettings } from "./curve-settings";
import { parsePass1Param } from "./pass-at-1-param";
import type { Pass1Scope } from "./pass-at-1-types";
import { TRAINING_KEYS } from "./training-series";

export const CURVES_API_PARAMS = [...CURVE_PARAMS, "pass1"] as const;

export type CurvesApiQuery = { ok: true; settings: CurveSettings; pass1: Pass1Scope[] | null } | { ok: false; problem: UrlProblem };

export function parseCurvesApiQuery(search: string): CurvesApiQuery {
  const all = urlRawOf(search);
  const given = all.pass1;
  const pass1 = parsePass1Param(given === undefined ? [] : Array.isArray(given) ? given : [given]);
  if (!pass1.ok) return { ok: false, problem: { field: "pass1", message: pass1.message } };
  const unknown = unknownUrlParams(all, CURVES_API_PARAMS);
  if (unknown.length > 0) return { ok: false, problem: { field: unknown[0], message: `unknown parameter (expected ${CURVES_API_PARAMS.join(", ")})` } };
  const { raw, problems: syntax } = rawFromQueryString(search);
  if (syntax.length > 0) return { ok: false, problem: syntax[0] };
  const { settings, problems } = parseCurveSettings(raw, { runs: [], keys: [...TRAINING_KEYS], smoothing: 0 });
  if (problems.length > 0) return { ok: false, problem: problems[0] };
  if (settings.runs.length === 0 && pass1.scopes === null) return { ok: false, problem: { field: "runs", message: "name at least one run id" } };
  return { ok: true, settings, pass1: pass1.scopes };
}
