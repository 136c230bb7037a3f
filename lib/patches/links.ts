// The patches page's own address (with its page and chosen patch), from ids only, each part encoded.
import { experimentPath } from "../http/page-links";

const enc = encodeURIComponent;

/** The patches page; `patch` picks the patch whose code is shown in its packet (default: the best patch). */
export function patchesPath(experimentId: string, opts: { page?: number; patch?: string } = {}): string {
  const params = new URLSearchParams();
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  if (opts.patch) params.set("patch", opts.patch);
  const query = params.toString();
  return `${experimentPath(experimentId)}/patches${query ? `?${query}` : ""}`;
}
