// Issue 38, item 7: the matrix shows harness versions that hold the same files and score the same figures once
// ("H0 = H1 = H2 (same files)") instead of a row per label repeating ".061 / .061 / .061".
import { describe, expect, it } from "vitest";
import { cellKey, rowKey } from "./cell-key";
import { buildMatrix } from "./eval-matrix";
import { matrixLayout } from "./matrix-layout";
import { shownCellKey } from "./matrix-identity";
import { matrixTable } from "./matrix-tables";
import { cell, fixtureSource } from "./matrix-fixture.test-data";
import type { EvalMatrixSource } from "./matrix-source";

/** The reference experiment's first start: no proposal accepted, so H1 and H2 carry H0's files and, on shared streams, its figures. */
function noEvolution(): EvalMatrixSource {
  const source = fixtureSource();
  source.harnessVersions = source.harnessVersions.map((h) => ({ ...h, filesKey: h.experimentId === "ha" ? "base-files" : "grpo-files" }));
  source.cells = source.cells.filter((c) => c.experimentId !== "ha" || c.checkpointId !== "ha-s6");
  for (const h of ["ha-H0", "ha-H1", "ha-H2"]) {
    source.cells.push(cell("ha", "ha-s6", h, "verified", [0, 1, 1, 0]), cell("ha", "ha-s6", h, "pro", [0, 0, 0, 1]));
  }
  return source;
}

const labels = (source: EvalMatrixSource, preset: "harness-swap" | "full") =>
  matrixLayout(source, { preset, harnessRule: "latest", checkpointId: preset === "harness-swap" ? "ha-s6" : undefined }).rows.map((r) => r.label);

describe("identical harness versions in the matrix", () => {
  it("harness swap: one row for versions with the same files and figures, standing for all of them", () => {
    const layout = matrixLayout(noEvolution(), { preset: "harness-swap", harnessRule: "latest", checkpointId: "ha-s6" });
    expect(layout.rows.map((r) => r.label)).toEqual(["H0 = H1 = H2 (same files)"]);
    expect(layout.rows[0].harnessVersionId).toBe("ha-H0");
    expect(layout.rows[0].members.map((m) => m.harnessVersionId)).toEqual(["ha-H0", "ha-H1", "ha-H2"]);
    expect(layout.columns).toEqual(["verified", "pro"]);
  });

  it("before the fold, the same source gave a row per label", () => {
    const source = noEvolution();
    source.harnessVersions = source.harnessVersions.map(({ filesKey: _unknown, ...h }) => h);
    expect(labels(source, "harness-swap")).toEqual(["H0", "H1", "H2"]);
  });

  it("full: the fold is per checkpoint; other checkpoints keep their rows", () => {
    expect(labels(noEvolution(), "full")).toEqual(["HarnessAdapt · step 3 · H0", "HarnessAdapt · step 6 · H0 = H1 = H2 (same files)", "GRPO · final (step 6) · H0"]);
  });

  it("only H1 = H0 when H2's files changed", () => {
    const source = noEvolution();
    source.harnessVersions.find((h) => h.id === "ha-H2")!.filesKey = "evolved-files";
    expect(labels(source, "harness-swap")).toEqual(["H0 = H1 (same files)", "H2"]);
  });

  it("the same figures from other files stay apart: the files decide, not the numbers", () => {
    const source = noEvolution();
    source.harnessVersions.find((h) => h.id === "ha-H1")!.filesKey = "other-files";
    expect(labels(source, "harness-swap")).toEqual(["H0 = H2 (same files)", "H1"]);
  });

  it("the same files with other figures (another evaluation) stay apart and say whose files they hold", () => {
    const source = noEvolution();
    const h2 = source.cells.find((c) => c.harnessVersionId === "ha-H2" && c.benchmark === "pro")!;
    h2.tasks = h2.tasks.map((t, i) => (i === 0 ? { ...t, successes: 1 } : t));
    expect(labels(source, "harness-swap")).toEqual(["H0 = H1 (same files)", "H2 (same files as H0, other results)"]);
  });

  it("keeps every version: a baseline picked on a folded version marks the row that stands for it", () => {
    const source = noEvolution();
    const layout = matrixLayout(source, { preset: "full", harnessRule: "latest" });
    const matrix = buildMatrix(source.cells, layout, { experimentId: "ha", checkpointId: "ha-s6", harnessVersionId: "ha-H2", benchmark: "verified" });
    const folded = matrix.rows.find((r) => r.spec.members.length === 3)!;
    expect(folded.isBaselineRow).toBe(true);
    expect(folded.cells.map((c) => c.role)).toEqual(["baseline", "reference"]);
    expect(folded.spec.members.map(rowKey)).toContain(rowKey({ experimentId: "ha", checkpointId: "ha-s6", harnessVersionId: "ha-H2" }));
    // The export has the figures once, under the row's name that lists every version.
    const table = matrixTable(matrix);
    expect(table.rows.map((r) => r[0])).toEqual(["HarnessAdapt · step 3 · H0", "HarnessAdapt · step 6 · H0 = H1 = H2 (same files)", "GRPO · final (step 6) · H0"]);
    expect(table.rows[1][2]).toBe(50);
  });

  it("a selected cell of a folded version (an eval run's \"open its cell\") is marked on the row standing for it", () => {
    const layout = matrixLayout(noEvolution(), { preset: "full", harnessRule: "latest" });
    const at = (harnessVersionId: string, checkpointId = "ha-s6") => ({ experimentId: "ha", checkpointId, harnessVersionId, benchmark: "pro" });
    expect(shownCellKey(layout.rows, at("ha-H1"))).toBe(cellKey(at("ha-H0")));
    expect(shownCellKey(layout.rows, at("ha-H0"))).toBe(cellKey(at("ha-H0")));
    // Not folded at step 3 (only H0 was evaluated there): the cell is itself.
    expect(shownCellKey(layout.rows, at("ha-H0", "ha-s3"))).toBe(cellKey(at("ha-H0", "ha-s3")));
    expect(shownCellKey(layout.rows, at("ha-unknown"))).toBe(cellKey(at("ha-unknown")));
  });

  it("methods: a row whose harness holds H0's files says so", () => {
    const layout = matrixLayout(noEvolution(), { preset: "methods", harnessRule: "latest" });
    expect(layout.rows[0].detail).toBe("harnessadapt-rl · step 6 · H2 (same files as H0)");
    expect(layout.rows[1].detail).toBe("grpo · final (step 6) · H0");
  });
});
