// Everything the Harness-R1 page derives from the stored data and the URL, in one pure step (the page draws,
// the bench times it): the ablation sets and the chosen one, the target models, the compared versions and their
// grid, the versions offered in the form, and every problem with the URL's settings.
import { ablationDrops, ablationSets, findAblationPairs, type AblationSet } from "./ablation";
import { generalisationGrid, targetCheckpoints, type GeneralisationGrid } from "./generalisation";
import { selectAblationSet, selectGridVersions } from "./selection";
import { checkpointLabel, type CheckpointInfo, type EvalCell, type VersionFiles } from "./types";
import { parseHarnessR1View, type HarnessR1View } from "./view-params";

export interface HarnessR1Input {
  versions: VersionFiles[];
  checkpoints: CheckpointInfo[];
  cells: EvalCell[];
}

export interface HarnessR1Prepared {
  view: HarnessR1View;
  problems: string[];
  sets: AblationSet[];
  ablation: AblationSet | null;
  baseId: string | null;
  patchedId: string | null;
  grid: GeneralisationGrid | null;
  /** Versions evaluated on a target model: the grid's choices. */
  gridVersions: Array<{ id: string; label: string }>;
  versionLabel: (id: string) => string;
  checkpointLabel: (id: string) => string;
}

export function prepareHarnessR1(data: HarnessR1Input, query: Record<string, string | string[] | undefined>): HarnessR1Prepared {
  const parsed = parseHarnessR1View(query);
  const { view } = parsed;
  const versionLabels = new Map(data.versions.map((v) => [v.id, v.label]));
  const checkpointLabels = new Map(data.checkpoints.map((c) => [c.id, checkpointLabel(c)]));

  const sets = ablationSets(ablationDrops(findAblationPairs(data.versions), data.cells), data.checkpoints.map((c) => c.id));
  const ablation = selectAblationSet(view, sets, data.versions, data.checkpoints);

  const targets = targetCheckpoints(data.checkpoints, data.cells);
  const selection = selectGridVersions(view, data.versions, data.cells, targets);
  const grid = selection.baseId && selection.patchedId ? generalisationGrid(targets, data.cells, selection.baseId, selection.patchedId) : null;
  const targetIds = new Set(targets.map((t) => t.id));
  const onTargets = new Set(data.cells.filter((c) => targetIds.has(c.checkpointId)).map((c) => c.versionId));

  return {
    view,
    problems: [...parsed.problems, ...ablation.problems, ...selection.problems],
    sets,
    ablation: ablation.set,
    baseId: selection.baseId,
    patchedId: selection.patchedId,
    grid,
    gridVersions: data.versions.filter((v) => onTargets.has(v.id)).map((v) => ({ id: v.id, label: v.label })),
    versionLabel: (id) => versionLabels.get(id) ?? id,
    checkpointLabel: (id) => checkpointLabels.get(id) ?? id,
  };
}
