import { describe, expect, it } from "vitest";
import { flipsTable, matrixTable, summaryOnlyTable } from "./matrix-tables";
import { resolveMatrixView } from "./matrix-view";
import { fixtureSource } from "./matrix-fixture.test-data";
import { matrixLabels } from "./matrix-labels";
import { cellFlips } from "./task-flips";

describe("matrix tables", () => {
  it("exports each cell's score, interval, size and Δ, and the average", () => {
    const v = resolveMatrixView(fixtureSource(), {}, "harness-swap");
    const t = matrixTable(v.matrix);
    const col = (name: string) => t.columns.indexOf(name);
    expect(t.rows).toHaveLength(3);
    expect(t.rows[0][0]).toBe("H0");
    expect(t.rows[0][1]).toBe("HarnessAdapt · step 6 (baseline row)");
    expect(t.rows[2][col("verified pass@1 %")]).toBe(100);
    expect(t.rows[2][col("verified Δ pp")]).toBeCloseTo(50, 12);
    expect(t.rows[2][col("verified shared tasks")]).toBe(4);
    expect(t.rows[2][col("verified repeats")]).toBe(1);
    expect(t.rows[0][col("verified Δ pp")]).toBe(0);
    expect(t.rows[2][col("average pass@1 % (equal-weight mean of benchmarks)")]).toBeCloseTo(87.5, 12);
  });

  it("exports flips with the trajectories of each side", () => {
    const task = (side: string, id: string, ok: boolean) => ({ taskId: id, key: `k-${id}`, title: null, successes: ok ? 1 : 0, attempts: 1, runs: [{ repeat: 0, success: ok, rolloutId: `${side}-${id}` }] });
    const t = flipsTable(cellFlips([task("A", "x", false), task("A", "y", true)], [task("B", "x", true), task("B", "y", false)]));
    expect(t.rows).toEqual([
      ["rescued", "k-x", "x", 0, 1, 1, 1, 100, "A-x", "B-x"],
      ["regressed", "k-y", "y", 1, 1, 0, 1, -100, "A-y", "B-y"],
    ]);
  });

  it("exports summary-only runs with what they reported", () => {
    const source = fixtureSource();
    source.cells[0].summaryOnly = [{ evalRunId: "run-9", repeat: 2, reported: { resolved_instances: 288, total_instances: 500 } }];
    expect(summaryOnlyTable(source.cells, matrixLabels(source), false).rows).toEqual([
      ["step 3 · H0", "verified", "run-9", 2, "resolved_instances=288; total_instances=500"],
    ]);
  });
});
