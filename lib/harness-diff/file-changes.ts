// Which files changed between two harness versions, and how: the data behind the harness diff's file tree.
// Pure: the query layer supplies both versions' files, the components render the result.
import type { HookPosition } from "../domain/vocabulary";
import { FILE_KINDS } from "../domain/vocabulary";
import { countLineChanges } from "./line-diff";
import { languageForPath } from "./language";

export type FileKind = (typeof FILE_KINDS)[number];

export interface HarnessFileInput {
  path: string;
  kind: FileKind;
  /** The lifecycle position, for hooks only. */
  hookPosition: HookPosition | null;
  content: string;
}

export type FileChangeStatus = "added" | "removed" | "modified" | "unchanged";

export interface FileChange {
  path: string;
  status: FileChangeStatus;
  /** The file's kind and hook position in the candidate (in the base for a removed file). */
  kind: FileKind;
  hookPosition: HookPosition | null;
  /** Set when a file kept its path but changed kind or lifecycle position: a moved hook is a change too. */
  previous: { kind: FileKind; hookPosition: HookPosition | null } | null;
  added: number;
  removed: number;
  /** false when the line counts are an estimate (a very large rewrite, see line-diff.ts). */
  exact: boolean;
  language: string;
  /** The base's content ("" for an added file) and the candidate's ("" for a removed file). */
  original: string;
  modified: string;
}

export interface ChangeSummary {
  added: number;
  removed: number;
  modified: number;
  unchanged: number;
  linesAdded: number;
  linesRemoved: number;
}

export function compareHarnessFiles(base: readonly HarnessFileInput[], candidate: readonly HarnessFileInput[]): FileChange[] {
  const baseByPath = new Map(base.map((file) => [file.path, file]));
  const candidateByPath = new Map(candidate.map((file) => [file.path, file]));
  const paths = [...new Set([...baseByPath.keys(), ...candidateByPath.keys()])].sort(comparePaths);
  return paths.map((path) => describeChange(path, baseByPath.get(path), candidateByPath.get(path)));
}

function describeChange(path: string, before: HarnessFileInput | undefined, after: HarnessFileInput | undefined): FileChange {
  const language = languageForPath(path);
  if (!before && after) {
    const { added, removed, exact } = countLineChanges("", after.content);
    return { path, status: "added", kind: after.kind, hookPosition: after.hookPosition, previous: null, added, removed, exact, language, original: "", modified: after.content };
  }
  if (before && !after) {
    const { added, removed, exact } = countLineChanges(before.content, "");
    return { path, status: "removed", kind: before.kind, hookPosition: before.hookPosition, previous: null, added, removed, exact, language, original: before.content, modified: "" };
  }
  if (!before || !after) throw new Error(`path "${path}" is in neither version`);
  const moved = before.kind !== after.kind || before.hookPosition !== after.hookPosition;
  const { added, removed, exact } = countLineChanges(before.content, after.content);
  const changed = moved || before.content !== after.content;
  return {
    path,
    status: changed ? "modified" : "unchanged",
    kind: after.kind,
    hookPosition: after.hookPosition,
    previous: moved ? { kind: before.kind, hookPosition: before.hookPosition } : null,
    added,
    removed,
    exact,
    language,
    original: before.content,
    modified: after.content,
  };
}

export function summarizeChanges(changes: readonly FileChange[]): ChangeSummary {
  const summary: ChangeSummary = { added: 0, removed: 0, modified: 0, unchanged: 0, linesAdded: 0, linesRemoved: 0 };
  for (const change of changes) {
    summary[change.status]++;
    summary.linesAdded += change.added;
    summary.linesRemoved += change.removed;
  }
  return summary;
}

/** Folder by folder, so the files of one folder stay together ("a/z.py" before "a.py" would split nothing). */
export function comparePaths(a: string, b: string): number {
  const pa = a.split("/");
  const pb = b.split("/");
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] === pb[i]) continue;
    // A folder sorts before a file at the same level, as in the tree.
    const aIsFolder = i < pa.length - 1;
    const bIsFolder = i < pb.length - 1;
    if (aIsFolder !== bIsFolder) return aIsFolder ? -1 : 1;
    return pa[i] < pb[i] ? -1 : 1;
  }
  return pa.length - pb.length;
}
