// The pass@1 curves against the evaluation matrix: every point and interval is the matrix cell (or row average)
// for the same checkpoint, harness version and benchmark, computed through buildMatrix on the same fixture;
// then ordering, the average, x by step / epoch / time, and the trainer-metrics fallback with its label.
import { describe, expect, it } from "vitest";
import { buildMatrix } from "../results/eval-matrix";
import { cellKey, rowKey } from "../results/cell-key";
import { matrixLayout } from "../results/matrix-layout";
import { cell, fixtureSource } from "../results/matrix-fixture.test-data";
import type { EvalMatrixSource } from "../results/matrix-source";
import { buildPass1Curves } from "./pass-at-1-series";
import type { Pass1Input, Pass1MetricColumns } from "./pass-at-1-types";

/** The fixture's "ha" experiment, with H1 also evaluated at step 3 over 3 repeats and a summary-only cell. */
function haSource(): EvalMatrixSource {
  const source = fixtureSource();
  const extra = [
    cell("ha", "ha-s3", "ha-H1", "verified", [1, 2, 0, 3], 3),
    cell("ha", "ha-s3", "ha-H1", "pro", [0, 3, 1, 2], 3),
    { ...cell("ha", "ha-s3", "ha-H0", "pro", []), summaryOnly: [{ evalRunId: "s", repeat: 0, reported: { "pass@1": 0.4 } }] },
  ];
  return {
    ...source,
    experiments: source.experiments.filter((e) => e.id === "ha"),
    checkpoints: source.checkpoints.filter((c) => c.experimentId === "ha"),
    harnessVersions: source.harnessVersions.filter((h) => h.experimentId === "ha"),
    cells: [...source.cells.filter((c) => c.experimentId === "ha"), ...extra],
  };
}

function inputOf(source: EvalMatrixSource, metrics: Pass1MetricColumns[] = []): Pass1Input {
  return {
    scope: { kind: "experiment", id: "ha" },
    experimentId: "ha",
    checkpoints: source.checkpoints.map((c) => ({ id: c.id, step: c.step, epoch: c.epoch, time: 1_000 * (c.step ?? 0), order: c.order })),
    harnessVersions: source.harnessVersions.map((h) => ({ id: h.id, label: h.label, order: h.order })),
    cells: source.cells,
    metrics,
  };
}

describe("pass@1 curves equal the evaluation matrix", () => {
  it("every point and interval is the matrix cell; every average point is the matrix row's average", () => {
    const source = haSource();
    const matrix = buildMatrix(source.cells, matrixLayout(source, { preset: "full", harnessRule: "latest" }), null);
    const cells = new Map(matrix.rows.flatMap((r) => r.cells).map((c) => [c.key, c]));
    const rows = new Map(matrix.rows.map((r) => [r.spec.key, r]));
    const curves = buildPass1Curves(inputOf(source), "step");

    let cellPoints = 0;
    let averagePoints = 0;
    for (const s of curves.series) {
      expect(s.source).toBe("eval results");
      for (const p of s.points) {
        if (s.benchmark !== null) {
          const c = cells.get(p.cellKey!)!;
          expect(p.cellKey).toBe(cellKey({ experimentId: "ha", checkpointId: p.checkpointId, harnessVersionId: s.harnessVersionId, benchmark: s.benchmark }));
          expect(c.state).toBe("results");
          expect([p.passAt1, p.lo, p.hi, p.tasks]).toEqual([c.passAt1!.score, c.passAt1!.ci![0], c.passAt1!.ci![1], c.passAt1!.tasks]);
          cellPoints += 1;
        } else {
          const row = rows.get(rowKey({ experimentId: "ha", checkpointId: p.checkpointId, harnessVersionId: s.harnessVersionId }))!;
          expect(row.average.complete).toBe(true);
          expect([p.passAt1, p.lo, p.hi]).toEqual([row.average.score, row.average.ci![0], row.average.ci![1]]);
          averagePoints += 1;
        }
      }
    }
    // Nothing left out: one point per matrix cell with results, one per complete matrix average.
    expect(cellPoints).toBe([...cells.values()].filter((c) => c.state === "results").length);
    expect(cellPoints).toBe(9);
    expect(averagePoints).toBe(matrix.rows.filter((r) => r.average.complete).length);
    expect(averagePoints).toBe(4);
  });

  it("takes repeats as per-task means: H1 at step 3 on verified over 3 repeats is mean(1/3, 2/3, 0, 1) = 0.5", () => {
    const curves = buildPass1Curves(inputOf(haSource()), "step");
    const h1 = curves.series.find((s) => s.harnessVersionId === "ha-H1" && s.benchmark === "verified")!;
    expect(h1.points[0]).toMatchObject({ x: 3, checkpointId: "ha-s3", tasks: 4 });
    expect(h1.points[0].passAt1).toBeCloseTo(0.5, 12);
  });
});

describe("buildPass1Curves", () => {
  it("orders series by harness version, benchmarks in matrix column order then the average, points by x", () => {
    const curves = buildPass1Curves(inputOf(haSource()), "step");
    expect(curves.benchmarks).toEqual(["verified", "pro"]);
    expect(curves.series.map((s) => s.label)).toEqual([
      "H0 · verified", "H0 · pro", "H0 · average",
      "H1 · verified", "H1 · pro", "H1 · average",
      "H2 · verified", "H2 · pro", "H2 · average",
    ]);
    const h0 = curves.series[0];
    expect(h0.points.map((p) => [p.x, p.checkpointId])).toEqual([[3, "ha-s3"], [6, "ha-s6"]]);
    // H0 at step 3 has only a summary on pro: no pro point there, and no average (the matrix shows none either).
    expect(curves.series[1].points.map((p) => p.x)).toEqual([6]);
    expect(curves.series[2].points.map((p) => p.x)).toEqual([6]);
    // H0 at step 6: verified 0.5, pro 0.25 → 0.375, over 8 tasks.
    expect(curves.series[2].points[0]).toMatchObject({ passAt1: 0.375, tasks: 8, cellKey: null });
  });

  it("puts x on the step, epoch or time axis; a point with no x there is counted, not drawn", () => {
    const source = haSource();
    expect(buildPass1Curves(inputOf(source), "epoch").series[0].points.map((p) => p.x)).toEqual([1, 2]);
    expect(buildPass1Curves(inputOf(source), "time").series[0].points.map((p) => p.x)).toEqual([3_000, 6_000]);
    const input = inputOf(source);
    input.checkpoints = input.checkpoints.map((c) => (c.id === "ha-s3" ? { ...c, epoch: null } : c));
    const h0 = buildPass1Curves(input, "epoch").series[0];
    expect(h0.points.map((p) => p.x)).toEqual([2]);
    expect(h0.withoutX).toBe(1);
  });

  const metric = (benchmark: string, key: string, values: number[]): Pass1MetricColumns => ({
    run: "r1", key, benchmark, step: values.map((_, i) => (i + 1) * 10), epoch: values.map(() => 0),
    time: values.map((_, i) => 500 + i), value: values,
  });

  it("falls back to the trainer's metrics for benchmarks without per-task results, labelled and without interval", () => {
    const source = haSource();
    const metrics = [metric("verified", "val/verified/pass@1", [0.1, 0.2]), metric("aime", "val/aime/pass@1", [0.3, 0.5]), metric("math", "eval/math/pass_at_1", [0.5, 0.7])];
    const curves = buildPass1Curves(inputOf(source, metrics), "step");
    const fromMetrics = curves.series.filter((s) => s.source === "metrics");
    // verified has per-task results, so its metric is not drawn beside them.
    expect(fromMetrics.map((s) => [s.label, s.metricKey])).toEqual([
      ["aime (trainer metrics)", "val/aime/pass@1"], ["math (trainer metrics)", "eval/math/pass_at_1"], ["average of aime, math (trainer metrics)", null],
    ]);
    expect(fromMetrics[0].points).toEqual([
      { x: 10, step: 10, checkpointId: null, passAt1: 0.3, lo: null, hi: null, tasks: null, cellKey: null },
      { x: 20, step: 20, checkpointId: null, passAt1: 0.5, lo: null, hi: null, tasks: null, cellKey: null },
    ]);
    expect(fromMetrics[2].points.map((p) => p.passAt1)).toEqual([0.4, 0.6]);
    // On the epoch axis a step sits at its position inside its epoch.
    expect(buildPass1Curves(inputOf(source, metrics), "epoch").series.find((s) => s.metricKey === "val/aime/pass@1")!.points.map((p) => p.x)).toEqual([0, 0.5]);
  });

  it("names the run in a metric series' label when the scope holds several runs", () => {
    const metrics = [metric("aime", "val/aime/pass@1", [0.3]), { ...metric("aime", "eval_aime_pass1", [0.4]), run: "r2" }];
    const curves = buildPass1Curves({ ...inputOf(haSource(), metrics), cells: [] }, "step");
    expect(curves.series.map((s) => [s.label, s.run, s.points[0].passAt1])).toEqual([
      ["r1 · aime (trainer metrics)", "r1", 0.3], ["r2 · aime (trainer metrics)", "r2", 0.4],
    ]);
  });

  it("draws only metrics when there are no per-task results at all", () => {
    const source = haSource();
    const curves = buildPass1Curves({ ...inputOf(source, [metric("aime", "val/aime/pass@1", [0.3])]), cells: [] }, "step");
    expect(curves.series.map((s) => [s.source, s.benchmark])).toEqual([["metrics", "aime"]]);
  });
});
