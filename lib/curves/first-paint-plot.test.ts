// The server-drawn chart's geometry: lines on the chart's scales, gaps kept, ticks stepping like recharts'.
import { describe, expect, it } from "vitest";
import { firstPaintPlot, pathText, PLOT_UNITS, tickStep } from "./first-paint-plot";

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
    expect(plot.paths[0].d).toBe("M0 750l250-250M750 0l250 250");
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
    expect(plot.paths[1].d.startsWith("M0 750l250-125 250 0")).toBe(true);
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

/** The absolute points of an SVG path of M, L and l commands (l's pairs may repeat), one list per stretch. */
function decodePath(d: string): Array<Array<[number, number]>> {
  const stretches: Array<Array<[number, number]>> = [];
  let at: [number, number] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MLl])([^MLl]*)/g)) {
    const numbers = (args.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
    for (let i = 0; i < numbers.length; i += 2) {
      at = command === "l" ? [at[0] + numbers[i], at[1] + numbers[i + 1]] : [numbers[i], numbers[i + 1]];
      if (command === "M" && i === 0) stretches.push([]);
      stretches[stretches.length - 1].push(at);
    }
  }
  return stretches;
}

describe("the server-drawn lines' coordinates", () => {
  // A noisy 800-point line like a reduced training curve: the chart's commonest shape.
  let seed = 7;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const n = 800;
  const noisy = { color: "#4e79a7", x: Array.from({ length: n }, (_, i) => i * 12.5), y: Array.from({ length: n }, (_, i) => 0.2 + (0.5 * i) / n + 0.05 * (rand() - 0.5)), s: new Array(n).fill(null) };

  it("puts every point within half a unit of its place on the chart's scales, without drifting along the line", () => {
    const plot = firstPaintPlot({ lines: [noisy], markers: [], axis: "step", rate: true, smoothing: 0 })!;
    const [stretch] = decodePath(plot.paths[0].d);
    const y1 = 0.8; // rateAxisMax of the largest value (≈ 0.72)
    const exact = noisy.x.map((x, i): [number, number] => [(x / noisy.x[n - 1]) * PLOT_UNITS, PLOT_UNITS - (noisy.y[i] / y1) * PLOT_UNITS]);
    // Points that land on the same unit as the one before are left out; every one drawn is where it belongs.
    expect(stretch.length).toBeGreaterThan(0.95 * n);
    let j = 0;
    for (const [x, y] of stretch) {
      while (j < n && Math.abs(exact[j][0] - x) > 0.5 + 1e-9) j++;
      expect(j).toBeLessThan(n);
      expect(Math.abs(exact[j][1] - y)).toBeLessThanOrEqual(0.5 + 1e-9);
    }
    const last = stretch[stretch.length - 1];
    expect(last[0]).toBe(PLOT_UNITS);
    expect(Math.abs(last[1] - exact[n - 1][1])).toBeLessThanOrEqual(0.5);
  });

  it("writes a line in about five characters a point, so the first HTML stays small", () => {
    const plot = firstPaintPlot({ lines: [noisy], markers: [], axis: "step", rate: true, smoothing: 0 })!;
    expect(plot.paths[0].d.length / n).toBeLessThan(6.5);
  });

  it("separates relative pairs by a space or by the minus sign and keeps gaps as new stretches", () => {
    expect(pathText([[0, 500], [2, 498], [3, 503], [3, 503], [5, 490]])).toBe("M0 500l2-2 1 5 2-13");
    expect(decodePath("M0 500l2-2 1 5 2-13M10 5l1 1")).toEqual([[[0, 500], [2, 498], [3, 503], [5, 490]], [[10, 5], [11, 6]]]);
    expect(pathText([])).toBe("");
  });
});
