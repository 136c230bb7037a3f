import { describe, expect, it } from "vitest";
import { formatCurveX, linePoints, nearestIndex, rateAxisMax, runColor } from "./chart-data";

describe("linePoints", () => {
  it("turns a series' columns into the points of its line, gaps kept", () => {
    expect(linePoints({ x: [0, 2, 5], y: [0.1, null, 0.3], s: [0.1, 0.1, 0.2] })).toEqual([
      { x: 0, y: 0.1, s: 0.1 },
      { x: 2, y: null, s: 0.1 },
      { x: 5, y: 0.3, s: 0.2 },
    ]);
  });
});

describe("nearestIndex", () => {
  it("finds the nearest x, the earlier on a tie, and -1 for nothing", () => {
    const xs = [0, 10, 20, 40];
    expect(nearestIndex(xs, -5)).toBe(0);
    expect(nearestIndex(xs, 14)).toBe(1);
    expect(nearestIndex(xs, 15)).toBe(1);
    expect(nearestIndex(xs, 16)).toBe(2);
    expect(nearestIndex(xs, 99)).toBe(3);
    expect(nearestIndex([], 1)).toBe(-1);
  });
});

describe("formatCurveX", () => {
  it("writes steps, epoch positions and UTC times", () => {
    expect(formatCurveX(3, "step")).toBe("3");
    expect(formatCurveX(2, "epoch")).toBe("2");
    expect(formatCurveX(1.3333, "epoch")).toBe("1.33");
    const t = Date.UTC(2026, 2, 5, 14, 7, 9);
    expect(formatCurveX(t, "time")).toBe("2026-03-05");
    expect(formatCurveX(t, "time", false, 5 * 60 * 60 * 1000)).toBe("03-05 14:07");
    expect(formatCurveX(t, "time", false, 90 * 1000)).toBe("14:07:09");
    expect(formatCurveX(t, "time", true)).toBe("2026-03-05 14:07:09 UTC");
  });

  it("cycles the ten run colours", () => {
    expect(runColor(10)).toBe(runColor(0));
    expect(runColor(1)).not.toBe(runColor(0));
  });
});

describe("rateAxisMax", () => {
  it("rounds the largest rate up to a tenth (a twentieth when small), never past 1", () => {
    expect(rateAxisMax(0.34)).toBeCloseTo(0.4, 12);
    expect(rateAxisMax(0.4)).toBeCloseTo(0.4, 12);
    expect(rateAxisMax(0.12)).toBeCloseTo(0.15, 12);
    expect(rateAxisMax(0.97)).toBe(1);
    expect(rateAxisMax(1)).toBe(1);
    expect(rateAxisMax(0)).toBe(0.1);
  });
});
