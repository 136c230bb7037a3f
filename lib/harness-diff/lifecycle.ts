// Where in the agent's lifecycle a harness change acts: the changed hooks grouped by their position, in the
// order the positions run (episode_init → pre_decision → pre_action → post_feedback).
import { HOOK_POSITIONS, type HookPosition } from "../domain/vocabulary";
import type { FileChange } from "./file-changes";

export interface LifecycleSlot {
  position: HookPosition;
  /** Changed hook files at this position (a hook moved away from it counts here too). */
  paths: string[];
}

export function changedHooksByPosition(changes: readonly FileChange[]): LifecycleSlot[] {
  return HOOK_POSITIONS.map((position) => ({
    position,
    paths: changes
      .filter((c) => c.status !== "unchanged")
      .filter((c) => (c.kind === "hook" && c.hookPosition === position) || (c.previous?.kind === "hook" && c.previous.hookPosition === position))
      .map((c) => c.path),
  }));
}

/** 1-based place of a position in the lifecycle, for the badge's "2/4". */
export function lifecycleIndex(position: HookPosition): number {
  return HOOK_POSITIONS.indexOf(position) + 1;
}
