// Hook-position ablations found from the stored files, not from labels (a label such as "best − pre_action" is
// a producer's claim; the files are what ran). Version A is "F without position p" when
//   removed:  A's files = F's files minus F's hook files at p (same paths, same content hashes otherwise), or
//   restored: A's files = F's files with its hook files at p replaced by F's parent's hook files at p — the
//             patch's change at p undone where the base already had hooks there.
// A drop is measured where F and A were evaluated on the same checkpoint and benchmark, paired over their shared
// tasks: dᵢ = p̂ᵢ(F) − p̂ᵢ(A), so a positive drop means removing p costs pass@1.
import { HOOK_POSITIONS, type HookPosition } from "../domain/vocabulary";
import { passAt1 } from "../results/pass-at-1";
import { pairedDifference, type PairedDifference } from "./paired-difference";
import { cellKey, type CellKey, type CellRef, type EvalCell, type VersionFile, type VersionFiles } from "./types";

export type AblationKind = "removed" | "restored";

export interface AblationPair {
  fullId: string;
  ablatedId: string;
  position: HookPosition;
  kind: AblationKind;
  /** F's hook files at the position, sorted: what the ablation takes out (or reverts). */
  paths: string[];
}

/** A file set as one comparable string: path and content hash per file, in path order. */
function fileKey(files: Iterable<Pick<VersionFile, "path" | "hash">>): string {
  return [...files]
    .map((f) => `${f.path}\u0000${f.hash}`)
    .sort()
    .join("\u0001");
}

export function findAblationPairs(versions: readonly VersionFiles[]): AblationPair[] {
  const byKey = new Map<string, string[]>();
  for (const v of versions) {
    const key = fileKey(v.files);
    byKey.set(key, [...(byKey.get(key) ?? []), v.id]);
  }
  const byId = new Map(versions.map((v) => [v.id, v]));
  const pairs: AblationPair[] = [];
  const add = (full: VersionFiles, key: string, position: HookPosition, kind: AblationKind, paths: string[]) => {
    for (const ablatedId of byKey.get(key) ?? []) if (ablatedId !== full.id) pairs.push({ fullId: full.id, ablatedId, position, kind, paths });
  };
  for (const full of versions) {
    const fullKey = fileKey(full.files);
    const parent = full.parentId === null ? undefined : byId.get(full.parentId);
    for (const position of HOOK_POSITIONS) {
      const atPosition = full.files.filter((f) => f.hookPosition === position);
      if (atPosition.length === 0) continue;
      const paths = atPosition.map((f) => f.path).sort();
      const rest = full.files.filter((f) => f.hookPosition !== position);
      const removedKey = fileKey(rest);
      add(full, removedKey, position, "removed", paths);
      const parentAtPosition = parent?.files.filter((f) => f.hookPosition === position) ?? [];
      if (parentAtPosition.length === 0) continue;
      const restored = new Map(rest.map((f) => [f.path, f]));
      for (const f of parentAtPosition) restored.set(f.path, f);
      const restoredKey = fileKey(restored.values());
      // Equal to F: the patch left p alone. Equal to "removed": already found.
      if (restoredKey !== fullKey && restoredKey !== removedKey) add(full, restoredKey, position, "restored", paths);
    }
  }
  return pairs;
}

export interface AblationDrop extends AblationPair {
  checkpointId: string;
  benchmark: string;
  /** dᵢ = p̂ᵢ(F) − p̂ᵢ(A) over shared tasks, as fractions. */
  drop: PairedDifference;
  /** pass@1 of each side over all of its tasks (fractions). */
  fullScore: number | null;
  ablatedScore: number | null;
}

export function ablationDrops(pairs: readonly AblationPair[], cells: readonly EvalCell[]): AblationDrop[] {
  const byKey = new Map(cells.map((c) => [cellKey(c), c]));
  const byVersion = new Map<string, EvalCell[]>();
  for (const c of cells) byVersion.set(c.versionId, [...(byVersion.get(c.versionId) ?? []), c]);
  const out: AblationDrop[] = [];
  for (const pair of pairs) {
    for (const full of byVersion.get(pair.fullId) ?? []) {
      const ablated = byKey.get(cellKey({ checkpointId: full.checkpointId, versionId: pair.ablatedId, benchmark: full.benchmark }));
      if (!ablated) continue;
      const drop = pairedDifference(full.tasks, ablated.tasks);
      // No shared task: the two cells measured different things, there is nothing to pair.
      if (drop.n === 0) continue;
      out.push({
        ...pair, checkpointId: full.checkpointId, benchmark: full.benchmark, drop,
        fullScore: passAt1(full.tasks).score, ablatedScore: passAt1(ablated.tasks).score,
      });
    }
  }
  return out;
}

/**
 * The ablations the stored cells allow, before any result is read: per full patch and checkpoint, how many bars
 * (position × benchmark with both cells evaluated) and which cells to read to draw them. Ordered so the first is
 * the default: most bars, then the checkpoint created first (the primary target before unseen ones), then ids.
 */
export interface AblationCandidate {
  fullId: string;
  checkpointId: string;
  size: number;
  cells: CellRef[];
}

export function ablationCandidates(pairs: readonly AblationPair[], cells: readonly CellRef[], checkpointOrder: readonly string[] = []): AblationCandidate[] {
  const byKey = new Map(cells.map((c) => [cellKey(c), c]));
  const byVersion = new Map<string, CellRef[]>();
  for (const c of cells) byVersion.set(c.versionId, [...(byVersion.get(c.versionId) ?? []), c]);
  const groups = new Map<string, { fullId: string; checkpointId: string; bars: Set<string>; cells: Map<string, CellRef> }>();
  for (const pair of pairs) {
    for (const full of byVersion.get(pair.fullId) ?? []) {
      const key: CellKey = { checkpointId: full.checkpointId, versionId: pair.ablatedId, benchmark: full.benchmark };
      const ablated = byKey.get(cellKey(key));
      if (!ablated) continue;
      const id = `${pair.fullId}\u0000${full.checkpointId}`;
      const group = groups.get(id) ?? { fullId: pair.fullId, checkpointId: full.checkpointId, bars: new Set<string>(), cells: new Map<string, CellRef>() };
      groups.set(id, group);
      group.bars.add(`${pair.position}\u0000${full.benchmark}`);
      group.cells.set(cellKey(full), full);
      group.cells.set(cellKey(ablated), ablated);
    }
  }
  const rank = (id: string) => {
    const i = checkpointOrder.indexOf(id);
    return i === -1 ? checkpointOrder.length : i;
  };
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups.values()]
    .map((g) => ({ fullId: g.fullId, checkpointId: g.checkpointId, size: g.bars.size, cells: [...g.cells.values()] }))
    .sort((a, b) => b.size - a.size || rank(a.checkpointId) - rank(b.checkpointId) || byId(a.fullId, b.fullId) || byId(a.checkpointId, b.checkpointId));
}

/** The bars of one environment: one per position, sorted by drop, largest first. */
export interface BenchmarkAblation {
  benchmark: string;
  bars: AblationDrop[];
}

/** Every ablation of one full patch on one checkpoint, per benchmark (benchmarks in name order). */
export interface AblationSet {
  fullId: string;
  checkpointId: string;
  benchmarks: BenchmarkAblation[];
  /** Number of bars over all benchmarks. */
  size: number;
}

/** Of two ablations of the same position, the one shown: undoing the patch (restored) over removing base hooks too, then more tasks. */
function preferred(a: AblationDrop, b: AblationDrop): AblationDrop {
  if (a.kind !== b.kind) return a.kind === "restored" ? a : b;
  if (a.drop.n !== b.drop.n) return a.drop.n > b.drop.n ? a : b;
  return a.ablatedId <= b.ablatedId ? a : b;
}

/** Larger drop first; a drop that could not be computed last; ties in lifecycle order. */
export function byDrop(a: AblationDrop, b: AblationDrop): number {
  const da = a.drop.mean ?? -Infinity;
  const db = b.drop.mean ?? -Infinity;
  if (da !== db) return db - da;
  return HOOK_POSITIONS.indexOf(a.position) - HOOK_POSITIONS.indexOf(b.position);
}

/**
 * Sets ordered so the first is the default: most bars, then most paired tasks, then the checkpoint that comes
 * first in `checkpointOrder` (creation order: the primary target before the unseen ones), then ids.
 */
export function ablationSets(drops: readonly AblationDrop[], checkpointOrder: readonly string[] = []): AblationSet[] {
  const rank = (id: string) => {
    const i = checkpointOrder.indexOf(id);
    return i === -1 ? checkpointOrder.length : i;
  };
  const groups = new Map<string, Map<string, Map<HookPosition, AblationDrop>>>();
  for (const d of drops) {
    const key = `${d.fullId}\u0000${d.checkpointId}`;
    const benchmarks = groups.get(key) ?? new Map<string, Map<HookPosition, AblationDrop>>();
    groups.set(key, benchmarks);
    const positions = benchmarks.get(d.benchmark) ?? new Map<HookPosition, AblationDrop>();
    benchmarks.set(d.benchmark, positions);
    const seen = positions.get(d.position);
    positions.set(d.position, seen ? preferred(seen, d) : d);
  }
  const sets: Array<AblationSet & { tasks: number }> = [];
  for (const [key, benchmarks] of groups) {
    const [fullId, checkpointId] = key.split("\u0000");
    const list = [...benchmarks.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([benchmark, positions]) => ({ benchmark, bars: [...positions.values()].sort(byDrop) }));
    const bars = list.flatMap((b) => b.bars);
    sets.push({ fullId, checkpointId, benchmarks: list, size: bars.length, tasks: bars.reduce((s, b) => s + b.drop.n, 0) });
  }
  const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  sets.sort((a, b) => b.size - a.size || b.tasks - a.tasks || rank(a.checkpointId) - rank(b.checkpointId) || byId(a.fullId, b.fullId) || byId(a.checkpointId, b.checkpointId));
  return sets.map((s) => ({ fullId: s.fullId, checkpointId: s.checkpointId, benchmarks: s.benchmarks, size: s.size }));
}
