import { describe, expect, it } from "vitest";
import { buildSeries, type StepColumns } from "./build-series";
import { ema } from "./ema";

interface Point {
  step: number;
  epoch: number | null;
  time: number | null;
  value: number | null;
}
const v = (step: number, value: number | null, extra: Partial<Point> = {}): Point => ({ step, epoch: 1, time: 1_000 + step, value, ...extra });
const cols = (points: Point[]): StepColumns => ({
  step: points.map((p) => p.step), epoch: points.map((p) => p.epoch), time: points.map((p) => p.time), value: points.map((p) => p.value),
});

describe("buildSeries", () => {
  it("gives a short series whole, with its smoothed values", () => {
    const out = buildSeries(cols([v(0, 0), v(1, 1), v(2, 1)]), { x: "step", points: 100, smoothing: 0.5 });
    expect(out.reduced).toBe(false);
    expect(out.originalCount).toBe(3);
    expect(out.x).toEqual([0, 1, 2]);
    expect(out.y).toEqual([0, 1, 1]);
    expect(out.s[1]).toBeCloseTo(2 / 3, 12);
  });

  it("smooths the full series before reducing it", () => {
    const values = Array.from({ length: 1_000 }, (_, i) => v(i, i % 7 === 0 ? 1 : 0));
    const full = ema(values.map((p) => p.value), 0.9);
    const out = buildSeries(cols(values), { x: "step", points: 40, smoothing: 0.9 });
    expect(out.reduced).toBe(true);
    expect(out.x.length).toBeLessThanOrEqual(40);
    out.step.forEach((step, i) => expect(out.s[i]).toBe(full[step]));
  });

  it("places points on the epoch axis and leaves out those without an epoch position", () => {
    const epochX = new Map([[0, 1], [1, 1.5], [2, 2]]);
    const out = buildSeries(cols([v(0, 0.1), v(1, 0.2), v(2, 0.3), v(3, 0.4)]), { x: "epoch", points: 100, smoothing: 0, epochX });
    expect(out.x).toEqual([1, 1.5, 2]);
    expect(out.withoutX).toBe(1);
    expect(out.originalCount).toBe(3);
  });

  it("orders by wall time and leaves out points without one", () => {
    const out = buildSeries(cols([v(0, 0.1, { time: 30 }), v(1, 0.2, { time: 10 }), v(2, 0.3, { time: null }), v(3, 0.4, { time: 20 })]), { x: "time", points: 100, smoothing: 0 });
    expect(out.x).toEqual([10, 20, 30]);
    expect(out.step).toEqual([1, 3, 0]);
    expect(out.withoutX).toBe(1);
  });
});
