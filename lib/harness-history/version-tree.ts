// The harness versions of an experiment as a tree (parent → children, each level in creation order) and the
// lineage of one version back to its root. A parent that is missing from the list (another experiment's
// version, or not sent) makes its child a root; a parent cycle (impossible through the contract, which never
// changes a stored version, but cheap to refuse) is broken where it closes.
import type { HistoryVersion } from "./types";

export interface VersionNode {
  version: HistoryVersion;
  children: VersionNode[];
}

export function byCreation(a: HistoryVersion, b: HistoryVersion): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

export function buildVersionTree(versions: readonly HistoryVersion[]): VersionNode[] {
  const sorted = [...versions].sort(byCreation);
  const nodes = new Map(sorted.map((v) => [v.id, { version: v, children: [] as VersionNode[] }]));
  const roots: VersionNode[] = [];
  for (const v of sorted) {
    const node = nodes.get(v.id)!;
    const parent = v.parentId === null ? undefined : nodes.get(v.parentId);
    if (parent && !reachesThrough(nodes, v.parentId, v.id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether walking up from `start` meets `target` (so hanging target below start would close a cycle). */
function reachesThrough(nodes: Map<string, VersionNode>, start: string | null, target: string): boolean {
  const seen = new Set<string>();
  for (let id = start; id !== null && !seen.has(id); ) {
    if (id === target) return true;
    seen.add(id);
    id = nodes.get(id)?.version.parentId ?? null;
  }
  return false;
}

/** The versions from the root down to `id` (inclusive); empty when `id` is not in the list. */
export function lineage(versions: readonly HistoryVersion[], id: string): HistoryVersion[] {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const path: HistoryVersion[] = [];
  const seen = new Set<string>();
  for (let v = byId.get(id); v && !seen.has(v.id); v = v.parentId === null ? undefined : byId.get(v.parentId)) {
    seen.add(v.id);
    path.push(v);
  }
  return path.reverse();
}

/** Every version below `id` in the tree, not counting itself. */
export function countDescendants(node: VersionNode): number {
  return node.children.reduce((n, child) => n + 1 + countDescendants(child), 0);
}
