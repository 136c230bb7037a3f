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

export interface EvalCell {
  checkpointId: string;
  versionId: string;
  benchmark: string;
  /** One entry per task, successes and attempts summed over the cell's repeats. */
  tasks: TaskAttempts[];
}

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
