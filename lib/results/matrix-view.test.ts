import { describe, expect, it } from "vitest";
import { resolveMatrixView } from "./matrix-view";
import { fixtureSource } from "./matrix-fixture.test-data";

const H2V = { experimentId: "ha", checkpointId: "ha-s6", harnessVersionId: "ha-H2", benchmark: "verified" };

describe("resolveMatrixView", () => {
  it("applies the defaults: the preset given, the harness evaluated last, the first cell as baseline", () => {
    const v = resolveMatrixView(fixtureSource(), {}, "harness-swap");
    expect(v).toMatchObject({ preset: "harness-swap", harnessRule: "latest", baselineIsDefault: true, a: null, b: null, problems: [] });
    expect(v.baseline).toEqual({ ...H2V, harnessVersionId: "ha-H0" });
  });

  it("takes a picked baseline and two selected cells", () => {
    const a = { ...H2V, harnessVersionId: "ha-H0" };
    const v = resolveMatrixView(fixtureSource(), { baseline: H2V, a, b: H2V }, "harness-swap");
    expect(v.baselineIsDefault).toBe(false);
    expect(v.matrix.rows[2].cells[0].role).toBe("baseline");
    expect(v.a).toEqual(a);
    expect(v.b).toEqual(H2V);
  });

  it("names parameters that point nowhere and falls back", () => {
    const source = fixtureSource();
    source.missingExperiments = ["ghost"];
    source.cells[0].tasks = [];
    source.cells[0].summaryOnly = [{ evalRunId: "s", repeat: 0, reported: {} }];
    const v = resolveMatrixView(source, {
      checkpoint: "nope", baseline: { ...H2V, benchmark: "other" }, a: { experimentId: "ha", checkpointId: "ha-s3", harnessVersionId: "ha-H0", benchmark: "verified" },
    }, "harness-swap");
    expect(v.problems).toEqual([
      'experiments: no experiment "ghost"',
      'checkpoint: "nope" is not an evaluated checkpoint of these experiments',
      "baseline: no evaluation results for that cell here",
      "a: that cell has only summary numbers, no per-task results",
    ]);
    expect(v.layout.checkpointId).toBe("ha-s6");
    expect(v.baselineIsDefault).toBe(true);
    expect(v.a).toBeNull();
  });
});
