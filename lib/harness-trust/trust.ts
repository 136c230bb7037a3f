// The trust rule for harness code: a version is "unreviewed" when it came from outside (an ingest or job token,
// or before arrivals were recorded) and no person has approved it. The experiment's own first initial version
// (H0) is exempt: it defines the experiment. Pure: the query layer supplies the facts (db/queries/harness-trust.ts).
import { OUTSIDE_ARRIVALS, type HarnessArrival } from "./arrival";

export interface HarnessTrustFacts {
  arrivedVia: HarnessArrival;
  origin: string;
  /** This version is the first one stored in its experiment. */
  firstInExperiment: boolean;
  /** A reviewer confirmed it at a launch (harness_versions.reviewed_by). */
  reviewedBy: string | null;
  /** A person, signed in to this store, accepted a proposal whose candidate it is. */
  acceptedByPerson: boolean;
}

export function isExperimentH0(facts: Pick<HarnessTrustFacts, "origin" | "firstInExperiment">): boolean {
  return facts.origin === "initial" && facts.firstInExperiment;
}

export function isUnreviewed(facts: HarnessTrustFacts): boolean {
  if (!OUTSIDE_ARRIVALS.has(facts.arrivedVia)) return false;
  if (isExperimentH0(facts)) return false;
  return facts.reviewedBy === null && !facts.acceptedByPerson;
}
