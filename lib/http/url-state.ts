// The one parser of a page's state in its address (search params → a typed filter): each page declares its
// parameters as fields, and every page reads them the same lenient way — an empty value means "any", a repeated
// one is named ("key: give one value"), a bad one is dropped and named ("key: why"), the rest still applies, so
// the page shows the problems beside what it could use and never answers a bad address with a 500.
// Pure: pages (server) and filter forms (client) share it. The read API's strict twin is parseSearchParams.
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
}

export function parseUrlState<F extends Record<string, UrlField<unknown>>>(raw: UrlRaw, fields: F, options: UrlStateOptions = {}): { state: UrlState<F>; problems: string[] } {
  const state: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    let value = raw[key];
    if (Array.isArray(value)) {
      if (options.repeated !== "first") {
        problems.push(`${key}: give one value`);
        continue;
      }
      value = value[0];
    }
    if (value !== undefined && options.trim) value = value.trim();
    if (value === undefined || value === "") continue;
    const result = field(value);
    if ("value" in result) state[key] = result.value;
    else problems.push(`${key}: ${result.problem}`);
  }
  return { state: state as UrlState<F>, problems };
}

/** Text of at most `max` characters. */
export const urlText = (max: number): UrlField<string> => (v) => (v.length <= max ? { value: v } : { problem: `at most ${max} characters` });

/** A whole number of at most `digits` digits. */
export const urlWholeNumber = (digits: number, problem = "must be a whole number"): UrlField<number> => (v) =>
  new RegExp(`^\\d{1,${digits}}$`).test(v) ? { value: Number(v) } : { problem };

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
