// What a page hands <RunCurves>: the default series for its runs and the curves of the settings its address
// asks for, rendered on the server so the charts draw without waiting for a fetch. Server only.
import "server-only";
import type { Store } from "../client";
import { getCurves, listMetricKeys } from "./curves";
import { countTrainRollouts } from "./train-step-rates";
import { curvesApiPath, parseViewSettings, rawFromParams } from "../../lib/curves/curve-settings";
import { defaultCurveKeys } from "../../lib/curves/default-keys";
import { curvesForPage } from "../../lib/curves/page-payload";
import type { CurvesResponse } from "../../lib/curves/types";

export type PageSearchParams = Record<string, string | string[] | undefined>;

export interface CurvesView {
  defaultKeys: string[];
  initial?: { path: string; data: CurvesResponse };
}

export function prepareCurvesView(
  store: Store,
  input: { runIds: string[]; searchParams: PageSearchParams; prefix?: string; knownRuns?: string[] | null; defaultKeys?: string[] },
): CurvesView {
  const defaultKeys = input.defaultKeys ?? defaultCurveKeys(input.runIds.map((id) => ({ trainRollouts: countTrainRollouts(store, id), metricKeys: listMetricKeys(store, id) })));
  // A repeated parameter arrives as an array; the client's useSearchParams().get reads the first, so do we.
  const get = (name: string) => {
    const v = input.searchParams[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const { settings } = parseViewSettings(rawFromParams(get, input.prefix ?? ""), { runs: input.runIds, keys: defaultKeys }, input.knownRuns ?? null);
  if (settings.runs.length === 0 || settings.keys.length === 0) return { defaultKeys };
  const result = getCurves(store, settings);
  // Rounded to what the page shows (page-payload.ts): the chart's props are written into the HTML.
  return result.ok ? { defaultKeys, initial: { path: curvesApiPath(settings), data: curvesForPage(result.data) } } : { defaultKeys };
}
