// The harness history's state in the URL: /experiments/{id}/harness?base=…&candidate=…&q=…&expand=all.
// base and candidate pick the diff (the page falls back to "H0 against the latest" for a missing or unknown
// one, and says why), q filters the versions, expand=all unfolds every explored branch. Parsed leniently:
// a bad value is dropped and named, the rest still applies. Pure: the page and the picker share it.
import { harnessHistoryPath } from "../http/page-links";
import { MAX_FILTER_LENGTH } from "./version-filter";

export interface HistoryQuery {
  base?: string;
  candidate?: string;
  q?: string;
  expand?: "all";
}

type Raw = Record<string, string | string[] | undefined>;

const MAX_ID_LENGTH = 512;

/** The query and, for each value that could not be used, "name: why". */
export function parseHistoryQuery(raw: Raw, knownVersionIds: ReadonlySet<string>): { query: HistoryQuery; problems: string[] } {
  const query: HistoryQuery = {};
  const problems: string[] = [];
  const one = (key: string): string | undefined => {
    const value = raw[key];
    if (Array.isArray(value)) {
      problems.push(`${key}: give one value`);
      return undefined;
    }
    return value === undefined || value.trim() === "" ? undefined : value.trim();
  };
  for (const side of ["base", "candidate"] as const) {
    const id = one(side);
    if (id === undefined) continue;
    if (id.length > MAX_ID_LENGTH) problems.push(`${side}: at most ${MAX_ID_LENGTH} characters`);
    else if (!knownVersionIds.has(id)) problems.push(`${side}: no harness version “${id}” in this experiment`);
    else query[side] = id;
  }
  const q = one("q");
  if (q !== undefined) {
    if (q.length > MAX_FILTER_LENGTH) problems.push(`q: at most ${MAX_FILTER_LENGTH} characters`);
    else query.q = q;
  }
  const expand = one("expand");
  if (expand !== undefined) {
    if (expand === "all") query.expand = "all";
    else problems.push("expand: must be “all” or absent");
  }
  return { query, problems };
}

/** The page's address for a state, parameters in one canonical order. */
export function historyHref(experimentId: string, query: HistoryQuery, hash?: string): string {
  const params: string[] = [];
  if (query.base) params.push(`base=${encodeURIComponent(query.base)}`);
  if (query.candidate) params.push(`candidate=${encodeURIComponent(query.candidate)}`);
  if (query.q) params.push(`q=${encodeURIComponent(query.q)}`);
  if (query.expand) params.push(`expand=${query.expand}`);
  return `${harnessHistoryPath(experimentId)}${params.length ? `?${params.join("&")}` : ""}${hash ? `#${hash}` : ""}`;
}

/** An element id for a version's entry in the tree (ids may hold ":", "/", spaces). */
export function versionAnchor(versionId: string): string {
  return `version-${versionId.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;
}
