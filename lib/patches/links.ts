// Addresses the patches page builds, from ids only (never a model-provided string), each part encoded.
// Kept here rather than in lib/http/page-links.ts while issue 5's helpers work in parallel; the lead may move them.
import { experimentPath } from "../http/page-links";

const enc = encodeURIComponent;

export const proposalPath = (proposalId: string) => `/proposals/${enc(proposalId)}`;

/** The harness diff page (another helper's): base → candidate, in Monaco. */
export const harnessComparePath = (baseId: string, candidateId: string) =>
  `/harness-versions/compare?base=${enc(baseId)}&candidate=${enc(candidateId)}`;

/** The patches page; `patch` picks the patch whose code is shown in its packet (default: the best patch). */
export function patchesPath(experimentId: string, opts: { page?: number; patch?: string } = {}): string {
  const params = new URLSearchParams();
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  if (opts.patch) params.set("patch", opts.patch);
  const query = params.toString();
  return `${experimentPath(experimentId)}/patches${query ? `?${query}` : ""}`;
}
