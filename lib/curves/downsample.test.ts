import { describe, expect, it } from "vitest";
import { downsample, downsampleIndices } from "./downsample";

interface P {
  x: number;
  y: number | null;
}
const series = (ys: Array<number | null>): P[] => ys.map((y, x) => ({ x, y }));
const y = (p: P) => p.y;

describe("downsample", () => {
  it("gives a series no longer than N back unchanged", () => {
    const short = series([3, 1, 4, 1, 5]);
    expect(downsample(short, 8, y)).toEqual({ points: short, reduced: false, originalCount: 5 });
    const exact = series([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(downsample(exact, 8, y)).toEqual({ points: exact, reduced: false, originalCount: 8 });
    expect(downsample([], 8, y)).toEqual({ points: [], reduced: false, originalCount: 0 });
  });

  it("keeps first, min, max and last of one bucket, in x order", () => {
    // One bucket (N = 4): first = x0 (5), max = x2 (9), min = x3 (1), last = x7 (4).
    const out = downsample(series([5, 2, 9, 1, 7, 3, 8, 4]), 4, y);
    expect(out.reduced).toBe(true);
    expect(out.originalCount).toBe(8);
    expect(out.points.map((p) => p.x)).toEqual([0, 2, 3, 7]);
  });

  it("cuts into N/4 buckets of consecutive points and drops repeats", () => {
    // N = 8 → two buckets of 6: [0..5] and [6..11].
    // Bucket 1: first x0 = 0 is also its min; max x4 = 6; last x5.  Bucket 2: first x6; min x9 = -2; max x11 = 9 = last.
    const out = downsample(series([0, 1, 2, 3, 6, 5, 4, 3, 2, -2, 1, 9]), 8, y);
    expect(out.points.map((p) => p.x)).toEqual([0, 4, 5, 6, 9, 11]);
  });

  it("keeps every local extreme of a spike, however long the series", () => {
    const ys: number[] = Array.from({ length: 100_000 }, (_, i) => 0.5 + 0.01 * Math.sin(i / 50));
    ys[12_345] = 9; // a one-step spike up …
    ys[12_346] = -9; // … straight into a one-step collapse
    ys[70_000] = 1;
    ys[70_001] = 3;
    ys[70_002] = 6; // a three-step ramp whose top is the extreme
    ys[70_003] = 2;
    const out = downsample(series(ys), 2_000, y);
    expect(out.reduced).toBe(true);
    expect(out.points.length).toBeLessThanOrEqual(2_000);
    const xs = new Set(out.points.map((p) => p.x));
    for (const x of [12_345, 12_346, 70_002]) expect(xs.has(x), `x = ${x}`).toBe(true);
    expect(Math.max(...out.points.map((p) => p.y as number))).toBe(9);
    expect(Math.min(...out.points.map((p) => p.y as number))).toBe(-9);
  });

  it("preserves each bucket's range on a noisy series, and the ends of the series", () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const ys = Array.from({ length: 10_007 }, () => rand());
    const n = 400;
    const out = downsample(series(ys), n, y);
    expect(out.points.length).toBeLessThanOrEqual(n);
    expect(out.points[0].x).toBe(0);
    expect(out.points.at(-1)!.x).toBe(10_006);
    const xs = out.points.map((p) => p.x);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    const buckets = n / 4;
    for (let b = 0; b < buckets; b++) {
      const start = Math.floor((b * ys.length) / buckets);
      const end = Math.floor(((b + 1) * ys.length) / buckets);
      const kept = out.points.filter((p) => p.x >= start && p.x < end).map((p) => p.y as number);
      const original = ys.slice(start, end);
      expect(Math.max(...kept)).toBe(Math.max(...original));
      expect(Math.min(...kept)).toBe(Math.min(...original));
    }
  });

  it("never picks a gap as min or max, but keeps a gap that opens or closes a bucket", () => {
    // One bucket: first x0 is null (kept as the first), min x2 = 1, max x1 = 5, last x5 null.
    expect(downsampleIndices(6, (i) => [null, 5, 1, null, 3, null][i], 4)).toEqual([0, 1, 2, 5]);
    // A bucket of gaps only keeps its first and last.
    expect(downsampleIndices(8, () => null, 4)).toEqual([0, 7]);
  });

  it("refuses a limit below one bucket", () => {
    expect(() => downsampleIndices(10, () => 1, 3)).toThrow(RangeError);
    expect(() => downsampleIndices(10, () => 1, 4.5)).toThrow(RangeError);
  });
});
