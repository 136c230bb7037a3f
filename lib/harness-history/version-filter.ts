// The history's filter box: which versions match a few words, and which to show so each match keeps its
// place in the tree (its ancestors stay visible, greyed by the page). Pure.
import type { HistoryPromotion, HistoryVersion } from "./types";

export const MAX_FILTER_LENGTH = 200;

/** Words in label, id, description, the proposal's title and status, file paths and hook positions. */
function haystack(v: HistoryVersion, promotions: readonly HistoryPromotion[]): string {
  const promotedAs = promotions.filter((p) => p.harnessVersionId === v.id).map((p) => p.label);
  return [
    v.label, v.id, v.origin, v.description ?? "", v.proposal?.title ?? "", v.proposal?.status ?? "",
    ...v.files.map((f) => f.path), ...v.files.map((f) => f.hookPosition ?? ""), ...promotedAs,
  ].join("\n").toLowerCase();
}

/** Ids of the versions holding every word of `query` (case-insensitive); all of them for a blank query. */
export function matchVersions(versions: readonly HistoryVersion[], promotions: readonly HistoryPromotion[], query: string): Set<string> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return new Set(versions.filter((v) => words.every((w) => haystack(v, promotions).includes(w))).map((v) => v.id));
}

/** The matches and every ancestor of a match. */
export function withAncestors(versions: readonly HistoryVersion[], matched: ReadonlySet<string>): Set<string> {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const shown = new Set<string>();
  for (const id of matched) {
    for (let v = byId.get(id); v && !shown.has(v.id); v = v.parentId === null ? undefined : byId.get(v.parentId)) shown.add(v.id);
  }
  return shown;
}
