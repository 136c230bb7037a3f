// The harness versions of an experiment as a tree (parent → children, each level in creation order; versions
// with the same files as one node) and the lineage of one version back to its root. A parent that is missing
// from the list (another experiment's version, or not sent) makes its child a root; a parent cycle (impossible
// through the contract, which never changes a stored version, but cheap to refuse) is broken where it closes.
import type { HistoryVersion } from "./types";

export interface VersionNode {
  /** The version that stands for the node: the earliest of `same`. */
  version: HistoryVersion;
  /** Every version the node shows, in creation order: more than one when they hold the same files. */
  same: HistoryVersion[];
  children: VersionNode[];
}

export function byCreation(a: HistoryVersion, b: HistoryVersion): number {
  return a.createdAt - b.createdAt || a.seq - b.seq;
}

/**
 * The tree. With `representativeOf` (the one naming's representativeId), versions holding the same files are
 * one node where their representative stands: identical versions are shown as one, and a version below any of
 * them hangs below that node.
 */
export function buildVersionTree(versions: readonly HistoryVersion[], representativeOf: (id: string) => string = (id) => id): VersionNode[] {
  const sorted = [...versions].sort(byCreation);
  const known = new Set(sorted.map((v) => v.id));
  const groupOf = (id: string) => {
    const rep = representativeOf(id);
    return known.has(rep) ? rep : id;
  };
  const nodes = new Map<string, VersionNode>();
  for (const v of sorted) {
    const key = groupOf(v.id);
    const node = nodes.get(key);
    if (node) node.same.push(v);
    else nodes.set(key, { version: v, same: [v], children: [] });
  }
  for (const [key, node] of nodes) node.version = node.same.find((v) => v.id === key) ?? node.same[0];
  const parentKey = (key: string): string | null => {
    const parentId = nodes.get(key)?.version.parentId ?? null;
    return parentId === null || !known.has(parentId) ? null : groupOf(parentId);
  };
  const roots: VersionNode[] = [];
  for (const [key, node] of nodes) {
    const parent = parentKey(key);
    if (parent !== null && parent !== key && !reachesThrough(parentKey, parent, key)) nodes.get(parent)!.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether walking up from `start` meets `target` (so hanging target below start would close a cycle). */
function reachesThrough(parentOf: (key: string) => string | null, start: string | null, target: string): boolean {
  const seen = new Set<string>();
  for (let key = start; key !== null && !seen.has(key); ) {
    if (key === target) return true;
    seen.add(key);
    key = parentOf(key);
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
