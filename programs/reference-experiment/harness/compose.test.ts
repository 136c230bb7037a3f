import { describe, expect, it } from "vitest";
import { applyComponents, harnessDiff, harnessPatch, removeFiles, toEventFiles } from "./compose";
import { componentById, COMPONENTS } from "./components";
import { h0Files } from "./h0";

describe("compose", () => {
  it("adds a component's files to the base, sorted by path, and is idempotent", () => {
    const base = h0Files();
    const once = applyComponents(base, [componentById("view_diff"), componentById("verify_before_submit")]);
    expect(once.map((f) => f.path)).toEqual([...base.map((f) => f.path), "hooks/pre_action/50-verify_before_submit.js", "tools/view_diff.js"].sort());
    expect(applyComponents(once, [componentById("view_diff")])).toEqual(once);
  });

  it("replaces a file with the same path", () => {
    const base = h0Files();
    const config = { id: "longer", files: [{ path: "config.json", kind: "config" as const, content: '{ "maxTurns": 30 }\n' }] };
    const out = applyComponents(base, [config]);
    expect(out).toHaveLength(base.length);
    expect(out.find((f) => f.path === "config.json")?.content).toBe('{ "maxTurns": 30 }\n');
  });

  it("summarises the difference between two versions", () => {
    const base = h0Files();
    const candidate = applyComponents(removeFiles(base, ["tools/search.js"]), [componentById("view_diff"), { files: [{ path: "config.json", kind: "config", content: "{}" }] }]);
    const diff = harnessDiff(base, candidate);
    expect(diff).toMatchObject({ added: ["tools/view_diff.js"], changed: ["config.json"], removed: ["tools/search.js"] });
    expect(diff.summary).toBe("+1 added (tools/view_diff.js), ~1 changed (config.json), -1 removed (tools/search.js)");
    expect(harnessDiff(base, base).summary).toBe("no change");
  });

  it("writes the change as one unified diff, new files against /dev/null", () => {
    const patch = harnessPatch(h0Files(), applyComponents(h0Files(), [componentById("view_diff")]));
    expect(patch.startsWith("--- /dev/null\n+++ b/tools/view_diff.js\n@@ -0,0 +1,")).toBe(true);
    expect(patch).toContain('+  name: "view_diff",');
  });

  it("gives event files with hook_position for hooks only", () => {
    const files = toEventFiles(applyComponents(h0Files(), [componentById("stall_recovery")]));
    expect(files.find((f) => f.path.startsWith("hooks/"))).toMatchObject({ kind: "hook", hook_position: "post_feedback" });
    expect(files.find((f) => f.path === "tools/view.js")).not.toHaveProperty("hook_position");
  });

  it("has a catalogue of distinct components with distinct files", () => {
    const ids = COMPONENTS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = COMPONENTS.flatMap((c) => c.files.map((f) => f.path));
    expect(new Set(paths).size).toBe(paths.length);
    for (const c of COMPONENTS) {
      expect(c.rationale.length).toBeGreaterThan(40);
      for (const f of c.files) expect(f.kind === "hook" ? f.hookPosition : c.kind).toBe(c.kind === "hook" ? c.position : "tool");
    }
    expect(() => componentById("nope")).toThrow(/unknown harness component/);
  });
});
