// The history page's versions in the one naming (lib/domain/harness-naming.ts), and its main line with
// identical versions shown as one: the incumbent's lineage where consecutive versions holding the same files
// collapse into one step that lists every label those files were recorded under ("H0 = H1", then
// "H1+reproduce_first = H2"), so a version the trainer recorded again under its own label is on the main line.
import { nameHarnessVersions, type HarnessNames } from "../domain/harness-naming";
import { byCreation } from "./version-tree";
import type { HarnessHistory, HistoryVersion } from "./types";

export function historyNames(history: Pick<HarnessHistory, "versions" | "promotions">): HarnessNames {
  return nameHarnessVersions({
    versions: history.versions.map((v) => ({ id: v.id, label: v.label, createdAt: v.createdAt, seq: v.seq })),
    files: history.versions.flatMap((v) => v.files.map((f) => ({ versionId: v.id, path: f.path, blobHash: f.blobHash }))),
    promotions: history.promotions,
  });
}

export interface MainLineStep {
  /** The version the step links to: the lineage's own version. */
  version: HistoryVersion;
  /** Every version holding these files, in creation order (the lineage's own among them). */
  same: HistoryVersion[];
  /** "H0 = H1 = H2": the labels of `same`. */
  text: string;
}

export function mainLineSteps(lineage: readonly HistoryVersion[], versions: readonly HistoryVersion[], names: HarnessNames): MainLineStep[] {
  const groups = new Map<string, HistoryVersion[]>();
  for (const v of [...versions].sort(byCreation)) {
    const rep = names.byId.get(v.id)?.representativeId ?? v.id;
    groups.set(rep, [...(groups.get(rep) ?? []), v]);
  }
  const steps: MainLineStep[] = [];
  let previous: string | null = null;
  for (const v of lineage) {
    const rep = names.byId.get(v.id)?.representativeId ?? v.id;
    if (rep === previous) continue;
    previous = rep;
    const same = groups.get(rep) ?? [v];
    steps.push({ version: v, same, text: [...new Set(same.map((s) => s.label))].join(" = ") });
  }
  return steps;
}
