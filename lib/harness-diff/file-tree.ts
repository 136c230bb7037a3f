// The changed files as a folder tree, each folder carrying the +/− totals of what it holds.
import { comparePaths } from "./file-changes";

export interface TreeEntry {
  path: string;
  added: number;
  removed: number;
}

export interface FolderNode<T extends TreeEntry> {
  type: "folder";
  name: string;
  /** The folder's path ("" for the root). */
  path: string;
  added: number;
  removed: number;
  children: TreeNode<T>[];
}

export interface FileNode<T extends TreeEntry> {
  type: "file";
  name: string;
  path: string;
  entry: T;
}

export type TreeNode<T extends TreeEntry> = FolderNode<T> | FileNode<T>;

export function buildFileTree<T extends TreeEntry>(entries: readonly T[]): FolderNode<T> {
  const root: FolderNode<T> = { type: "folder", name: "", path: "", added: 0, removed: 0, children: [] };
  for (const entry of [...entries].sort((a, b) => comparePaths(a.path, b.path))) {
    const parts = entry.path.split("/");
    let folder = root;
    folder.added += entry.added;
    folder.removed += entry.removed;
    for (let i = 0; i < parts.length - 1; i++) {
      const path = parts.slice(0, i + 1).join("/");
      let next = folder.children.find((child): child is FolderNode<T> => child.type === "folder" && child.path === path);
      if (!next) {
        next = { type: "folder", name: parts[i], path, added: 0, removed: 0, children: [] };
        folder.children.push(next);
      }
      next.added += entry.added;
      next.removed += entry.removed;
      folder = next;
    }
    folder.children.push({ type: "file", name: parts[parts.length - 1], path: entry.path, entry });
  }
  return root;
}
