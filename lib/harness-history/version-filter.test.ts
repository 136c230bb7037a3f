import { describe, expect, it } from "vitest";
import { matchVersions, withAncestors } from "./version-filter";
import { file, promotion, version } from "./test-versions";

const versions = [
  version("H0", { origin: "initial", description: "the bare setup" }),
  version("p1", { label: "H0 ⊕ pre_action=refuse", parentId: "H0", files: [file("hooks/refuse.py", "1", "hook", "pre_action")] }),
  version("p2", { label: "H0 ⊕ post_feedback=stall", parentId: "H0", proposal: { id: "x", title: "Stall recovery", kind: "engineer_patch", status: "rejected", epoch: null, round: null } }),
  version("p3", { label: "deep", parentId: "p2" }),
];

describe("matchVersions", () => {
  it("matches every word, case-insensitively, in labels, descriptions, proposal titles and status, paths and positions", () => {
    expect([...matchVersions(versions, [], "BARE")]).toEqual(["H0"]);
    expect([...matchVersions(versions, [], "pre_action")]).toEqual(["p1"]);
    expect([...matchVersions(versions, [], "refuse.py")]).toEqual(["p1"]);
    expect([...matchVersions(versions, [], "stall rejected")]).toEqual(["p2"]);
    expect([...matchVersions(versions, [], "stall pending")]).toEqual([]);
    expect(matchVersions(versions, [], "  ").size).toBe(4);
  });

  it("matches the incumbent label a promotion gave", () => {
    expect([...matchVersions(versions, [promotion("p1", "H7")], "h7")]).toEqual(["p1"]);
  });
});

describe("withAncestors", () => {
  it("adds every ancestor of each match", () => {
    expect([...withAncestors(versions, new Set(["p3"]))].sort()).toEqual(["H0", "p2", "p3"]);
    expect([...withAncestors(versions, new Set())]).toEqual([]);
  });
});
