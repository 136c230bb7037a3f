// Building a harness version from its parent and a proposal's components, and describing the difference
// between two versions — what a reviewer reads before the paired comparison. Pure functions on file
// lists: a version is its files, so the same components on the same parent give the same harness id.
import { unifiedDiff } from "../tasks/unified-diff";
import type { HarnessComponent } from "./components";
import type { HarnessFile } from "./types";

const byPath = (a: HarnessFile, b: HarnessFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** The base's files with each component's files added (same path: replaced), sorted by path. */
export function applyComponents(base: readonly HarnessFile[], components: readonly Pick<HarnessComponent, "files">[]): HarnessFile[] {
  const files = new Map(base.map((f) => [f.path, f]));
  for (const component of components) for (const f of component.files) files.set(f.path, { ...f });
  return [...files.values()].sort(byPath);
}

/** The base without the given paths (to drop a hook, e.g. for a hook-position ablation). */
export function removeFiles(base: readonly HarnessFile[], paths: readonly string[]): HarnessFile[] {
  const drop = new Set(paths);
  return base.filter((f) => !drop.has(f.path)).sort(byPath);
}

export interface HarnessDiffSummary {
  added: string[];
  changed: string[];
  removed: string[];
  /** One line, e.g. "+2 files (tools/view_diff.js, …), ~1 changed (config.json)". */
  summary: string;
}

const sameFile = (a: HarnessFile, b: HarnessFile) => a.content === b.content && a.kind === b.kind && a.hookPosition === b.hookPosition;

export function harnessDiff(base: readonly HarnessFile[], candidate: readonly HarnessFile[]): HarnessDiffSummary {
  const before = new Map(base.map((f) => [f.path, f]));
  const after = new Map(candidate.map((f) => [f.path, f]));
  const added = [...after.keys()].filter((p) => !before.has(p)).sort();
  const removed = [...before.keys()].filter((p) => !after.has(p)).sort();
  const changed = [...after.keys()].filter((p) => before.has(p) && !sameFile(before.get(p)!, after.get(p)!)).sort();
  const part = (sign: string, label: string, paths: string[]) => (paths.length > 0 ? `${sign}${paths.length} ${label} (${paths.join(", ")})` : null);
  const parts = [part("+", "added", added), part("~", "changed", changed), part("-", "removed", removed)].filter((p): p is string => p !== null);
  return { added, changed, removed, summary: parts.length > 0 ? parts.join(", ") : "no change" };
}

/** The whole change as one multi-file unified diff (new files against /dev/null), for a proposal's patch. */
export function harnessPatch(base: readonly HarnessFile[], candidate: readonly HarnessFile[]): string {
  const d = harnessDiff(base, candidate);
  const before = new Map(base.map((f) => [f.path, f]));
  const after = new Map(candidate.map((f) => [f.path, f]));
  const out: string[] = [];
  for (const path of [...d.added, ...d.changed, ...d.removed].sort()) {
    const a = before.get(path)?.content ?? "";
    const b = after.get(path)?.content ?? "";
    let text = unifiedDiff(a, b, path);
    if (!before.has(path)) text = text.replace(`--- a/${path}`, "--- /dev/null");
    if (!after.has(path)) text = text.replace(`+++ b/${path}`, "+++ /dev/null");
    out.push(text);
  }
  return out.join("");
}

/** Files in the harness_version event's shape (hook_position in snake_case). */
export function toEventFiles(files: readonly HarnessFile[]): Array<{ path: string; content: string; kind: HarnessFile["kind"]; hook_position?: HarnessFile["hookPosition"] }> {
  return [...files].sort(byPath).map((f) => (f.hookPosition ? { path: f.path, content: f.content, kind: f.kind, hook_position: f.hookPosition } : { path: f.path, content: f.content, kind: f.kind }));
}
