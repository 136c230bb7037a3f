// Which versions are the experiment's main line and which were explored and left. An experiment may hold many
// versions (Harness-R1 keeps one per distinct engineer patch, HarnessAdapt-RL one per teacher candidate); the
// history shows the main line open and folds the rest, and offers "H0 against the latest" as its first diff.
import { byCreation, lineage } from "./version-tree";
import type { HistoryPromotion, HistoryVersion } from "./types";

/**
 * Main line: every version that did not come from a proposal (the base, manual and imported versions), and
 * every proposal version that was accepted or promoted at some time. A candidate still pending, or rejected
 * and never promoted, is a side branch.
 */
export function mainlineIds(versions: readonly HistoryVersion[], promotions: readonly HistoryPromotion[]): Set<string> {
  const promoted = new Set(promotions.filter((p) => p.kind === "promote").map((p) => p.harnessVersionId));
  return new Set(
    versions
      .filter((v) => v.origin !== "proposal" || promoted.has(v.id) || v.proposal?.status === "accepted")
      .map((v) => v.id),
  );
}

/** The experiment's starting version: the first marked initial, else the oldest. */
export function initialVersion(versions: readonly HistoryVersion[]): HistoryVersion | null {
  const sorted = [...versions].sort(byCreation);
  return sorted.find((v) => v.origin === "initial") ?? sorted[0] ?? null;
}

/**
 * The default diff, "H0 against the latest": the initial version against the newest main-line version
 * (the newest version of any kind when the main line holds only the initial one). Null with fewer than two.
 */
export function defaultPair(versions: readonly HistoryVersion[], mainline: ReadonlySet<string>): { base: string; candidate: string } | null {
  const base = initialVersion(versions);
  if (!base) return null;
  const newestFirst = [...versions].sort(byCreation).reverse().filter((v) => v.id !== base.id);
  const candidate = newestFirst.find((v) => mainline.has(v.id)) ?? newestFirst[0];
  return candidate ? { base: base.id, candidate: candidate.id } : null;
}

/** The lineage of the incumbent (root → incumbent), the path the history lists first. */
export function incumbentLineage(versions: readonly HistoryVersion[], incumbentId: string | null): HistoryVersion[] {
  return incumbentId === null ? [] : lineage(versions, incumbentId);
}
