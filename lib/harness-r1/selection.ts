// Which versions the grid compares and which ablation the charts show, from the URL or by default:
// - base: the root version (no parent), the one labelled H0 first;
// - patched: the version evaluated on the most target checkpoints besides the base (ties: more cells that can be
//   compared with the base, then the earlier version);
// - ablation: the set with the most bars (see ablationCandidates), or the one the URL's full / checkpoint pick.
// An unknown or unusable value is reported as a problem naming the parameter, and the default is shown.
import type { CellKey, CheckpointInfo } from "./types";
import { quoted, type HarnessR1View } from "./view-params";

export interface VersionInfo {
  id: string;
  label: string;
  parentId: string | null;
}

/** Versions in input (creation) order. */
export function defaultBaseVersion(versions: readonly VersionInfo[], cells: readonly CellKey[]): string | null {
  const ids = new Set(versions.map((v) => v.id));
  const roots = versions.filter((v) => v.parentId === null || !ids.has(v.parentId));
  const candidates = roots.length > 0 ? roots : versions;
  const checkpoints = (id: string) => new Set(cells.filter((c) => c.versionId === id).map((c) => c.checkpointId)).size;
  const ranked = candidates
    .map((v, order) => ({ v, order, h0: v.label === "H0" ? 1 : 0, n: checkpoints(v.id) }))
    .sort((a, b) => b.h0 - a.h0 || b.n - a.n || a.order - b.order);
  return ranked[0]?.v.id ?? null;
}

export function defaultPatchedVersion(
  versions: readonly VersionInfo[], cells: readonly CellKey[], baseId: string | null, targets: readonly CheckpointInfo[],
): string | null {
  const targetIds = new Set(targets.map((t) => t.id));
  const baseCells = new Set(cells.filter((c) => c.versionId === baseId).map((c) => `${c.checkpointId}\u0000${c.benchmark}`));
  const ranked = versions
    .filter((v) => v.id !== baseId)
    .map((v, order) => {
      const own = cells.filter((c) => c.versionId === v.id && targetIds.has(c.checkpointId));
      return {
        v, order,
        checkpoints: new Set(own.map((c) => c.checkpointId)).size,
        comparable: own.filter((c) => baseCells.has(`${c.checkpointId}\u0000${c.benchmark}`)).length,
      };
    })
    .filter((r) => r.checkpoints > 0)
    .sort((a, b) => b.checkpoints - a.checkpoints || b.comparable - a.comparable || a.order - b.order);
  return ranked[0]?.v.id ?? null;
}

export interface GridSelection {
  baseId: string | null;
  patchedId: string | null;
  problems: string[];
}

export function selectGridVersions(
  view: HarnessR1View, versions: readonly VersionInfo[], cells: readonly CellKey[], targets: readonly CheckpointInfo[],
): GridSelection {
  const problems: string[] = [];
  const known = (id: string | undefined, key: "base" | "patched") => {
    if (id === undefined) return null;
    if (versions.some((v) => v.id === id)) return id;
    problems.push(`${key}: no harness version ${quoted(id)} in this experiment`);
    return null;
  };
  const baseId = known(view.base, "base") ?? defaultBaseVersion(versions, cells);
  let patchedId = known(view.patched, "patched");
  if (patchedId !== null && patchedId === baseId) {
    problems.push("patched: must differ from base");
    patchedId = null;
  }
  return { baseId, patchedId: patchedId ?? defaultPatchedVersion(versions, cells, baseId, targets), problems };
}

export interface AblationSelection<S> {
  set: S | null;
  problems: string[];
}

/** `sets` in default order (ablationCandidates, ablationSets). */
export function selectAblationSet<S extends { fullId: string; checkpointId: string }>(
  view: HarnessR1View, sets: readonly S[], versions: readonly VersionInfo[], checkpoints: readonly CheckpointInfo[],
): AblationSelection<S> {
  const problems: string[] = [];
  let candidates = [...sets];
  if (view.full !== undefined) {
    const version = versions.find((v) => v.id === view.full);
    const own = candidates.filter((s) => s.fullId === view.full);
    if (!version) problems.push(`full: no harness version ${quoted(view.full)} in this experiment`);
    else if (own.length === 0) problems.push(`full: no one-position ablation of ${quoted(version.label)} was evaluated`);
    else candidates = own;
  }
  if (view.checkpoint !== undefined) {
    const checkpoint = checkpoints.find((c) => c.id === view.checkpoint);
    const own = candidates.filter((s) => s.checkpointId === view.checkpoint);
    if (!checkpoint) problems.push(`checkpoint: no checkpoint ${quoted(view.checkpoint)} in this experiment`);
    else if (own.length === 0) problems.push(`checkpoint: no ablation${view.full !== undefined && problems.length === 0 ? " of that version" : ""} was evaluated on ${quoted(checkpoint.name ?? checkpoint.id)}`);
    else candidates = own;
  }
  return { set: candidates[0] ?? null, problems };
}
