import { describe, expect, it } from "vitest";
import type { AblationSet } from "./ablation";
import { defaultBaseVersion, defaultPatchedVersion, selectAblationSet, selectGridVersions, type VersionInfo } from "./selection";
import type { CheckpointInfo, EvalCell } from "./types";

const v = (id: string, parentId: string | null = "H0", label = id): VersionInfo => ({ id, label, parentId });
const c = (checkpointId: string, versionId: string, benchmark = "w"): EvalCell => ({ checkpointId, versionId, benchmark, tasks: [] });
const t = (id: string, role = "target"): CheckpointInfo => ({ id, name: `name of ${id}`, model: null, role });

describe("default versions", () => {
  it("takes the root labelled H0 as base, else the root evaluated on most checkpoints", () => {
    expect(defaultBaseVersion([v("imported", null, "old"), v("H0", null, "H0"), v("F")], [c("a", "imported"), c("b", "imported")])).toBe("H0");
    expect(defaultBaseVersion([v("r1", null), v("r2", null), v("F", "r1")], [c("a", "r2")])).toBe("r2");
    expect(defaultBaseVersion([v("r1", null), v("r2", null)], [])).toBe("r1");
    // A parent from elsewhere still makes a root here; no version at all gives none.
    expect(defaultBaseVersion([v("x", "gone")], [])).toBe("x");
    expect(defaultBaseVersion([], [])).toBeNull();
  });

  it("takes as patched the version evaluated on the most target checkpoints besides the base", () => {
    const versions = [v("H0", null), v("F"), v("A"), v("B")];
    const targets = [t("t1"), t("t2"), t("t3")];
    const cells = [
      c("t1", "H0"), c("t2", "H0"), c("t3", "H0"),
      c("t1", "F"), c("t2", "F"), c("t3", "F"),
      c("t1", "A"), c("t1", "A", "x"), c("t1", "A", "y"),
      // B is evaluated on more checkpoints, but they are not targets.
      c("p1", "B"), c("p2", "B"), c("p3", "B"), c("p4", "B"),
    ];
    expect(defaultPatchedVersion(versions, cells, "H0", targets)).toBe("F");
    // A tie on checkpoints goes to the one with more cells comparable with the base, then the earlier.
    expect(defaultPatchedVersion([v("H0", null), v("G"), v("F")], [c("t1", "H0"), c("t1", "G", "z"), c("t1", "F")], "H0", targets)).toBe("F");
    expect(defaultPatchedVersion([v("H0", null), v("G"), v("F")], [c("t1", "G"), c("t1", "F")], "H0", targets)).toBe("G");
    expect(defaultPatchedVersion(versions, [c("t1", "H0")], "H0", targets)).toBeNull();
  });
});

describe("selectGridVersions", () => {
  const versions = [v("H0", null), v("F"), v("G")];
  const cells = [c("t1", "H0"), c("t1", "F"), c("t1", "G")];
  const targets = [t("t1")];

  it("uses the URL's versions when they exist", () => {
    expect(selectGridVersions({ base: "F", patched: "G" }, versions, cells, targets)).toEqual({ baseId: "F", patchedId: "G", problems: [] });
  });

  it("reports an unknown version or the same version twice, naming the parameter, and falls back to the defaults", () => {
    expect(selectGridVersions({ base: "nope", patched: "H0" }, versions, cells, targets)).toEqual({
      baseId: "H0", patchedId: "F", problems: ["base: no harness version “nope” in this experiment", "patched: must differ from base"],
    });
    expect(selectGridVersions({ patched: "x".repeat(100) }, versions, cells, targets).problems).toEqual([`patched: no harness version “${"x".repeat(59)}…” in this experiment`]);
  });
});

describe("selectAblationSet", () => {
  const set = (fullId: string, checkpointId: string): AblationSet => ({ fullId, checkpointId, benchmarks: [], size: 1 });
  const sets = [set("F", "t1"), set("F", "t2"), set("G", "t2")];
  const versions = [v("H0", null), v("F"), v("G", "H0", "H0 ⊕ g")];
  const checkpoints = [t("t1"), t("t2"), t("t3")];

  it("takes the first set by default, or the one full and checkpoint pick", () => {
    expect(selectAblationSet({}, sets, versions, checkpoints)).toEqual({ set: sets[0], problems: [] });
    expect(selectAblationSet({ full: "G" }, sets, versions, checkpoints).set).toBe(sets[2]);
    expect(selectAblationSet({ checkpoint: "t2" }, sets, versions, checkpoints).set).toBe(sets[1]);
    expect(selectAblationSet({ full: "F", checkpoint: "t2" }, sets, versions, checkpoints).set).toBe(sets[1]);
  });

  it("names the parameter when the pick does not exist or has no ablation, and keeps the default", () => {
    expect(selectAblationSet({ full: "x" }, sets, versions, checkpoints)).toEqual({ set: sets[0], problems: ["full: no harness version “x” in this experiment"] });
    expect(selectAblationSet({ full: "H0" }, sets, versions, checkpoints).problems).toEqual(["full: no one-position ablation of “H0” was evaluated"]);
    expect(selectAblationSet({ checkpoint: "t3" }, sets, versions, checkpoints).problems).toEqual(["checkpoint: no ablation was evaluated on “name of t3”"]);
    expect(selectAblationSet({ full: "G", checkpoint: "t1" }, sets, versions, checkpoints)).toEqual({
      set: sets[2], problems: ["checkpoint: no ablation of that version was evaluated on “name of t1”"],
    });
    expect(selectAblationSet({ checkpoint: "zz" }, sets, versions, checkpoints).problems).toEqual(["checkpoint: no checkpoint “zz” in this experiment"]);
    expect(selectAblationSet({}, [], versions, checkpoints)).toEqual({ set: null, problems: [] });
  });
});
