// Everything the harness history page draws, prepared from the stored history and the URL state in one pure
// step (prepare, then draw): the tree, the main line, the incumbent's lineage, which versions the filter
// shows, the pair the diff compares (the URL's, else "H0 against the latest"), the picker's choices and the
// timeline table.
import type { TableData } from "../tables/table-data";
import type { HarnessNames } from "../domain/harness-naming";
import { historyNames, mainLineSteps, type MainLineStep } from "./history-names";
import { historyTable } from "./history-table";
import type { HistoryQuery } from "./history-query";
import { defaultPair, incumbentLineage, mainlineIds } from "./mainline";
import { byCreation, buildVersionTree, type VersionNode } from "./version-tree";
import { matchVersions, withAncestors } from "./version-filter";
import type { HarnessHistory, HistoryVersion } from "./types";

export interface HistoryView {
  /** The tree, versions with the same files as one node. */
  roots: VersionNode[];
  mainline: Set<string>;
  lineage: HistoryVersion[];
  matched: Set<string>;
  shown: Set<string>;
  /** For each version whose files an earlier version holds: that version (the one naming's "same files as"). */
  sameAs: Map<string, string>;
  labelOf: Map<string, string>;
  names: HarnessNames;
  /** The incumbent's lineage with identical versions as one step. */
  mainLine: MainLineStep[];
  /** The diff's two versions; null with fewer than two versions. `isDefault` when the URL chose neither. */
  pair: { base: HistoryVersion; candidate: HistoryVersion; isDefault: boolean } | null;
  /** "H0 against the latest", offered as a link when another pair is shown. */
  latestPair: { base: HistoryVersion; candidate: HistoryVersion } | null;
  options: Array<{ id: string; text: string; mainline: boolean }>;
  table: TableData;
}

export function prepareHistoryView(history: HarnessHistory, query: HistoryQuery): HistoryView {
  const byId = new Map(history.versions.map((v) => [v.id, v]));
  const mainline = mainlineIds(history.versions, history.promotions);
  const matched = query.q ? matchVersions(history.versions, history.promotions, query.q) : new Set(byId.keys());
  const shown = query.q ? withAncestors(history.versions, matched) : new Set(byId.keys());
  const names = historyNames(history);
  const sameAs = new Map([...names.byId.values()].flatMap((n) => (n.sameFilesAs ? [[n.id, n.sameFilesAs.id] as const] : [])));
  const lineage = incumbentLineage(history.versions, history.incumbent?.harnessVersionId ?? null);
  const fallback = defaultPair(history.versions, mainline);
  const latestPair = fallback ? { base: byId.get(fallback.base)!, candidate: byId.get(fallback.candidate)! } : null;

  let pair: HistoryView["pair"] = null;
  const base = query.base ?? fallback?.base;
  const candidate = query.candidate ?? fallback?.candidate;
  if (base !== undefined && candidate !== undefined) {
    pair = { base: byId.get(base)!, candidate: byId.get(candidate)!, isDefault: !query.base && !query.candidate };
  }

  const options = [...history.versions].sort(byCreation).map((v) => ({
    id: v.id,
    text: `${v.label}${v.proposal ? ` — ${v.proposal.status}` : ` — ${v.origin}`}`,
    mainline: mainline.has(v.id),
  }));

  return {
    roots: buildVersionTree(history.versions, (id) => names.byId.get(id)?.representativeId ?? id),
    mainline,
    lineage,
    mainLine: mainLineSteps(lineage, history.versions, names),
    matched,
    shown,
    sameAs,
    labelOf: new Map(history.versions.map((v) => [v.id, v.label])),
    names,
    pair,
    latestPair,
    options,
    table: historyTable(history, shown, sameAs, names),
  };
}
