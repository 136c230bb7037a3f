// The trajectory browser's whole state lives in the URL: these are the search parameters, parsed into a typed
// filter and sort, and serialised back in one canonical order, so a copied link reproduces the view and the JSON
// API (/api/v1/rollouts) takes the very same parameters. Each parameter is a field of the one address parser
// (lib/http/url-state.ts). Pure: used by the server page, the route handler and the client component alike —
// hence plain functions, not zod: in the browser bundle zod probes `new Function`, which the page's
// Content-Security-Policy reports as a violation (test/security/client-bundle.test.ts keeps zod out).
import { HOOK_POSITIONS, ROLLOUT_PURPOSES, type HookPosition, type RolloutPurpose } from "../domain/vocabulary";
import { OUTCOMES, type Outcome } from "../domain/outcome";
import { isValueKey } from "../trajectory/trainer-values";
import { parseUrlFields, unknownUrlParams, urlOneOf, urlRawOf, type UrlField, type UrlRaw } from "../http/url-state";

export const SORT_KEYS = ["created", "reward", "turns", "step", "tokens", "cost", "duration"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export const SORT_DIRS = ["desc", "asc"] as const;
export type SortDir = (typeof SORT_DIRS)[number];

export const SORT_LABELS: Record<SortKey, string> = {
  created: "Stored", reward: "Reward", turns: "Turns", step: "Step", tokens: "Tokens", cost: "Cost", duration: "Duration",
};

export interface BrowserFilter {
  experiment?: string;
  run?: string;
  purpose?: RolloutPurpose;
  epoch?: number;
  step?: number;
  harnessVersion?: string;
  checkpoint?: string;
  task?: string;
  benchmark?: string;
  outcome?: Outcome;
  /** The older `success=true|false` of the read API: success alone, or failure and unknown together. */
  success?: boolean;
  exitStatus?: string;
  truncated?: boolean;
  rewardMin?: number;
  rewardMax?: number;
  turnsMin?: number;
  turnsMax?: number;
  /** A hook fired at this lifecycle position somewhere in the rollout. */
  hook?: HookPosition;
  /** Full-text search over what was said and seen in the turns (content, reasoning, observation). */
  q?: string;
  /** A trainer's per-rollout number by its key in the metadata ("advantage", "rewards.accuracy"): shown as a column, only rollouts that have it. */
  value?: string;
  valueMin?: number;
  valueMax?: number;
}

export interface BrowserSort {
  key: SortKey;
  dir: SortDir;
}

export interface BrowserState {
  filter: BrowserFilter;
  sort: BrowserSort;
}

export const DEFAULT_SORT: BrowserSort = { key: "created", dir: "desc" };
export const BROWSER_PAGE_SIZE = 50;
export const MAX_SEARCH_WORDS = 12;
export const MAX_SEARCH_LENGTH = 200;

/** A bad parameter: which one, and why (the route answers 400 with it, the page shows it). */
export interface ParamProblem {
  field: string;
  message: string;
}

// Each parser trims first (a pasted value with a trailing space) and names the first thing wrong.
const Id: UrlField<string> = (raw) => {
  const v = raw.trim();
  if (v === "") return { problem: "must not be empty" };
  return v.length <= 256 ? { value: v } : { problem: "must be at most 256 characters" };
};
const Whole = (max: number): UrlField<number> => (raw) => {
  const v = raw.trim();
  if (!/^\d+$/.test(v)) return { problem: "must be a whole number" };
  const n = Number(v);
  return n <= max ? { value: n } : { problem: `must be at most ${max}` };
};
const Real: UrlField<number> = (raw) => {
  const v = raw.trim();
  if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(v)) return { problem: "must be a number" };
  const n = Number(v);
  return Number.isFinite(n) ? { value: n } : { problem: "must be a finite number" };
};
const Bool: UrlField<boolean> = (raw) => {
  const v = raw.trim();
  return v === "true" || v === "false" ? { value: v === "true" } : { problem: "must be true or false" };
};
const OneOf = <T extends string>(values: readonly T[]): UrlField<T> => (raw) => urlOneOf(values, `must be one of ${values.join(", ")}`)(raw.trim());
// Control characters (NUL above all: SQLite's FTS5 parser ends a quoted string at it) are never search text.
const Search: UrlField<string> = (raw) => {
  const q = raw.trim();
  if (q.length > MAX_SEARCH_LENGTH) return { problem: `must be at most ${MAX_SEARCH_LENGTH} characters` };
  if (/\p{Cc}/u.test(q)) return { problem: "must not contain control characters (NUL, tab, newline, escape and the like)" };
  const words = searchWords(q).length;
  if (words === 0) return { problem: "has no word to search for (letters or digits)" };
  return words <= MAX_SEARCH_WORDS ? { value: q } : { problem: `must have at most ${MAX_SEARCH_WORDS} words` };
};
const ValueKey: UrlField<string> = (raw) => {
  const v = raw.trim();
  return isValueKey(v) ? { value: v } : { problem: "must be a value's key: up to 3 names joined by dots (letters, digits, _ and -), e.g. rewards.accuracy" };
};

/** Every URL parameter, its field in BrowserFilter, its parser and how a person reads it. Order = canonical URL order. */
export const FILTER_PARAMS = [
  { param: "experiment", field: "experiment", parse: Id, label: "experiment" },
  { param: "run", field: "run", parse: Id, label: "run" },
  { param: "purpose", field: "purpose", parse: OneOf(ROLLOUT_PURPOSES), label: "purpose" },
  { param: "epoch", field: "epoch", parse: Whole(1_000_000), label: "epoch" },
  { param: "step", field: "step", parse: Whole(Number.MAX_SAFE_INTEGER), label: "step" },
  { param: "harness_version", field: "harnessVersion", parse: Id, label: "harness version" },
  { param: "checkpoint", field: "checkpoint", parse: Id, label: "checkpoint" },
  { param: "task", field: "task", parse: Id, label: "task" },
  { param: "benchmark", field: "benchmark", parse: Id, label: "benchmark" },
  { param: "outcome", field: "outcome", parse: OneOf(OUTCOMES), label: "outcome" },
  { param: "success", field: "success", parse: Bool, label: "success" },
  { param: "exit_status", field: "exitStatus", parse: Id, label: "exit status" },
  { param: "truncated", field: "truncated", parse: Bool, label: "truncated" },
  { param: "reward_min", field: "rewardMin", parse: Real, label: "reward at least" },
  { param: "reward_max", field: "rewardMax", parse: Real, label: "reward at most" },
  { param: "turns_min", field: "turnsMin", parse: Whole(1_000_000), label: "turns at least" },
  { param: "turns_max", field: "turnsMax", parse: Whole(1_000_000), label: "turns at most" },
  { param: "hook", field: "hook", parse: OneOf(HOOK_POSITIONS), label: "hook fired at" },
  { param: "q", field: "q", parse: Search, label: "search" },
  { param: "value", field: "value", parse: ValueKey, label: "trainer value" },
  { param: "value_min", field: "valueMin", parse: Real, label: "value at least" },
  { param: "value_max", field: "valueMax", parse: Real, label: "value at most" },
] as const satisfies readonly { param: string; field: keyof BrowserFilter; parse: UrlField<unknown>; label: string }[];

export type FilterParam = (typeof FILTER_PARAMS)[number]["param"];
export const STATE_PARAMS: readonly string[] = [...FILTER_PARAMS.map((p) => p.param), "sort", "dir"];

/** The words of a search, as the person typed them (split on white space, only those with a letter or digit). */
export function searchWords(q: string): string[] {
  return q.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
}

/**
 * The FTS5 MATCH expression for a search: every word becomes a quoted phrase (a double quote inside is
 * doubled), joined by spaces, which FTS5 reads as AND. Operators (OR, NOT, NEAR, *, ^, column filters)
 * therefore never reach FTS5 as syntax: `"foo" OR bar*` looks for the words foo, or and bar.
 */
export function ftsMatchExpression(q: string): string {
  return searchWords(q).map((w) => `"${w.replaceAll('"', '""')}"`).join(" ");
}

type ParseResult = { ok: true; state: BrowserState } | { ok: false; problem: ParamProblem };

/** Each parameter as a field of the one address parser (lib/http/url-state.ts). */
const FILTER_FIELDS = Object.fromEntries(FILTER_PARAMS.map((spec) => [spec.param, spec.parse])) as Record<FilterParam, UrlField<unknown>>;
const SORT_FIELDS = { sort: urlOneOf(SORT_KEYS, `must be one of ${SORT_KEYS.join(", ")}`), dir: urlOneOf(SORT_DIRS, "must be asc or desc") };
const REPEATED = "is given more than once";

/** The state of an address, every unusable parameter dropped and named in order (filters, ranges, sort). */
function readBrowserState(params: UrlRaw): { state: BrowserState; problems: ParamProblem[] } {
  // An empty field of the filter form means "no filter", not a bad value.
  const filters = parseUrlFields(params, FILTER_FIELDS, { trim: true, repeatedMessage: REPEATED });
  const filter: Record<string, unknown> = {};
  for (const spec of FILTER_PARAMS) if (filters.state[spec.param] !== undefined) filter[spec.field] = filters.state[spec.param];
  const f = filter as BrowserFilter;
  const problems = [...filters.problems];
  if (f.rewardMin !== undefined && f.rewardMax !== undefined && f.rewardMax < f.rewardMin) {
    problems.push({ field: "reward_max", message: "must be at least reward_min" });
    delete f.rewardMax;
  }
  if (f.turnsMin !== undefined && f.turnsMax !== undefined && f.turnsMax < f.turnsMin) {
    problems.push({ field: "turns_max", message: "must be at least turns_min" });
    delete f.turnsMax;
  }
  if (f.valueMin !== undefined && f.valueMax !== undefined && f.valueMax < f.valueMin) {
    problems.push({ field: "value_max", message: "must be at least value_min" });
    delete f.valueMax;
  }
  for (const [param, field] of [["value_min", "valueMin"], ["value_max", "valueMax"]] as const) {
    if (f[field] !== undefined && f.value === undefined) {
      problems.push({ field: param, message: "needs value, the key of the trainer's value it bounds" });
      delete f[field];
    }
  }
  const sort = parseUrlFields(params, SORT_FIELDS, { repeatedMessage: REPEATED });
  problems.push(...sort.problems);
  return { state: { filter: f, sort: { key: sort.state.sort ?? DEFAULT_SORT.key, dir: sort.state.dir ?? DEFAULT_SORT.dir } }, problems };
}

/**
 * Parses URL parameters (already flattened to one value each): the first problem refuses them. `strict`
 * refuses unknown parameters too (the API); the page ignores them so an old bookmark still opens.
 */
export function parseBrowserParams(params: Record<string, string>, options: { strict?: boolean; extra?: readonly string[] } = {}): ParseResult {
  const { state, problems } = readBrowserState(params);
  if (problems.length) return { ok: false, problem: problems[0] };
  if (options.strict) {
    const unknown = unknownUrlParams(params, [...STATE_PARAMS, ...(options.extra ?? [])]);
    if (unknown.length) return { ok: false, problem: { field: unknown[0], message: "is not a parameter of this endpoint" } };
  }
  return { ok: true, state };
}

/** Next's searchParams (values may repeat) flattened to one value each; a repeated parameter is a problem. */
export function flattenSearchParams(
  params: Record<string, string | string[] | undefined> | URLSearchParams,
): { ok: true; params: Record<string, string> } | { ok: false; problem: ParamProblem } {
  const raw = params instanceof URLSearchParams ? urlRawOf(params) : params;
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) return { ok: false, problem: { field: key, message: REPEATED } };
    flat[key] = value;
  }
  return { ok: true, params: flat };
}

/** A page's searchParams as Next hands them over. */
export type PageParams = UrlRaw;

/**
 * The state a page URL asks for. A bad parameter is dropped (and reported) rather than failing the page,
 * so a hand-edited or old link still shows something.
 */
export function stateFromPageParams(raw: PageParams): { state: BrowserState; problems: ParamProblem[] } {
  return readBrowserState(raw);
}

function paramValue(value: unknown): string {
  return typeof value === "boolean" || typeof value === "number" ? String(value) : (value as string);
}

/** The canonical query string of a state: filters in a fixed order, defaults left out. */
export function browserSearchParams(state: BrowserState): URLSearchParams {
  const out = new URLSearchParams();
  for (const spec of FILTER_PARAMS) {
    const value = state.filter[spec.field];
    if (value !== undefined && value !== "") out.set(spec.param, paramValue(value));
  }
  if (state.sort.key !== DEFAULT_SORT.key || state.sort.dir !== DEFAULT_SORT.dir) {
    out.set("sort", state.sort.key);
    out.set("dir", state.sort.dir);
  }
  return out;
}

/** A link to the browser (or another base path) showing `state`. */
export function browserHref(state: BrowserState, base = "/trajectories"): string {
  const query = browserSearchParams(state).toString();
  return query ? `${base}?${query}` : base;
}

/** The same state with some filters set or cleared (undefined clears). */
export function withFilter(state: BrowserState, patch: Partial<BrowserFilter>): BrowserState {
  const filter: BrowserFilter = { ...state.filter, ...patch };
  for (const key of Object.keys(filter) as (keyof BrowserFilter)[]) if (filter[key] === undefined) delete filter[key];
  // A run, harness version or checkpoint belongs to one experiment: choosing another experiment drops them.
  if ("experiment" in patch && patch.experiment !== state.filter.experiment) {
    delete filter.run;
    delete filter.harnessVersion;
    delete filter.checkpoint;
  }
  return { ...state, filter };
}

/** Clicking a column header: the same column flips its direction, another column starts descending. */
export function toggleSort(state: BrowserState, key: SortKey): BrowserState {
  const dir: SortDir = state.sort.key === key ? (state.sort.dir === "desc" ? "asc" : "desc") : "desc";
  return { ...state, sort: { key, dir } };
}

/** The active filters in canonical order, each as its parameter and how a person reads it ("outcome: failure"). */
export function describeFilters(filter: BrowserFilter): { param: FilterParam; label: string }[] {
  const out: { param: FilterParam; label: string }[] = [];
  for (const spec of FILTER_PARAMS) {
    const value = filter[spec.field];
    if (value === undefined) continue;
    const shown = spec.param === "q" ? `“${String(value)}”` : paramValue(value);
    out.push({ param: spec.param, label: `${spec.label}: ${shown}` });
  }
  return out;
}

/** The filter with one parameter removed (for "remove this filter" and the empty state's diagnosis). */
export function withoutParam(filter: BrowserFilter, param: FilterParam): BrowserFilter {
  const spec = FILTER_PARAMS.find((p) => p.param === param);
  if (!spec) return filter;
  const copy = { ...filter };
  delete copy[spec.field];
  return copy;
}
