// What a harness version holds, counted: files by kind, hooks by lifecycle position, and whether two
// versions hold exactly the same files (a version re-labelled without a change, e.g. "H1: no proposal was
// accepted in epoch 1, the same files as H0", says so instead of inviting an empty diff).
import { FILE_KINDS, HOOK_POSITIONS, type HookPosition } from "../domain/vocabulary";
import type { FileKind } from "../harness-diff/file-changes";
import { byCreation } from "./version-tree";
import type { HistoryFile, HistoryVersion } from "./types";

export function filesByKind(files: readonly HistoryFile[]): Record<FileKind, number> {
  const counts = Object.fromEntries(FILE_KINDS.map((k) => [k, 0])) as Record<FileKind, number>;
  for (const f of files) counts[f.kind] += 1;
  return counts;
}

export function hooksByPosition(files: readonly HistoryFile[]): Record<HookPosition, number> {
  const counts = Object.fromEntries(HOOK_POSITIONS.map((p) => [p, 0])) as Record<HookPosition, number>;
  for (const f of files) if (f.kind === "hook" && f.hookPosition) counts[f.hookPosition] += 1;
  return counts;
}

/** "3 tool, 2 hook, 1 prompt": kinds in vocabulary order, absent kinds left out. */
export function kindSummary(files: readonly HistoryFile[]): string {
  const counts = filesByKind(files);
  return FILE_KINDS.filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${k}`).join(", ");
}

/** Equal for two versions exactly when they hold the same paths with the same contents, kinds and positions. */
export function filesFingerprint(files: readonly HistoryFile[]): string {
  return files
    .map((f) => [f.path, f.blobHash, f.kind, f.hookPosition ?? ""].join("\u0000"))
    .sort()
    .join("\u0001");
}

/**
 * For each version whose files equal an earlier version's: that version's id — its parent when the parent
 * is identical, else the oldest identical one. Versions with unique files are absent.
 */
export function sameFilesAs(versions: readonly HistoryVersion[]): Map<string, string> {
  const sorted = [...versions].sort(byCreation);
  const prints = new Map(sorted.map((v) => [v.id, filesFingerprint(v.files)]));
  const firstWith = new Map<string, string>();
  const result = new Map<string, string>();
  for (const v of sorted) {
    const print = prints.get(v.id)!;
    if (v.parentId !== null && prints.get(v.parentId) === print) result.set(v.id, v.parentId);
    else if (firstWith.has(print)) result.set(v.id, firstWith.get(print)!);
    if (!firstWith.has(print)) firstWith.set(print, v.id);
  }
  return result;
}
