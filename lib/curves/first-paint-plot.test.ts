// The server-drawn chart's geometry: lines on the chart's scales, gaps kept, ticks stepping like recharts'.
import { describe, expect, it } from "vitest";
import { firstPaintPlot, tickStep } from "./first-paint-plot";

describe("tickStep", () => {
  it("rounds a rough step up like recharts' getFormatStep", () => {
    expect(tickStep(0.075, true)).toBeCloseTo(0.08);
    expect(tickStep(0.12, true)).toBeCloseTo(0.15);
    expect(tickStep(2.2, true)).toBeCloseTo(3);
    expect(tickStep(22, true)).toBeCloseTo(25);
    expect(tickStep(1.25, false)).toBe(2);
  });
});

describe("firstPaintPlot", () => {
  const line = { color: "#4e79a7", x: [0, 1, 2, 3, 4], y: [0.1, 0.2, null, 0.4, 0.3], s: [0.1, 0.15, 0.15, 0.25, 0.28] };

  it("draws a rate from 0 to its axis top, left to right, with a gap where a value is missing", () => {
    const plot = firstPaintPlot({ lines: [line], markers: [], axis: "step", rate: true, smoothing: 0 })!;
    expect(plot.paths).toHaveLength(1);
    // y axis 0..0.4 (rateAxisMax of 0.4): 0.1 is three quarters down, 0.4 the top.
    expect(plot.paths[0].d).toBe("M0 750L250 500M750 0L1000 250");
    expect(plot.yTicks.map((t) => t.label)).toEqual(["0%", "10%", "20%", "30%", "40%"]);
    expect(plot.dots).toBe(true);
    expect(plot.xTicks.map((t) => t.label)).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("draws the raw line faint and the smoothed one on top when smoothing, and places markers on the x scale", () => {
    const plot = firstPaintPlot({
      lines: [line],
      markers: [{ kind: "epoch", x: 2, color: "#8a8f98", label: "epoch 2" }, { kind: "harness", x: 9, color: "#f00", label: "H1 → H2" }],
      axis: "step", rate: true, smoothing: 0.6,
    })!;
    expect(plot.paths.map((p) => [p.width, p.opacity])).toEqual([[1, 0.3], [2, 1]]);
    expect(plot.paths[1].d.startsWith("M0 750L250 625L500 625")).toBe(true);
    // A marker outside the drawn x range is left out rather than drawn off the plot.
    expect(plot.markers).toEqual([{ at: 500, color: "#8a8f98", dashed: true, label: "epoch 2" }]);
  });

  it("puts ticks where recharts does on a fixed domain: by its step, and at the domain's end", () => {
    const six = { color: "#4e79a7", x: [0, 1, 2, 3, 4, 5], y: [0, 0.13, 0.128, 0.07, 0.095, 0.3], s: [0, 0, 0, 0, 0, 0] };
    const plot = firstPaintPlot({ lines: [six], markers: [], axis: "step", rate: true, smoothing: 0 })!;
    expect(plot.xTicks.map((t) => t.label)).toEqual(["0", "2", "4", "5"]);
    expect(plot.yTicks.map((t) => t.label)).toEqual(["0%", "8%", "16%", "24%", "30%"]);
  });

  it("has nothing to draw without a value", () => {
    expect(firstPaintPlot({ lines: [{ color: "#000", x: [1], y: [null], s: [null] }], markers: [], axis: "step", rate: false, smoothing: 0 })).toBeNull();
  });
});
