// The settings of a curves view (runs, keys, x axis, smoothing, points) as they live in a query string, one
// parser for the JSON route (strict: a problem is a 400 naming the parameter), the pages and the chart's
// controls (lenient: a bad value is dropped, named in a note, and its default used). The values are fields of
// the one address parser (lib/http/url-state.ts). Pure.
import { parseUrlFields, unknownUrlParams, urlList, urlOneOf, urlRawOf, type UrlField } from "../http/url-state";
import { X_AXES, type XAxis } from "./x-axis";

export const CURVE_LIMITS = {
  runs: 20,
  keys: 20,
  idLength: 256,
  minPoints: 16,
  maxPoints: 10_000,
  defaultPoints: 2_000,
  maxSmoothing: 0.99,
} as const;

export const DEFAULT_SMOOTHING = 0.6;

/**
 * Points per series a chart asks for when the address does not say: 2,000 for up to four runs, then an
 * overlay shares about 8,000 per chart (a chart ~600 px wide cannot show more; every bucket still keeps its
 * min and max), never below 400.
 */
export function viewDefaultPoints(runCount: number): number {
  return Math.max(400, Math.min(CURVE_LIMITS.defaultPoints, Math.floor(8_000 / Math.max(1, runCount) / 100) * 100));
}

export interface CurveSettings {
  runs: string[];
  keys: string[];
  x: XAxis;
  points: number;
  smoothing: number;
}

/** The query as lists (already split) and single values. */
export interface RawCurveQuery {
  runs?: string[];
  keys?: string[];
  x?: string;
  points?: string;
  smoothing?: string;
}

export interface SettingProblem {
  field: keyof CurveSettings;
  message: string;
}

/** Each setting as a field of the one address parser (lib/http/url-state.ts); lists are split on ",". */
export const CURVE_FIELDS = {
  runs: urlList(CURVE_LIMITS.runs, CURVE_LIMITS.idLength),
  keys: urlList(CURVE_LIMITS.keys, CURVE_LIMITS.idLength),
  x: urlOneOf(X_AXES, `must be one of ${X_AXES.join(", ")}`),
  points: ((v) => {
    if (!/^\d{1,9}$/.test(v)) return { problem: "must be a whole number" };
    const n = Number(v);
    return n < CURVE_LIMITS.minPoints || n > CURVE_LIMITS.maxPoints ? { problem: `must be from ${CURVE_LIMITS.minPoints} to ${CURVE_LIMITS.maxPoints}` } : { value: n };
  }) satisfies UrlField<number>,
  smoothing: ((v) => {
    const n = /^(\d+(\.\d*)?|\.\d+)$/.test(v) ? Number(v) : NaN;
    return Number.isNaN(n) || n > CURVE_LIMITS.maxSmoothing ? { problem: `must be a number from 0 to ${CURVE_LIMITS.maxSmoothing}` } : { value: n };
  }) satisfies UrlField<number>,
};

export const CURVE_PARAMS = Object.keys(CURVE_FIELDS) as (keyof CurveSettings)[];

/**
 * Settings from a query, each missing or bad value replaced by its default; `problems` names what was refused.
 * `defaults.runs` / `defaults.keys` apply when the query names none.
 */
export function parseCurveSettings(
  raw: RawCurveQuery,
  defaults: { runs: string[]; keys: string[]; x?: XAxis; smoothing?: number },
): { settings: CurveSettings; problems: SettingProblem[] } {
  const { state, problems } = parseUrlFields({ ...raw, runs: raw.runs?.join(","), keys: raw.keys?.join(",") }, CURVE_FIELDS);
  // A page may offer more runs than one chart overlays: the defaults are cut to the limits too.
  const settings: CurveSettings = {
    runs: state.runs?.length ? state.runs : defaults.runs.slice(0, CURVE_LIMITS.runs),
    keys: state.keys?.length ? state.keys : defaults.keys.slice(0, CURVE_LIMITS.keys),
    x: state.x ?? defaults.x ?? "step",
    points: state.points ?? CURVE_LIMITS.defaultPoints,
    smoothing: state.smoothing ?? defaults.smoothing ?? DEFAULT_SMOOTHING,
  };
  return { settings, problems: problems as SettingProblem[] };
}

/**
 * The settings of a view that offers only `knownRuns` (null: any run): run ids outside them are dropped and
 * named, rather than failing the whole chart with a 404; when none is left, the default runs are drawn. The
 * points per series default to viewDefaultPoints for the number of runs.
 */
export function parseViewSettings(
  raw: RawCurveQuery,
  defaults: { runs: string[]; keys: string[]; x?: XAxis; smoothing?: number },
  knownRuns: readonly string[] | null,
): { settings: CurveSettings; problems: SettingProblem[] } {
  const parsed = parseCurveSettings(raw, defaults);
  const withPoints = (settings: CurveSettings): CurveSettings =>
    raw.points === undefined || raw.points === "" || parsed.problems.some((p) => p.field === "points")
      ? { ...settings, points: viewDefaultPoints(settings.runs.length) }
      : settings;
  const unknown = knownRuns ? parsed.settings.runs.filter((r) => !knownRuns.includes(r)) : [];
  if (!knownRuns || unknown.length === 0) return { settings: withPoints(parsed.settings), problems: parsed.problems };
  const known = parsed.settings.runs.filter((r) => knownRuns.includes(r));
  return {
    settings: withPoints({ ...parsed.settings, runs: known.length > 0 ? known : defaults.runs.filter((r) => knownRuns.includes(r)) }),
    problems: [...parsed.problems, { field: "runs", message: `no such run to draw: ${unknown.map((r) => `"${r}"`).join(", ")}` }],
  };
}

const splitDecoded = (value: string | undefined) => (value === undefined ? undefined : value.split(","));

/** From decoded values (a page's searchParams, useSearchParams): lists split on ",". */
export function rawFromParams(get: (name: string) => string | undefined, prefix = ""): RawCurveQuery {
  return {
    runs: splitDecoded(get(`${prefix}runs`)),
    keys: splitDecoded(get(`${prefix}keys`)),
    x: get(`${prefix}x`),
    points: get(`${prefix}points`),
    smoothing: get(`${prefix}smoothing`),
  };
}

/**
 * From a request's query string (the JSON route): unknown and repeated parameters are problems. Lists are split
 * on "," after decoding — Next re-encodes a request's query before the route sees it, so a literal comma and
 * %2C cannot be told apart there; an id or key holding a comma cannot be named in a list.
 */
export function rawFromQueryString(search: string): { raw: RawCurveQuery; unknown: string[]; problems: SettingProblem[] } {
  const all = urlRawOf(search);
  const asText = Object.fromEntries(CURVE_PARAMS.map((name) => [name, (v: string) => ({ value: v })])) as Record<keyof CurveSettings, UrlField<string>>;
  const { state, problems } = parseUrlFields(all, asText, { repeatedMessage: "give it once" });
  const raw: RawCurveQuery = { ...state, runs: state.runs?.split(","), keys: state.keys?.split(",") };
  return { raw, unknown: unknownUrlParams(all, CURVE_PARAMS), problems: problems as SettingProblem[] };
}

const enc = encodeURIComponent;

/** The API address for settings. */
export function curvesApiPath(s: CurveSettings): string {
  return `/api/v1/curves?runs=${s.runs.map(enc).join(",")}&keys=${s.keys.map(enc).join(",")}&x=${s.x}&points=${s.points}&smoothing=${s.smoothing}`;
}

/**
 * The page's query parameters for a view's settings (parseViewSettings reads them back), leaving out what
 * equals the defaults, so the plain address stays plain; `others` are the page's own parameters, kept.
 */
export function curveSettingsSearch(
  s: CurveSettings,
  defaults: { runs: string[]; keys: string[]; x?: XAxis; smoothing?: number },
  prefix = "",
  others: Array<[string, string]> = [],
): string {
  const mine = new Set(["runs", "keys", "x", "points", "smoothing"].map((n) => `${prefix}${n}`));
  const parts = others.filter(([name]) => !mine.has(name)).map(([name, value]) => `${enc(name)}=${enc(value)}`);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  if (!same(s.runs, defaults.runs)) parts.push(`${prefix}runs=${s.runs.map(enc).join(",")}`);
  if (!same(s.keys, defaults.keys)) parts.push(`${prefix}keys=${s.keys.map(enc).join(",")}`);
  if (s.x !== (defaults.x ?? "step")) parts.push(`${prefix}x=${s.x}`);
  if (s.smoothing !== (defaults.smoothing ?? DEFAULT_SMOOTHING)) parts.push(`${prefix}smoothing=${s.smoothing}`);
  if (s.points !== viewDefaultPoints(s.runs.length)) parts.push(`${prefix}points=${s.points}`);
  return parts.length ? `?${parts.join("&")}` : "";
}
