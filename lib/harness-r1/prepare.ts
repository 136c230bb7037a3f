// Everything the Harness-R1 page derives from the stored data and the URL, in one step (the page draws, the bench
// times it): the ablations the files and cells allow and the one shown, the target models, the compared versions
// and their grid, the versions offered in the form, and every problem with the URL's settings. Per-task results
// are read through `load` for the cells shown only — the chosen ablation and the two compared versions on the
// targets — so the page's cost follows what it draws, not how many versions were evaluated.
import { ablationCandidates, ablationDrops, ablationSets, findAblationPairs, type AblationCandidate, type AblationSet } from "./ablation";
import { generalisationGrid, targetCheckpoints, type GeneralisationGrid } from "./generalisation";
import { selectAblationSet, selectGridVersions } from "./selection";
import { cellKey, checkpointLabel, type CellLoader, type CellRef, type CheckpointInfo, type EvalCell, type VersionFiles } from "./types";
import { parseHarnessR1View, type HarnessR1View } from "./view-params";

export interface HarnessR1Input {
  versions: VersionFiles[];
  checkpoints: CheckpointInfo[];
  cells: CellRef[];
}

export interface HarnessR1Prepared {
  view: HarnessR1View;
  problems: string[];
  /** Every full patch × checkpoint with an evaluated ablation, the default first. */
  candidates: AblationCandidate[];
  /** The one shown, with its bars; null when there is none. */
  ablation: AblationSet | null;
  baseId: string | null;
  patchedId: string | null;
  grid: GeneralisationGrid | null;
  /** Versions evaluated on a target model: the grid's choices. */
  gridVersions: Array<{ id: string; label: string }>;
  versionLabel: (id: string) => string;
  checkpointLabel: (id: string) => string;
}

/** A loader that reads each cell once, however many sections need it. */
function memo(load: CellLoader): CellLoader {
  const seen = new Map<string, EvalCell>();
  return (cells) => {
    const missing = cells.filter((c) => !seen.has(cellKey(c)));
    if (missing.length) for (const cell of load(missing)) seen.set(cellKey(cell), cell);
    return cells.map((c) => seen.get(cellKey(c))).filter((c): c is EvalCell => c !== undefined);
  };
}

export function prepareHarnessR1(data: HarnessR1Input, query: Record<string, string | string[] | undefined>, loadCells: CellLoader): HarnessR1Prepared {
  const load = memo(loadCells);
  const parsed = parseHarnessR1View(query);
  const { view } = parsed;
  const versionLabels = new Map(data.versions.map((v) => [v.id, v.label]));
  const checkpointLabels = new Map(data.checkpoints.map((c) => [c.id, checkpointLabel(c)]));

  const pairs = findAblationPairs(data.versions);
  const candidates = ablationCandidates(pairs, data.cells, data.checkpoints.map((c) => c.id));
  const chosen = selectAblationSet(view, candidates, data.versions, data.checkpoints);
  let ablation: AblationSet | null = null;
  if (chosen.set) {
    const { fullId, checkpointId } = chosen.set;
    const drops = ablationDrops(pairs.filter((p) => p.fullId === fullId), load(chosen.set.cells)).filter((d) => d.checkpointId === checkpointId);
    ablation = ablationSets(drops)[0] ?? null;
  }

  const targets = targetCheckpoints(data.checkpoints, data.cells);
  const selection = selectGridVersions(view, data.versions, data.cells, targets);
  const targetIds = new Set(targets.map((t) => t.id));
  let grid: GeneralisationGrid | null = null;
  if (selection.baseId && selection.patchedId) {
    const compared = new Set([selection.baseId, selection.patchedId]);
    const needed = data.cells.filter((c) => targetIds.has(c.checkpointId) && compared.has(c.versionId));
    grid = generalisationGrid(targets, load(needed), selection.baseId, selection.patchedId);
  }
  const onTargets = new Set(data.cells.filter((c) => targetIds.has(c.checkpointId)).map((c) => c.versionId));

  return {
    view,
    problems: [...parsed.problems, ...chosen.problems, ...selection.problems],
    candidates,
    ablation,
    baseId: selection.baseId,
    patchedId: selection.patchedId,
    grid,
    gridVersions: data.versions.filter((v) => onTargets.has(v.id)).map((v) => ({ id: v.id, label: v.label })),
    versionLabel: (id) => versionLabels.get(id) ?? id,
    checkpointLabel: (id) => checkpointLabels.get(id) ?? id,
  };
}
