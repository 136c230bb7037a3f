// The shapes the Harness-R1 views are computed from: harness versions as their files, and evaluation cells
// (checkpoint × harness version × benchmark) as per-task attempts summed over repeats. The query layer builds
// them from the store; everything in lib/harness-r1 is pure on them.
import type { HookPosition } from "../domain/vocabulary";
import type { TaskAttempts } from "../results/pass-at-1";

export interface VersionFile {
  path: string;
  /** sha256 of the content (the blob hash): equal hashes mean equal files. */
  hash: string;
  /** Set for hook files only. */
  hookPosition: HookPosition | null;
}

export interface VersionFiles {
  id: string;
  label: string;
  parentId: string | null;
  files: VersionFile[];
}

/** Where an evaluation cell sits: checkpoint × harness version × benchmark. */
export interface CellKey {
  checkpointId: string;
  versionId: string;
  benchmark: string;
}

/** A stored cell before its results are read: which eval runs (repeats) it holds. */
export interface CellRef extends CellKey {
  runIds: string[];
}

export interface EvalCell extends CellKey {
  /** One entry per task, successes and attempts summed over the cell's repeats. */
  tasks: TaskAttempts[];
}

/** Reads the per-task results of the given cells (only those: a page needs a few of many). */
export type CellLoader = (cells: readonly CellRef[]) => EvalCell[];

export const cellKey = (c: CellKey) => `${c.checkpointId}\u0000${c.versionId}\u0000${c.benchmark}`;

export interface CheckpointInfo {
  id: string;
  name: string | null;
  model: string | null;
  role: string;
}

/** What people read for a checkpoint: its name, else its model, else its id. */
export function checkpointLabel(c: Pick<CheckpointInfo, "id" | "name" | "model">): string {
  return c.name ?? c.model ?? c.id;
}
