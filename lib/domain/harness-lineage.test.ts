import { describe, expect, it } from "vitest";
import { nameHarnessVersions } from "./harness-naming";
import { ancestry, lineageSteps, versionWithLineage } from "./harness-lineage";

// Issue 40's reproduction: epoch 1 accepts nothing, so the trainer records H1 with H0's files; the candidate
// "H1+refuse_unhelpful_edit" is accepted (the first promotion, numbered H1) and re-recorded as H2.
const versions = [
  { id: "h0", label: "H0", parentId: null },
  { id: "h1", label: "H1", parentId: "h0" },
  { id: "cand", label: "H1+refuse_unhelpful_edit", parentId: "h1" },
  { id: "h2", label: "H2", parentId: "h1" },
];
const files = [
  { versionId: "h0", path: "tools/view.sh", blobHash: "a", kind: "tool", hookPosition: null },
  { versionId: "h1", path: "tools/view.sh", blobHash: "a", kind: "tool", hookPosition: null },
  { versionId: "cand", path: "tools/view.sh", blobHash: "a", kind: "tool", hookPosition: null },
  { versionId: "cand", path: "hooks/refuse.py", blobHash: "b", kind: "hook", hookPosition: "pre_action" },
  { versionId: "h2", path: "hooks/refuse.py", blobHash: "b", kind: "hook", hookPosition: "pre_action" },
  { versionId: "h2", path: "tools/view.sh", blobHash: "a", kind: "tool", hookPosition: null },
];
const names = nameHarnessVersions({
  versions: versions.map((v, i) => ({ id: v.id, label: v.label, createdAt: 1000 + i, seq: i })),
  files,
  promotions: [{ harnessVersionId: "cand", kind: "promote", label: "H1" }],
});
const parentOf = (id: string) => versions.find((v) => v.id === id)?.parentId;

describe("a version's lineage in the one naming", () => {
  it("walks parents root first and stops at a cycle", () => {
    expect(ancestry("cand", parentOf)).toEqual(["h0", "h1", "cand"]);
    expect(ancestry("a", (id) => (id === "a" ? "b" : "a"))).toEqual(["b", "a"]);
  });

  it("shows versions holding the same files as one step naming every label", () => {
    expect(lineageSteps(["h0", "h1", "cand"], names).map((s) => [s.id, s.ids, s.text])).toEqual([
      ["h0", ["h0", "h1"], "H0 = H1"],
      ["cand", ["cand", "h2"], "H1+refuse_unhelpful_edit = H2"],
    ]);
  });

  it("names the promoted version by its own label, its lineage the same from either of its labels", () => {
    const incumbent = versionWithLineage("cand", parentOf, names);
    expect(incumbent.name).toBe("H1+refuse_unhelpful_edit (promoted as incumbent H1)");
    expect(incumbent.lineage).toBe("H0 = H1 → H1+refuse_unhelpful_edit = H2");
    expect(versionWithLineage("h2", parentOf, names).lineage).toBe("H0 = H1 → H1+refuse_unhelpful_edit = H2");
    expect(versionWithLineage("h0", parentOf, names).lineage).toBe("H0 = H1");
  });
});
