// The patches page's own address (with its page and chosen patch), from ids only, each part encoded, and read
// back with the one address parser (lib/http/url-state.ts).
import { experimentPath } from "../http/page-links";
import { parseUrlState, urlPageNumber, urlText, type UrlRaw } from "../http/url-state";

const enc = encodeURIComponent;

/** The patches page; `patch` picks the patch whose code is shown in its packet (default: the best patch). */
export function patchesPath(experimentId: string, opts: { page?: number; patch?: string } = {}): string {
  const params = new URLSearchParams();
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  if (opts.patch) params.set("patch", opts.patch);
  const query = params.toString();
  return `${experimentPath(experimentId)}/patches${query ? `?${query}` : ""}`;
}

export interface PatchesQuery {
  page: number;
  patch?: string;
}

const PATCHES_FIELDS = { page: urlPageNumber, patch: urlText(1024) };

/** The page (1 when absent or bad) and the chosen patch from the page's search params, and what was dropped, named. */
export function readPatchesQuery(params: UrlRaw): { query: PatchesQuery; problems: string[] } {
  const { state, problems } = parseUrlState(params, PATCHES_FIELDS);
  return { query: { page: state.page ?? 1, ...(state.patch !== undefined ? { patch: state.patch } : {}) }, problems };
}
