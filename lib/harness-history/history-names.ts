// The history page's versions in the one naming (lib/domain/harness-naming.ts), and its main line with
// identical versions shown as one: the incumbent's lineage where consecutive versions holding the same files
// collapse into one step that lists every label those files were recorded under ("H0 = H1", then
// "H1+reproduce_first = H2"), so a version the trainer recorded again under its own label is on the main line.
import { nameHarnessVersions, type HarnessNames } from "../domain/harness-naming";
import { lineageSteps } from "../domain/harness-lineage";
import type { HarnessHistory, HistoryVersion } from "./types";

export function historyNames(history: Pick<HarnessHistory, "versions" | "promotions">): HarnessNames {
  return nameHarnessVersions({
    versions: history.versions.map((v) => ({ id: v.id, label: v.label, createdAt: v.createdAt, seq: v.seq })),
    files: history.versions.flatMap((v) => v.files.map((f) => ({ versionId: v.id, path: f.path, blobHash: f.blobHash, kind: f.kind, hookPosition: f.hookPosition }))),
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
  // The one lineage of every page (lib/domain/harness-lineage.ts), with the history's versions put back in.
  const byId = new Map(versions.map((v) => [v.id, v]));
  return lineageSteps(lineage.map((v) => v.id), names).map((s) => ({
    version: byId.get(s.id)!,
    same: s.ids.flatMap((id) => byId.get(id) ?? []),
    text: s.text,
  }));
}
