import { describe, expect, it } from "vitest";
import { buildMatrix, defaultBaseline, reportedPassAt1 } from "./eval-matrix";
import { matrixLayout } from "./matrix-layout";
import { cell, fixtureSource } from "./matrix-fixture.test-data";
import { Z95 } from "./pass-at-1";

const swap = () => {
  const source = fixtureSource();
  return { source, layout: matrixLayout(source, { preset: "harness-swap", harnessRule: "latest" }) };
};
const H0_VERIFIED = { experimentId: "ha", checkpointId: "ha-s6", harnessVersionId: "ha-H0", benchmark: "verified" };

describe("buildMatrix", () => {
  it("gives each cell pass@1 with its interval over tasks, and the size", () => {
    const { source, layout } = swap();
    const m = buildMatrix(source.cells, layout, null);
    expect(m.columns).toEqual(["verified", "pro"]);
    const h1 = m.rows[1].cells[0];
    // H1 on verified: 1, 1, 1, 0 → 0.75; sd = 0.5 → SE = 0.25.
    expect(h1.passAt1).toMatchObject({ score: 0.75, se: 0.25, tasks: 4 });
    expect(h1.passAt1!.ci![0]).toBeCloseTo(0.75 - Z95 * 0.25, 12);
    expect(h1.passAt1!.ci![1]).toBe(1);
    expect(h1.state).toBe("results");
    expect(h1.delta).toBeNull();
  });

  it("Δ against the baseline on its benchmark, against the baseline row elsewhere, paired over shared tasks", () => {
    const { source, layout } = swap();
    const m = buildMatrix(source.cells, layout, H0_VERIFIED);
    const [h0, h1, h2] = m.rows;
    expect(h0.isBaselineRow).toBe(true);
    expect(h0.cells.map((c) => c.role)).toEqual(["baseline", "reference"]);
    expect(h0.cells[0].delta).toBeNull();
    // H2 verified 1,1,1,1 vs H0 verified 0,1,1,0: Δ = +50 pp; d = 1,0,0,1 → mean 0.5, sd = √(1/3), SE = √(1/3)/2.
    expect(h2.cells[0].delta!.against).toBe("baseline");
    expect(h2.cells[0].delta!.pp).toBeCloseTo(50, 12);
    expect(h2.cells[0].delta!.paired!.shared).toBe(4);
    expect(h2.cells[0].delta!.paired!.se).toBeCloseTo(Math.sqrt(1 / 3) / 2, 12);
    // H1 pro 0,1,0,1 (0.5) against the baseline row's pro 0,0,0,1 (0.25): +25 pp, against the reference.
    expect(h1.cells[1].delta!.against).toBe("reference");
    expect(h1.cells[1].delta!.pp).toBeCloseTo(25, 12);
  });

  it("the average is the equal-weight mean of the benchmarks, with its Δ against the baseline row's average", () => {
    const { source, layout } = swap();
    const m = buildMatrix(source.cells, layout, H0_VERIFIED);
    // H2: verified 1.0, pro 0.75 → 0.875; H0: 0.5 and 0.25 → 0.375; Δ = +50 pp.
    expect(m.rows[2].average.score).toBeCloseTo(0.875, 12);
    expect(m.rows[2].average.deltaPp).toBeCloseTo(50, 12);
    expect(m.rows[0].average.deltaPp).toBeNull();
    // The SE combines the benchmarks' SEs: √(SE₁² + SE₂²)/2 (H2 verified has SE 0).
    expect(m.rows[2].average.se).toBeCloseTo(Math.sqrt(0 + 0.25 ** 2) / 2, 12);
  });

  it("a cross-experiment baseline pairs over the global tasks both experiments ran", () => {
    const source = fixtureSource();
    const layout = matrixLayout(source, { preset: "methods", harnessRule: "latest" });
    const m = buildMatrix(source.cells, layout, { experimentId: "grpo", checkpointId: "grpo-s6", harnessVersionId: "grpo-H0", benchmark: "verified" });
    // HarnessAdapt H2 verified 1,1,1,1 vs GRPO 0,0,1,1: +50 pp over 4 shared tasks.
    expect(m.rows[0].cells[0].delta).toMatchObject({ against: "baseline", paired: { shared: 4, delta: 0.5 } });
    expect(m.rows[1].isBaselineRow).toBe(true);
  });

  it("cells without per-task results: missing or summary only, and no average", () => {
    const source = fixtureSource();
    const summary = cell("ha", "ha-s6", "ha-H2", "multi", [], 1);
    summary.tasks = [];
    summary.summaryOnly = [{ evalRunId: "s", repeat: 0, reported: { "Pass@1": 0.4 } }, { evalRunId: "t", repeat: 1, reported: { total: 10 } }];
    source.cells.push(summary);
    const layout = matrixLayout(source, { preset: "harness-swap", harnessRule: "latest" });
    const m = buildMatrix(source.cells, layout, H0_VERIFIED);
    expect(m.columns).toEqual(["verified", "pro", "multi"]);
    const h2multi = m.rows[2].cells[2];
    expect(h2multi).toMatchObject({ state: "summary", passAt1: null, summaryRuns: 2, reportedPassAt1: 0.4, delta: null });
    expect(m.rows[0].cells[2].state).toBe("none");
    expect(m.rows[2].average).toMatchObject({ score: null, complete: false, deltaPp: null });
  });

  it("defaults the baseline to the first shown cell with results", () => {
    const { source, layout } = swap();
    expect(defaultBaseline(source.cells, layout)).toEqual(H0_VERIFIED);
  });
});

describe("reportedPassAt1", () => {
  it("reads a fraction under a known key, case-insensitively, and nothing else", () => {
    expect(reportedPassAt1({ PASS_AT_1: 0.5 })).toBe(0.5);
    expect(reportedPassAt1({ resolved_rate: 0.3, total_instances: 500 })).toBe(0.3);
    expect(reportedPassAt1({ "pass@1": 57.6 })).toBeNull();
    expect(reportedPassAt1({ resolved_instances: 288 })).toBeNull();
  });
});
