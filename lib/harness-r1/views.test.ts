// The prepared section data: bars, chart descriptions, ranking, tables and the grid's summary, on small sets
// with known numbers.
import { describe, expect, it } from "vitest";
import { Z95 } from "../results/pass-at-1";
import type { AblationDrop, AblationSet } from "./ablation";
import { ablationCharts, ablationTable, chartAxis, rankingTable } from "./ablation-view";
import { curveSummary, engineerCurveTable } from "./engineer-curve";
import { generalisationGrid } from "./generalisation";
import { gridCellsTable, gridSummary, heatmapTable, heatRows } from "./grid-view";
import type { EvalCell } from "./types";

type P = AblationDrop["position"];
const bar = (benchmark: string, position: P, mean: number, se: number): AblationDrop => ({
  fullId: "F", ablatedId: `F-${position}`, position, kind: "removed", paths: [`hooks/${position}/x.py`], checkpointId: "c", benchmark,
  drop: { n: 100, mean, se, ci: [mean - Z95 * se, mean + Z95 * se], unpaired: 0 }, fullScore: 0.58, ablatedScore: 0.58 - mean,
});
const set: AblationSet = {
  fullId: "F", checkpointId: "c", size: 4,
  benchmarks: [
    { benchmark: "alfworld", bars: [bar("alfworld", "post_feedback", 0.05, 0.02), bar("alfworld", "pre_action", 0.03, 0.01)] },
    { benchmark: "webshop", bars: [bar("webshop", "pre_action", 0.06, 0.02), bar("webshop", "post_feedback", 0.03, 0.01)] },
  ],
};

describe("ablation section data", () => {
  it("draws the change when a position is removed: negative for a drop, its interval flipped with it", () => {
    const [alf] = ablationCharts(set, "H0 ⊕ patch");
    expect(alf.bars[0]).toMatchObject({ position: "post_feedback", changePp: expect.closeTo(-5, 9), tasks: 100, text: "−5.0 pp" });
    expect(alf.bars[0].lowPp).toBeCloseTo(-5 - Z95 * 2, 9);
    expect(alf.bars[0].highPp).toBeCloseTo(-5 + Z95 * 2, 9);
    expect(alf.description).toBe(
      "Bar chart for alfworld: change in pass@1 when one hook position is removed from H0 ⊕ patch, largest drop first: " +
        "post_feedback −5.0 pp (95 % interval −8.9 to −1.1 pp, 100 tasks); pre_action −3.0 pp (95 % interval −5.0 to −1.0 pp, 100 tasks).",
    );
  });

  it("ranks the positions side by side, with the mean over environments", () => {
    const r = rankingTable(set);
    expect(r.table.columns).toEqual(["Rank", "alfworld", "webshop", "Mean over environments"]);
    expect(r.table.rows).toEqual([
      [1, "post_feedback (−5.0 pp)", "pre_action (−6.0 pp)", "pre_action (−4.5 pp)"],
      [2, "pre_action (−3.0 pp)", "post_feedback (−3.0 pp)", "post_feedback (−4.0 pp)"],
    ]);
    expect(r.differs).toBe(true);
  });

  it("lists every bar with its numbers in pp and percent", () => {
    const t = ablationTable(set, (id) => `label of ${id}`);
    expect(t.rows[2]).toEqual([
      "webshop", 1, "pre_action", expect.closeTo(-6, 9), expect.closeTo(-6 - Z95 * 2, 9), expect.closeTo(-6 + Z95 * 2, 9), expect.closeTo(2, 9),
      100, expect.closeTo(58, 9), expect.closeTo(52, 9), "label of F-pre_action", "removed hooks/pre_action/x.py",
    ]);
    expect(t.columns).toHaveLength(t.rows[0].length);
  });
});

describe("generalisation section data", () => {
  const solved = (k: number) => Array.from({ length: 10 }, (_, i) => ({ taskId: `t${i}`, successes: i < k ? 1 : 0, attempts: 1 }));
  const cell = (checkpointId: string, versionId: string, benchmark: string, k: number): EvalCell => ({ checkpointId, versionId, benchmark, tasks: solved(k) });
  const grid = generalisationGrid(
    [{ id: "m1", name: "Model one", model: null, role: "target" }, { id: "m2", name: null, model: "m-2", role: "target" }],
    [cell("m1", "H0", "web", 5), cell("m1", "F", "web", 7), cell("m2", "H0", "web", 5), cell("m2", "F", "web", 4), cell("m2", "H0", "db", 3)],
    "H0", "F",
  );

  it("prints Δ in each cell with a shade scaled to the largest |Δ|", () => {
    const rows = heatRows(grid);
    expect(rows.map((r) => [r.label, r.cells.map((c) => [c.benchmark, c.text, c.tone])])).toEqual([
      ["Model one", [["db", "—", "none"], ["web", "+20.0 pp", "gain"]]],
      ["m-2", [["db", "—", "none"], ["web", "−10.0 pp", "loss"]]],
    ]);
    expect(rows[0].cells[1].background).toBe("color-mix(in srgb, var(--success) 45%, var(--surface))");
    expect(rows[1].cells[1].background).toBe("color-mix(in srgb, var(--danger) 23%, var(--surface))");
    expect(rows[0].cells[1].title).toBe("base: 50.0% over 10 tasks; patched: 70.0% over 10 tasks");
    expect(rows[1].cells[0].title).toBe("base: 30.0% over 10 tasks; patched: not evaluated");
  });

  it("summarises the counts and gives both tables", () => {
    expect(gridSummary(grid)).toBe(
      "1 improved, 1 regressed, 0 unchanged of 2 cells; mean Δ +5.0 pp (equal weight per cell); largest regression −10.0 pp; 2 cells without both versions evaluated.",
    );
    expect(heatmapTable(grid)).toEqual({ columns: ["Target model", "db Δ (pp)", "web Δ (pp)"], rows: [["Model one", null, expect.closeTo(20, 9)], ["m-2", null, expect.closeTo(-10, 9)]] });
    const cells = gridCellsTable(grid);
    expect(cells.rows[1]).toEqual(["Model one", "web", 50, 70, expect.closeTo(20, 9), expect.any(Number), expect.any(Number), 10]);
    expect(cells.rows[2]).toEqual(["m-2", "db", expect.closeTo(30, 9), null, null, null, null, null]);
  });
});

describe("engineer curve table", () => {
  it("lists mean reward per step, with the epoch only when one was reported", () => {
    expect(engineerCurveTable([{ step: 0, epoch: null, value: 0.1 }, { step: 1, epoch: null, value: null }])).toEqual({
      columns: ["Step", "engineer/reward/mean"], rows: [[0, 0.1], [1, null]],
    });
    expect(engineerCurveTable([{ step: 0, epoch: 1, value: 0.1 }]).columns).toEqual(["Step", "Epoch", "engineer/reward/mean"]);
  });

  it("summarises first, last and best", () => {
    expect(curveSummary([{ step: 0, epoch: null, value: 0 }, { step: 1, epoch: null, value: 0.2 }, { step: 2, epoch: null, value: 0.1 }, { step: 3, epoch: null, value: null }]))
      .toEqual({ first: 0, last: 0.1, best: 0.2, bestStep: 1 });
    expect(curveSummary([{ step: 0, epoch: null, value: null }])).toBeNull();
  });
});

describe("chartAxis", () => {
  it("spans every bar and interval and 0 in whole steps of 1, 2, 5, 10 … pp, at most 7 ticks", () => {
    const charts = ablationCharts(set, "F");
    // Lowest: webshop pre_action −6 − 3.92 = −9.92; highest: −1.0 (alfworld pre_action's upper end) → 0.
    expect(chartAxis(charts)).toEqual({ domain: [-10, 0], ticks: [-10, -8, -6, -4, -2, 0] });
    expect(chartAxis([])).toEqual({ domain: [-1, 1], ticks: [-1, 0, 1] });
    const one = (changePp: number, lowPp: number | null = null, highPp: number | null = null) =>
      [{ benchmark: "x", description: "", bars: [{ position: "pre_action", changePp, lowPp, highPp, tasks: 1, text: "" }] }];
    expect(chartAxis(one(2.5))).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    // −10.68 … +2.95: steps of 2 would need 9 ticks (−12 … 4), so steps of 5.
    expect(chartAxis(one(-6, -10.68, 2.95))).toEqual({ domain: [-15, 5], ticks: [-15, -10, -5, 0, 5] });
    // −41 … 12: steps of 10 would need 8 ticks (−50 … 20), so steps of 20.
    expect(chartAxis(one(-30, -41, 12)).ticks).toEqual([-60, -40, -20, 0, 20]);
  });
});
