// The pass@1 charts as drawn: every linked point names and opens its matrix cell, and the value in its name is
// the matrix cell's own printed value (the same function computes both); charts per benchmark then the
// average, one colour per line across charts, overlaid scopes named, markers described.
import { describe, expect, it } from "vitest";
import { buildMatrix } from "../results/eval-matrix";
import { cellKey } from "../results/cell-key";
import { matrixLayout } from "../results/matrix-layout";
import { formatScoreWithCi } from "../results/matrix-format";
import { parseMatrixParams } from "../results/matrix-params";
import { fixtureSource } from "../results/matrix-fixture.test-data";
import type { EvalMatrixSource } from "../results/matrix-source";
import { AVERAGE_KEY, pass1ChartView } from "./pass-at-1-chart";
import { buildPass1Curves } from "./pass-at-1-series";
import type { Pass1Input } from "./pass-at-1-types";

function inputOf(source: EvalMatrixSource, experimentId: string): Pass1Input {
  return {
    scope: { kind: "experiment", id: experimentId },
    experimentId,
    checkpoints: source.checkpoints.filter((c) => c.experimentId === experimentId).map((c) => ({ id: c.id, step: c.step, epoch: c.epoch, time: null, order: c.order })),
    harnessVersions: source.harnessVersions.filter((h) => h.experimentId === experimentId).map((h) => ({ id: h.id, label: h.label, order: h.order })),
    cells: source.cells.filter((c) => c.experimentId === experimentId),
    metrics: [],
    trainSteps: [
      { run: `${experimentId}-train`, step: 0, harnessVersionId: `${experimentId}-H0`, rollouts: 4, epoch: 1, time: null },
      { run: `${experimentId}-train`, step: 4, harnessVersionId: `${experimentId}-H1`, rollouts: 4, epoch: 2, time: null },
    ],
    markerVersions: [
      { id: `${experimentId}-H0`, label: "H0", parentId: null, parentLabel: null, origin: "initial", originProposalId: null, description: null },
      { id: `${experimentId}-H1`, label: "H1", parentId: `${experimentId}-H0`, parentLabel: "H0", origin: "manual", originProposalId: null, description: null },
    ],
  };
}

const hrefParams = (href: string) => {
  const url = new URL(href, "http://x");
  return { path: url.pathname, ...parseMatrixParams(Object.fromEntries(url.searchParams), { experiments: false }) };
};

describe("pass1ChartView", () => {
  const source = fixtureSource();
  const curves = buildPass1Curves(inputOf(source, "ha"), "step");
  const view = pass1ChartView([curves], () => null);

  it("a point's link opens its own matrix cell at its checkpoint, and its name carries the cell's printed value", () => {
    const matrix = buildMatrix(source.cells, matrixLayout(source, { preset: "full", harnessRule: "latest" }), null);
    const cells = new Map(matrix.rows.flatMap((r) => r.cells).map((c) => [c.key, c]));
    let checked = 0;
    for (const chart of view.charts.filter((c) => c.key !== AVERAGE_KEY)) {
      for (const line of chart.lines) {
        for (const p of line.points) {
          const { path, params, problems } = hrefParams(p.href!);
          expect(problems).toEqual([]);
          expect(path).toBe("/experiments/ha/compare");
          const cell = cells.get(cellKey(params.b!))!;
          expect(cell.benchmark).toBe(chart.key);
          expect(params.checkpoint).toBe(cell.checkpointId);
          expect(params.preset).toBe("harness-swap");
          expect(p.name).toBe(`${line.name} · ${chart.key} at step ${cell.checkpointId === "ha-s3" ? 3 : 6}: ${formatScoreWithCi(cell.passAt1)}`);
          expect([p.y, p.band]).toEqual([cell.passAt1!.score, cell.passAt1!.ci]);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(7);
  });

  it("selects the previous checkpoint's cell of the same line as A, so the matrix lists the flips", () => {
    const h0 = view.charts.find((c) => c.key === "verified")!.lines.find((l) => l.name === "H0")!;
    expect(h0.points.map((p) => p.step)).toEqual([3, 6]);
    expect(hrefParams(h0.points[0].href!).params.a).toBeUndefined();
    const second = hrefParams(h0.points[1].href!).params;
    expect(second.a).toEqual({ experimentId: "ha", checkpointId: "ha-s3", harnessVersionId: "ha-H0", benchmark: "verified" });
    expect(second.b).toEqual({ experimentId: "ha", checkpointId: "ha-s6", harnessVersionId: "ha-H0", benchmark: "verified" });
  });

  it("draws a chart per benchmark then the average, a line per version in one colour across charts", () => {
    expect(view.charts.map((c) => c.title)).toEqual(["verified", "pro", "Average over benchmarks (equal weight)"]);
    expect(view.charts.map((c) => c.lines.map((l) => l.name))).toEqual([["H0", "H1", "H2"], ["H0", "H1", "H2"], ["H0", "H1", "H2"]]);
    const colours = view.charts.map((c) => c.lines.map((l) => l.color).join());
    expect(new Set(colours).size).toBe(1);
    expect(new Set(view.charts[0].lines.map((l) => l.color)).size).toBe(3);
    // An average point opens its row (the checkpoint), not a cell.
    const avg = hrefParams(view.charts[2].lines[0].points[0].href!).params;
    expect([avg.checkpoint, avg.b]).toEqual(["ha-s6", undefined]);
    expect(view.charts[0].lines[0].sourceText).toMatch(/^stored evaluation results/);
  });

  it("describes the chart and the harness changes in words", () => {
    expect(view.markers.map((m) => m.text)).toEqual(["H0 → H1 at step 4"]);
    expect(view.charts[0].description).toBe("pass@1 on verified by step: H0 (2 points), H1 (1 point), H2 (1 point). Harness changes: H0 → H1 at step 4.");
  });

  it("names each scope in its lines when scopes are overlaid, and keeps their colours apart", () => {
    const both = pass1ChartView([curves, buildPass1Curves(inputOf(source, "grpo"), "step")], (s) => (s.id === "ha" ? "HarnessAdapt" : "GRPO"));
    const verified = both.charts.find((c) => c.key === "verified")!;
    expect(verified.lines.map((l) => l.name)).toEqual(["HarnessAdapt · H0", "HarnessAdapt · H1", "HarnessAdapt · H2", "GRPO · H0"]);
    expect(new Set(verified.lines.map((l) => l.color)).size).toBe(4);
    expect(hrefParams(verified.lines[3].points[0].href!).path).toBe("/experiments/grpo/compare");
    expect(both.markers.map((m) => m.scopeName)).toEqual(["HarnessAdapt", "GRPO"]);
  });

  it("gives a trainer's reported pass@1 no link and no band", () => {
    const metrics = pass1ChartView([buildPass1Curves({
      ...inputOf(source, "ha"), cells: [],
      metrics: [{ run: "r", key: "val/aime/pass@1", benchmark: "aime", step: [5], epoch: [null], time: [null], value: [0.25] }],
    }, "step")], () => null);
    expect(metrics.charts.map((c) => c.key)).toEqual(["aime"]);
    expect(metrics.charts[0].lines[0]).toMatchObject({ source: "metrics", sourceText: "as reported by the trainer (val/aime/pass@1); no interval" });
    expect(metrics.charts[0].lines[0].points[0]).toMatchObject({ y: 0.25, band: null, href: null });
  });
});
