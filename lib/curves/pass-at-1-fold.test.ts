// Issue 38, item 7 on the pass@1 curves: versions holding the same files and scoring the same figures at every
// checkpoint are one line, "H0 = H1 = H2 (same files)", drawn and tabled once; the API data keeps every
// version's series, each folded one pointing at the line it is drawn as.
import { describe, expect, it } from "vitest";
import { cell, fixtureSource } from "../results/matrix-fixture.test-data";
import type { EvalMatrixSource } from "../results/matrix-source";
import { buildPass1Curves } from "./pass-at-1-series";
import { pass1ChartView } from "./pass-at-1-chart";
import { pass1Table } from "./pass-at-1-table";
import type { Pass1Input } from "./pass-at-1-types";

function input(files: Record<string, string | undefined>): Pass1Input {
  const source: EvalMatrixSource = fixtureSource();
  const cells = ["ha-H0", "ha-H1", "ha-H2"].flatMap((h) => [
    cell("ha", "ha-s3", h, "verified", [0, 1, 0, 0]),
    cell("ha", "ha-s6", h, "verified", [0, 1, 1, 0]),
  ]);
  return {
    scope: { kind: "experiment", id: "ha" },
    experimentId: "ha",
    checkpoints: source.checkpoints.filter((c) => c.experimentId === "ha").map((c) => ({ id: c.id, step: c.step, epoch: c.epoch, time: null, order: c.order })),
    harnessVersions: source.harnessVersions.filter((h) => h.experimentId === "ha").map((h) => ({ id: h.id, label: h.label, order: h.order, filesKey: files[h.id] })),
    cells,
    metrics: [],
  };
}

describe("pass@1 curves of identical harness versions", () => {
  it("one line for H0 = H1 = H2 with the figures once; every series kept in the data", () => {
    const curves = buildPass1Curves(input({ "ha-H0": "base", "ha-H1": "base", "ha-H2": "base" }), "step");
    expect(curves.series.map((s) => [s.harnessVersionId, s.label, s.foldedInto ?? null])).toEqual([
      ["ha-H0", "H0 = H1 = H2 (same files) · verified", null],
      ["ha-H1", "H1 · verified", curves.series[0].key],
      ["ha-H2", "H2 · verified", curves.series[0].key],
    ]);
    expect(curves.series[0].sameFilesVersionIds).toEqual(["ha-H0", "ha-H1", "ha-H2"]);
    const view = pass1ChartView([curves], () => null);
    expect(view.charts.map((c) => c.lines.map((l) => l.name))).toEqual([["H0 = H1 = H2 (same files)"]]);
    expect(view.charts[0].lines[0].points.map((p) => p.y)).toEqual([0.25, 0.5]);
    expect(pass1Table([curves]).rows.map((r) => r[1])).toEqual(["H0 = H1 = H2 (same files) · verified", "H0 = H1 = H2 (same files) · verified"]);
  });

  it("H2 with other files is its own line; unknown files never fold", () => {
    const changed = pass1ChartView([buildPass1Curves(input({ "ha-H0": "base", "ha-H1": "base", "ha-H2": "evolved" }), "step")], () => null);
    expect(changed.charts[0].lines.map((l) => l.name)).toEqual(["H0 = H1 (same files)", "H2"]);
    const unknown = pass1ChartView([buildPass1Curves(input({}), "step")], () => null);
    expect(unknown.charts[0].lines.map((l) => l.name)).toEqual(["H0", "H1", "H2"]);
  });
});
