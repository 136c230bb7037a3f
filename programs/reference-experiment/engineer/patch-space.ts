// What a Harness-R1 engineer patch can be (DOMAIN.md, "Engineer patch"): hook code at one or more of the
// four lifecycle positions. Here the engineer chooses, per position, at most one hook component of the
// catalogue (or nothing), so every patch is real, runnable hook code and the space is small enough for a
// CPU-sized policy. The options are derived from COMPONENTS so a new catalogue hook joins automatically.
import { HOOK_POSITIONS, type HookPosition } from "../../../lib/domain/vocabulary";
import { applyComponents } from "../harness/compose";
import { COMPONENTS, type HarnessComponent } from "../harness/components";
import { harnessProblems, loadHarness } from "../harness/load-harness";
import type { HarnessFile } from "../harness/types";

/** Per lifecycle position, the id of the catalogue hook component the patch adds there. */
export type HookPatch = Partial<Record<HookPosition, string>>;

/** The hook component ids of the catalogue, grouped by their lifecycle position (catalogue order). */
export const PATCH_OPTIONS: Record<HookPosition, readonly string[]> = (() => {
  const out = {} as Record<HookPosition, readonly string[]>;
  for (const p of HOOK_POSITIONS) out[p] = COMPONENTS.filter((c) => c.kind === "hook" && c.position === p).map((c) => c.id);
  return out;
})();

/** The positions the patch touches, in HOOK_POSITIONS order (keys with an undefined value do not count). */
export function patchPositions(patch: HookPatch): HookPosition[] {
  return HOOK_POSITIONS.filter((p) => patch[p] !== undefined);
}

/** A stable key, independent of key insertion order: "pre_action=x+post_feedback=y", or "empty". */
export function patchKey(patch: HookPatch): string {
  const positions = patchPositions(patch);
  return positions.length === 0 ? "empty" : positions.map((p) => `${p}=${patch[p]}`).join("+");
}

/** How a person reads the patch (a proposal's title): "pre_action: refuse_unhelpful_edit, on_error: retry_once". */
export function patchTitle(patch: HookPatch): string {
  const positions = patchPositions(patch);
  return positions.length === 0 ? "no hook (the engineer abstains)" : positions.map((p) => `${p}: ${patch[p]}`).join(", ");
}

/** The patch without one position: the hook-position ablation ("remove one position at a time"). */
export function withoutPosition(patch: HookPatch, position: HookPosition): HookPatch {
  const out: HookPatch = {};
  for (const p of patchPositions(patch)) if (p !== position) out[p] = patch[p];
  return out;
}

/** Problems with the ids themselves: unknown keys, unknown ids, or an id placed at the wrong position. */
function idProblems(patch: HookPatch): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(patch)) {
    if (!(HOOK_POSITIONS as readonly string[]).includes(key)) problems.push(`"${key}" is not a lifecycle position`);
  }
  for (const p of patchPositions(patch)) {
    const id = patch[p]!;
    if (!PATCH_OPTIONS[p].includes(id)) {
      const elsewhere = HOOK_POSITIONS.find((q) => PATCH_OPTIONS[q].includes(id));
      problems.push(elsewhere ? `${p}: "${id}" is a ${elsewhere} hook` : `${p}: unknown hook component "${id}"`);
    }
  }
  return problems;
}

/** The base's files with the patch's hook components added. Throws on an id that is not a hook option at its position. */
export function patchFiles(base: readonly HarnessFile[], patch: HookPatch): HarnessFile[] {
  const problems = idProblems(patch);
  if (problems.length > 0) throw new Error(`not a valid hook patch: ${problems.join("; ")}`);
  const components: HarnessComponent[] = patchPositions(patch).map((p) => COMPONENTS.find((c) => c.id === patch[p])!);
  return applyComponents(base, components);
}

export interface PatchCheck {
  /** The patched file set loads (no harnessProblems) and every id is a hook option at its position. */
  valid: boolean;
  /** At least one position patched, each with an id of PATCH_OPTIONS at that position. */
  complete: boolean;
  problems: string[];
}

/**
 * The reward's gate: r(B, P) = Δ_B(P) only when valid and complete, else 0. An empty patch is valid (the
 * base loads) but incomplete, so "change nothing" earns nothing instead of a lucky Δ from resampling noise.
 */
export function checkPatch(base: readonly HarnessFile[], patch: HookPatch): PatchCheck {
  const problems = idProblems(patch);
  const idsOk = problems.length === 0;
  if (idsOk) {
    const files = patchFiles(base, patch);
    problems.push(...harnessProblems(files));
    if (problems.length === 0) {
      try {
        loadHarness(files); // cached by harnessProblems; kept explicit since "loads" is the criterion
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
  }
  const valid = problems.length === 0;
  const empty = patchPositions(patch).length === 0;
  if (empty) problems.push("the patch touches no lifecycle position (incomplete)");
  return { valid, complete: idsOk && !empty, problems };
}
