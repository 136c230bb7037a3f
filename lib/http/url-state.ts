// The one parser of a page's state in its address (search params → a typed filter): each page declares its
// parameters as fields, and every page reads them the same lenient way — an empty value means "any", a repeated
// one is named ("key: give one value"), a bad one is dropped and named ("key: why"), the rest still applies, so
// the page shows the problems beside what it could use and never answers a bad address with a 500.
// A strict reader (an API route) refuses the first of parseUrlFields' problems and any unknownUrlParams.
// Pure: pages (server) and filter forms (client) share it. The zod-schema twin of the read API is parseSearchParams.
import type { z } from "zod";

export type UrlRaw = Record<string, string | string[] | undefined>;

/** One parameter: its value when usable, or why not (the key is added by the parser). */
export type UrlField<T> = (value: string) => { value: T } | { problem: string };

type ValueOf<F> = F extends UrlField<infer T> ? T : never;
export type UrlState<F extends Record<string, UrlField<unknown>>> = { -readonly [K in keyof F]?: ValueOf<F[K]> };

export interface UrlStateOptions {
  /** Trim values first (a pasted id with a trailing space); a value of spaces is then empty. */
  trim?: boolean;
  /** A repeated parameter: named as a problem (the default), or its first value used. */
  repeated?: "problem" | "first";
  /** How a repeated parameter is named (default "give one value"). */
  repeatedMessage?: string;
}

/** One unusable parameter: its name and why. */
export interface UrlProblem {
  field: string;
  message: string;
}

/** The state and each problem as { field, message }, in the order of `fields` (a strict reader refuses the first). */
export function parseUrlFields<F extends Record<string, UrlField<unknown>>>(raw: UrlRaw, fields: F, options: UrlStateOptions = {}): { state: UrlState<F>; problems: UrlProblem[] } {
  const state: Record<string, unknown> = {};
  const problems: UrlProblem[] = [];
  for (const [key, field] of Object.entries(fields)) {
    let value = raw[key];
    if (Array.isArray(value)) {
      if (options.repeated !== "first") {
        problems.push({ field: key, message: options.repeatedMessage ?? "give one value" });
        continue;
      }
      value = value[0];
    }
    if (value !== undefined && options.trim) value = value.trim();
    if (value === undefined || value === "") continue;
    const result = field(value);
    if ("value" in result) state[key] = result.value;
    else problems.push({ field: key, message: result.problem });
  }
  return { state: state as UrlState<F>, problems };
}

/** The same, each problem as the sentence a page shows ("key: why"). */
export function parseUrlState<F extends Record<string, UrlField<unknown>>>(raw: UrlRaw, fields: F, options: UrlStateOptions = {}): { state: UrlState<F>; problems: string[] } {
  const { state, problems } = parseUrlFields(raw, fields, options);
  return { state, problems: problems.map((p) => `${p.field}: ${p.message}`) };
}

/** A query string or URLSearchParams as UrlRaw: a repeated parameter becomes the list of its values. */
export function urlRawOf(search: string | URLSearchParams): UrlRaw {
  const raw: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const seen = raw[key];
    raw[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return raw;
}

/** The parameters of `raw` that are none of `known` (a strict reader, the API, refuses them). */
export function unknownUrlParams(raw: UrlRaw, known: Iterable<string>): string[] {
  const names = new Set(known);
  return Object.keys(raw).filter((key) => raw[key] !== undefined && !names.has(key));
}

/** Text of at most `max` characters. */
export const urlText = (max: number): UrlField<string> => (v) => (v.length <= max ? { value: v } : { problem: `at most ${max} characters` });

/** A list separated by ",": entries trimmed, empties and repeats dropped, at most `maxEntries` of at most `maxLength` characters. */
export const urlList = (maxEntries: number, maxLength: number): UrlField<string[]> => (v) => {
  const unique = [...new Set(v.split(",").map((e) => e.trim()).filter(Boolean))];
  if (unique.some((e) => e.length > maxLength)) return { problem: `each entry must be at most ${maxLength} characters` };
  if (unique.length > maxEntries) return { problem: `at most ${maxEntries} entries` };
  return { value: unique };
};

/** A whole number of at most `digits` digits. */
export const urlWholeNumber = (digits: number, problem = "must be a whole number"): UrlField<number> => (v) =>
  new RegExp(`^\\d{1,${digits}}$`).test(v) ? { value: Number(v) } : { problem };

/** A page number: a plain positive whole number of at most 7 digits (no sign, spaces or exponent). */
export const urlPageNumber: UrlField<number> = (v) => (/^[1-9]\d{0,6}$/.test(v) ? { value: Number(v) } : { problem: "must be a page number (1, 2, …)" });

/** One of a fixed list of words. */
export const urlOneOf = <T extends string>(values: readonly T[], problem = `one of ${values.join(", ")}`): UrlField<T> => (v) =>
  (values as readonly string[]).includes(v) ? { value: v as T } : { problem };

/** Text matching a pattern. */
export const urlMatching = (pattern: RegExp, problem: string): UrlField<string> => (v) => (pattern.test(v) ? { value: v } : { problem });

/** A parameter the read API already describes with zod: the first issue's message is the problem. */
export const urlZod = <S extends z.ZodType>(schema: S): UrlField<z.output<S>> => (v) => {
  const parsed = schema.safeParse(v);
  return parsed.success ? { value: parsed.data } : { problem: parsed.error.issues[0]?.message ?? "invalid" };
};
