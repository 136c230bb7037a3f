// A harness version's lineage in the one naming (lib/domain/harness-naming.ts), the same on every page that
// shows one (the history's main line, the overview's incumbent): root first, by parent links, with consecutive
// versions that hold the same files as one step naming every label those files were recorded under —
// "H0 = H1 → H1+refuse_unhelpful_edit = H2". Pure.
import type { HarnessNames } from "./harness-naming";

export interface LineageStep {
  /** The lineage's own version at this step (the one a link lands on). */
  id: string;
  /** Every version holding these files, in creation order (the lineage's own among them). */
  ids: string[];
  /** "H0 = H1": their labels, each once. */
  text: string;
}

/** The ids from the root to `id` by parent links; a cycle or an unknown parent ends the walk. */
export function ancestry(id: string, parentOf: (id: string) => string | null | undefined): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at: string | null | undefined = id; at != null && !seen.has(at); at = parentOf(at)) {
    seen.add(at);
    path.push(at);
  }
  return path.reverse();
}

export function lineageSteps(lineageIds: readonly string[], names: HarnessNames): LineageStep[] {
  // names.byId is in creation order, so each group lists its versions oldest first.
  const groups = new Map<string, string[]>();
  for (const n of names.byId.values()) groups.set(n.representativeId, [...(groups.get(n.representativeId) ?? []), n.id]);
  const steps: LineageStep[] = [];
  let previous: string | null = null;
  for (const id of lineageIds) {
    const rep = names.byId.get(id)?.representativeId ?? id;
    if (rep === previous) continue;
    previous = rep;
    const ids = groups.get(rep) ?? [id];
    steps.push({ id, ids, text: [...new Set(ids.map((v) => names.labelOf(v)))].join(" = ") });
  }
  return steps;
}

/** The whole lineage as one line: "H0 = H1 → H1+refuse_unhelpful_edit = H2". */
export function lineageText(steps: readonly LineageStep[]): string {
  return steps.map((s) => s.text).join(" → ");
}

export interface VersionWithLineage {
  id: string;
  /** Its name in the one naming: "H1+refuse_unhelpful_edit (promoted as incumbent H1)". */
  name: string;
  steps: LineageStep[];
  /** "H0 = H1 → H1+refuse_unhelpful_edit = H2". */
  lineage: string;
}

/** A version's name and lineage, as every page shows them (the history's incumbent and main line, the overview). */
export function versionWithLineage(id: string, parentOf: (id: string) => string | null | undefined, names: HarnessNames): VersionWithLineage {
  const steps = lineageSteps(ancestry(id, parentOf), names);
  return { id, name: names.nameOf(id), steps, lineage: lineageText(steps) };
}
