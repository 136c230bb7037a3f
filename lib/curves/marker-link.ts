// Where a harness marker's label on a chart leads: the proposal whose acceptance produced the new version,
// else the diff of the two versions, else nowhere (a first version without a parent). Pure, for the charts.
import { harnessComparePath, proposalPath } from "../http/page-links";

export interface MarkerTarget {
  href: string;
  /** What following the link opens, for its title and accessible description. */
  what: string;
}

export function markerTarget(m: { proposalId: string | null; fromVersionId: string | null; toVersionId: string }): MarkerTarget | null {
  if (m.proposalId) return { href: proposalPath(m.proposalId), what: `the proposal ${m.proposalId} behind this change` };
  if (m.fromVersionId) return { href: harnessComparePath(m.fromVersionId, m.toVersionId), what: "the diff of the two harness versions" };
  return null;
}
