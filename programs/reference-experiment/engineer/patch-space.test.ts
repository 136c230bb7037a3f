import { describe, expect, it } from "vitest";
import { HOOK_POSITIONS } from "../../../lib/domain/vocabulary";
import { COMPONENTS } from "../harness/components";
import { h0Files } from "../harness/h0";
import type { HarnessFile } from "../harness/types";
import { checkPatch, PATCH_OPTIONS, patchFiles, patchKey, patchPositions, withoutPosition, type HookPatch } from "./patch-space";

describe("patch space", () => {
  it("PATCH_OPTIONS holds every catalogue hook at its position and nothing else", () => {
    const hooks = COMPONENTS.filter((c) => c.kind === "hook");
    const listed = HOOK_POSITIONS.flatMap((p) => PATCH_OPTIONS[p].map((id) => `${p}:${id}`));
    expect(listed.sort()).toEqual(hooks.map((c) => `${c.position}:${c.id}`).sort());
    for (const c of COMPONENTS.filter((c) => c.kind === "tool")) {
      for (const p of HOOK_POSITIONS) expect(PATCH_OPTIONS[p]).not.toContain(c.id);
    }
    for (const p of HOOK_POSITIONS) expect(PATCH_OPTIONS[p].length).toBeGreaterThan(0);
  });

  it("patchKey is stable: HOOK order, independent of key order, 'empty' for none", () => {
    const a: HookPatch = { post_feedback: "stall_recovery", pre_action: "refuse_malformed_edit" };
    const b: HookPatch = { pre_action: "refuse_malformed_edit", post_feedback: "stall_recovery" };
    expect(patchKey(a)).toBe("pre_action=refuse_malformed_edit+post_feedback=stall_recovery");
    expect(patchKey(b)).toBe(patchKey(a));
    expect(patchKey({})).toBe("empty");
    expect(patchKey({ pre_action: undefined })).toBe("empty");
    expect(patchPositions(a)).toEqual(["pre_action", "post_feedback"]);
  });

  it("withoutPosition drops one position and leaves the patch itself alone", () => {
    const a: HookPatch = { episode_init: "reproduce_first", pre_action: "refuse_malformed_edit" };
    expect(withoutPosition(a, "pre_action")).toEqual({ episode_init: "reproduce_first" });
    expect(withoutPosition(a, "post_feedback")).toEqual(a);
    expect(a.pre_action).toBe("refuse_malformed_edit");
  });

  it("patchFiles adds the chosen hook files to the base", () => {
    const base = h0Files();
    const files = patchFiles(base, { pre_action: "refuse_malformed_edit", episode_init: "reproduce_first" });
    const added = files.map((f) => f.path).filter((p) => !base.some((f) => f.path === p));
    expect(added.sort()).toEqual(["hooks/episode_init/50-reproduce_first.js", "hooks/pre_action/10-refuse_malformed_edit.js"]);
    expect(() => patchFiles(base, { pre_action: "no_such_hook" })).toThrow(/unknown hook component/);
  });

  it("checkPatch: empty is valid but incomplete, a catalogue patch is valid and complete", () => {
    const base = h0Files();
    expect(checkPatch(base, {})).toMatchObject({ valid: true, complete: false });
    const full: HookPatch = Object.fromEntries(HOOK_POSITIONS.map((p) => [p, PATCH_OPTIONS[p][0]]));
    expect(checkPatch(base, full)).toEqual({ valid: true, complete: true, problems: [] });
  });

  it("checkPatch: an unknown id, a wrong position or a base that does not load is invalid", () => {
    const base = h0Files();
    const unknown = checkPatch(base, { pre_action: "no_such_hook" });
    expect(unknown).toMatchObject({ valid: false, complete: false });
    expect(unknown.problems.join()).toMatch(/unknown hook component "no_such_hook"/);
    const misplaced = checkPatch(base, { pre_decision: "stall_recovery" });
    expect(misplaced).toMatchObject({ valid: false, complete: false });
    expect(misplaced.problems.join()).toMatch(/is a post_feedback hook/);
    expect(checkPatch(base, { pre_action: "view_diff" }).valid).toBe(false); // a tool, not a hook
    const broken: HarnessFile[] = [...base, { path: "hooks/pre_action/99-broken.js", kind: "hook", hookPosition: "pre_action", content: "module.exports = {" }];
    const onBroken = checkPatch(broken, { pre_action: "refuse_malformed_edit" });
    expect(onBroken.valid).toBe(false);
    expect(onBroken.problems.join()).toMatch(/99-broken/);
  });
});
