// The pass@1 values table (CSV export): one row per drawn point with its interval, tasks and matrix cell.
import { describe, expect, it } from "vitest";
import { fixtureSource } from "../results/matrix-fixture.test-data";
import { buildPass1Curves } from "./pass-at-1-series";
import { pass1Table } from "./pass-at-1-table";

describe("pass1Table", () => {
  it("lists every point of every series with the cell it is", () => {
    const source = fixtureSource();
    const curves = buildPass1Curves({
      scope: { kind: "experiment", id: "grpo" }, experimentId: "grpo",
      checkpoints: [{ id: "grpo-s6", step: 6, epoch: 2, time: Date.UTC(2026, 0, 2), order: 1 }],
      harnessVersions: [{ id: "grpo-H0", label: "H0", order: 1 }],
      cells: source.cells.filter((c) => c.experimentId === "grpo"), metrics: [],
    }, "time");
    const table = pass1Table([curves]);
    expect(table.columns).toEqual(["scope", "series", "source", "harness version", "benchmark", "checkpoint", "step", "x (wall time)", "pass@1", "95% low", "95% high", "tasks", "matrix cell"]);
    expect(table.rows.map((r) => [r[0], r[1], r[4], r[7], r[8], r[11], r[12]])).toEqual([
      ["experiment:grpo", "H0 · verified", "verified", "2026-01-02T00:00:00.000Z", 0.5, 4, "grpo~grpo-s6~grpo-H0~verified"],
      ["experiment:grpo", "H0 · pro", "pro", "2026-01-02T00:00:00.000Z", 0, 4, "grpo~grpo-s6~grpo-H0~pro"],
      ["experiment:grpo", "H0 · average", "average", "2026-01-02T00:00:00.000Z", 0.25, 8, null],
    ]);
    const [lo, hi] = [table.rows[0][9] as number, table.rows[0][10] as number];
    expect(lo).toBeLessThan(0.5);
    expect(hi).toBeGreaterThan(0.5);
  });
});
