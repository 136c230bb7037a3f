import { describe, expect, it } from "vitest";
import { compareHarnessFiles, comparePaths, summarizeChanges, type HarnessFileInput } from "./file-changes";
import { buildFileTree } from "./file-tree";
import { changedHooksByPosition } from "./lifecycle";

const tool = (path: string, content: string): HarnessFileInput => ({ path, kind: "tool", hookPosition: null, content });
const hook = (path: string, hookPosition: HarnessFileInput["hookPosition"], content: string): HarnessFileInput => ({ path, kind: "hook", hookPosition, content });

const base = [
  tool("tools/bash.py", "def bash(cmd):\n    return run(cmd)\n"),
  tool("tools/view.py", "def view(path):\n    return open(path).read()\n"),
  hook("hooks/stall.py", "post_feedback", "def hook(obs):\n    return obs\n"),
  tool("README.md", "# H0\n"),
];
const candidate = [
  tool("tools/bash.py", "def bash(cmd):\n    out = run(cmd, timeout=60)\n    return out[-4000:]\n"),
  tool("tools/view.py", "def view(path):\n    return open(path).read()\n"),
  hook("hooks/stall.py", "post_feedback", "def hook(obs):\n    return obs\n"),
  hook("hooks/report_failures.py", "pre_action", "def hook(action):\n    return action\n"),
];

describe("compareHarnessFiles", () => {
  const changes = compareHarnessFiles(base, candidate);
  const byPath = new Map(changes.map((c) => [c.path, c]));

  it("tells added, removed, modified and unchanged files apart, with line counts", () => {
    expect(byPath.get("tools/bash.py")).toMatchObject({ status: "modified", added: 2, removed: 1, language: "python" });
    expect(byPath.get("hooks/report_failures.py")).toMatchObject({ status: "added", added: 2, removed: 0, kind: "hook", hookPosition: "pre_action", original: "" });
    expect(byPath.get("README.md")).toMatchObject({ status: "removed", added: 0, removed: 1, language: "markdown", modified: "" });
    expect(byPath.get("tools/view.py")).toMatchObject({ status: "unchanged", added: 0, removed: 0 });
  });

  it("counts a hook moved to another lifecycle position as modified, keeping where it was", () => {
    const moved = compareHarnessFiles([hook("hooks/a.py", "pre_action", "x\n")], [hook("hooks/a.py", "post_feedback", "x\n")]);
    expect(moved[0]).toMatchObject({ status: "modified", hookPosition: "post_feedback", previous: { kind: "hook", hookPosition: "pre_action" }, added: 0, removed: 0 });
  });

  it("lists files folder by folder", () => {
    expect(changes.map((c) => c.path)).toEqual(["hooks/report_failures.py", "hooks/stall.py", "tools/bash.py", "tools/view.py", "README.md"]);
  });

  it("sums the changes", () => {
    expect(summarizeChanges(changes)).toEqual({ added: 1, removed: 1, modified: 1, unchanged: 2, linesAdded: 4, linesRemoved: 2 });
  });

  it("groups changed hooks by lifecycle position in lifecycle order", () => {
    expect(changedHooksByPosition(changes)).toEqual([
      { position: "episode_init", paths: [] },
      { position: "pre_decision", paths: [] },
      { position: "pre_action", paths: ["hooks/report_failures.py"] },
      { position: "post_feedback", paths: [] },
    ]);
  });
});

describe("comparePaths", () => {
  it("puts folders before files on the same level", () => {
    expect(["b.py", "a/z.py", "a.py", "a/b/c.py"].sort(comparePaths)).toEqual(["a/b/c.py", "a/z.py", "a.py", "b.py"]);
  });
});

describe("buildFileTree", () => {
  it("nests files in folders and totals each folder's counts", () => {
    const tree = buildFileTree([
      { path: "tools/bash.py", added: 2, removed: 1 },
      { path: "tools/edit/apply.py", added: 5, removed: 0 },
      { path: "README.md", added: 0, removed: 1 },
    ]);
    expect(tree).toMatchObject({ added: 7, removed: 2 });
    const [tools, readme] = tree.children;
    expect(readme).toMatchObject({ type: "file", name: "README.md" });
    expect(tools).toMatchObject({ type: "folder", name: "tools", path: "tools", added: 7, removed: 1 });
    if (tools.type !== "folder") throw new Error("tools is a folder");
    expect(tools.children.map((c) => [c.type, c.name])).toEqual([["folder", "edit"], ["file", "bash.py"]]);
    expect(tools.children[0]).toMatchObject({ path: "tools/edit", added: 5, removed: 0 });
  });
});
