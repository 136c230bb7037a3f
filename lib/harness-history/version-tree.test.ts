import { describe, expect, it } from "vitest";
import { buildVersionTree, countDescendants, lineage, type VersionNode } from "./version-tree";
import { version } from "./test-versions";

const shape = (nodes: VersionNode[]): unknown[] => nodes.map((n) => (n.children.length ? [n.version.id, shape(n.children)] : n.version.id));

describe("buildVersionTree", () => {
  it("hangs children under parents, each level in creation order (ties by insertion)", () => {
    const versions = [
      version("H2", { parentId: "H1", createdAt: 30 }),
      version("H0", { createdAt: 10 }),
      version("c-late", { parentId: "H0", createdAt: 40 }),
      version("H1", { parentId: "H0", createdAt: 20 }),
      version("c-tie-a", { parentId: "H1", createdAt: 30 }),
    ];
    expect(shape(buildVersionTree(versions))).toEqual([["H0", [["H1", ["H2", "c-tie-a"]], "c-late"]]]);
  });

  it("makes a version whose parent is not in the list a root", () => {
    const roots = buildVersionTree([version("a", { createdAt: 1 }), version("b", { parentId: "elsewhere", createdAt: 2 })]);
    expect(shape(roots)).toEqual(["a", "b"]);
  });

  it("shows versions holding the same files as one node, where the earliest stands, with the children of all", () => {
    // The issue's reproduction: H1 recorded with H0's files; the accepted candidate recorded again as H2.
    const versions = [
      version("h0", { createdAt: 1 }),
      version("h1", { parentId: "h0", createdAt: 2 }),
      version("cand", { parentId: "h1", createdAt: 3 }),
      version("h2", { parentId: "h1", createdAt: 4 }),
      version("side", { parentId: "h2", createdAt: 5 }),
    ];
    const rep: Record<string, string> = { h1: "h0", h2: "cand" };
    const roots = buildVersionTree(versions, (id) => rep[id] ?? id);
    const merged = (nodes: VersionNode[]): unknown[] =>
      nodes.map((n) => { const ids = n.same.map((v) => v.id).join("="); return n.children.length ? [ids, merged(n.children)] : ids; });
    expect(merged(roots)).toEqual([["h0=h1", [["cand=h2", ["side"]]]]]);
    expect(roots[0].version.id).toBe("h0");
    expect(countDescendants(roots[0])).toBe(2);
  });

  it("breaks a parent cycle instead of looping", () => {
    const roots = buildVersionTree([version("x", { parentId: "y" }), version("y", { parentId: "x" })]);
    expect(roots.length).toBeGreaterThan(0);
    expect(roots.reduce((n, r) => n + 1 + countDescendants(r), 0)).toBe(2);
  });
});

describe("lineage", () => {
  const versions = [version("H0"), version("H1", { parentId: "H0" }), version("H2", { parentId: "H1" }), version("side", { parentId: "H0" })];

  it("walks from the root down to the version", () => {
    expect(lineage(versions, "H2").map((v) => v.id)).toEqual(["H0", "H1", "H2"]);
    expect(lineage(versions, "H0").map((v) => v.id)).toEqual(["H0"]);
  });

  it("is empty for an unknown version and stops on a cycle", () => {
    expect(lineage(versions, "nope")).toEqual([]);
    expect(lineage([version("p", { parentId: "q" }), version("q", { parentId: "p" })], "p").map((v) => v.id)).toEqual(["q", "p"]);
  });

  it("counts descendants at every depth", () => {
    const [root] = buildVersionTree(versions);
    expect(countDescendants(root)).toBe(3);
  });
});
