// The harness history's state in the URL: /experiments/{id}/harness?base=…&candidate=…&q=…&expand=all.
// base and candidate pick the diff (the page falls back to "H0 against the latest" for a missing or unknown
// one, and says why), q filters the versions, expand=all unfolds every explored branch. Parsed leniently:
// a bad value is dropped and named, the rest still applies. Pure: the page and the picker share it.
import { harnessHistoryPath } from "../http/page-links";
import { MAX_FILTER_LENGTH } from "./version-filter";
import { parseUrlState, urlMatching, urlText, type UrlField, type UrlRaw } from "../http/url-state";

export interface HistoryQuery {
  base?: string;
  candidate?: string;
  q?: string;
  expand?: "all";
}

type Raw = UrlRaw;

const MAX_ID_LENGTH = 512;

/** The query and, for each value that could not be used, "name: why". */
export function parseHistoryQuery(raw: Raw, knownVersionIds: ReadonlySet<string>): { query: HistoryQuery; problems: string[] } {
  const versionId: UrlField<string> = (id) =>
    id.length > MAX_ID_LENGTH ? { problem: `at most ${MAX_ID_LENGTH} characters` }
      : knownVersionIds.has(id) ? { value: id } : { problem: `no harness version “${id}” in this experiment` };
  const { state, problems } = parseUrlState(raw, {
    base: versionId,
    candidate: versionId,
    q: urlText(MAX_FILTER_LENGTH),
    expand: urlMatching(/^all$/, "must be “all” or absent") as UrlField<"all">,
  }, { trim: true });
  return { query: state, problems };
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
