// The trust rule for harness code: a version is "unreviewed" when it came from outside (an ingest or job token,
// or before arrivals were recorded) and no person has approved it — a reviewer confirming it at a launch, or a
// person signed in to this store accepting the proposal whose candidate it is. No version is exempt for being
// first: an experiment's own H0 sent with a token waits for review like any other (issue 36), while one a
// person, an admin token, a local command or the first start's reference experiment wrote is trusted as it
// arrives (lib/harness-trust/arrival.ts says why). Pure: the query layer supplies the facts
// (db/queries/harness-trust.ts).
import { OUTSIDE_ARRIVALS, type HarnessArrival } from "./arrival";

export interface HarnessTrustFacts {
  arrivedVia: HarnessArrival;
  /** A reviewer confirmed it at a launch (harness_versions.reviewed_by). */
  reviewedBy: string | null;
  /** A person, signed in to this store, accepted a proposal whose candidate it is. */
  acceptedByPerson: boolean;
}

export function isUnreviewed(facts: HarnessTrustFacts): boolean {
  if (!OUTSIDE_ARRIVALS.has(facts.arrivedVia)) return false;
  return facts.reviewedBy === null && !facts.acceptedByPerson;
}
