import { describe, expect, it } from "vitest";
import { intervalIncludesZero, pairedBootstrap } from "./paired-bootstrap";
import { quantileSorted, sampleSd } from "./describe";

const SEED = 20260101;

describe("pairedBootstrap: the plain estimates", () => {
  it("d = [1, 0, 0, 1]: mean 0.5, sd √(1/3), se = sd/2", () => {
    const r = pairedBootstrap([1, 0, 0, 1], { seed: SEED });
    // Squared deviations 4 × 0.25 = 1, over n − 1 = 3.
    const sd = Math.sqrt(1 / 3);
    expect(r.n).toBe(4);
    expect(r.mean).toBe(0.5);
    expect(r.sd).toBeCloseTo(sd, 12);
    expect(r.se).toBeCloseTo(sd / 2, 12);
    expect(r.note).toBeNull();
    expect(r.resamples).toBe(10_000);
  });

  it("contains the mean in its interval, which lies within the range of the data", () => {
    const d = [0.25, -0.5, 0, 0.75, 0.25, 0, -0.25, 0.5];
    const r = pairedBootstrap(d, { seed: SEED });
    const [lo, hi] = r.ci95!;
    expect(lo).toBeLessThanOrEqual(r.mean!);
    expect(hi).toBeGreaterThanOrEqual(r.mean!);
    expect(lo).toBeGreaterThanOrEqual(-0.5);
    expect(hi).toBeLessThanOrEqual(0.75);
  });
});

describe("pairedBootstrap: intervals and P(Δ > 0) with known answers", () => {
  it("d = [1, 0]: resampled means are 0, ½, 1 with chances ¼, ½, ¼ — CI [0, 1], P = ¾ + ½·¼ = 0.875", () => {
    const r = pairedBootstrap([1, 0], { seed: SEED });
    expect(r.ci95).toEqual([0, 1]);
    // Binomial noise of 10,000 draws: sd ≈ √(0.875·0.125/10⁴) ≈ 0.0033.
    expect(r.pGreaterThanZero!).toBeGreaterThan(0.875 - 0.015);
    expect(r.pGreaterThanZero!).toBeLessThan(0.875 + 0.015);
  });

  it("d = [1, −1]: symmetric, P ≈ 0.5 and the interval runs from −1 to 1", () => {
    const r = pairedBootstrap([1, -1], { seed: SEED });
    expect(r.mean).toBe(0);
    expect(r.ci95).toEqual([-1, 1]);
    expect(Math.abs(r.pGreaterThanZero! - 0.5)).toBeLessThan(0.015);
  });

  it("all tasks equal (every d = 0): CI [0, 0], P = 0.5 by the half rule, se 0, flagged no-variation", () => {
    const r = pairedBootstrap([0, 0, 0, 0, 0], { seed: SEED });
    expect(r.mean).toBe(0);
    expect(r.se).toBe(0);
    expect(r.ci95).toEqual([0, 0]);
    expect(r.pGreaterThanZero).toBe(0.5);
    expect(r.note).toBe("no-variation");
  });

  it("all tasks improve by the same amount: the interval is that point and P = 1", () => {
    const r = pairedBootstrap([0.25, 0.25, 0.25], { seed: SEED });
    expect(r.ci95![0]).toBeCloseTo(0.25, 12);
    expect(r.ci95![1]).toBeCloseTo(0.25, 12);
    expect(r.pGreaterThanZero).toBe(1);
  });

  it("counts a resampled mean that is zero up to rounding as a tie (0.1 + 0.2 − 0.3 = 5.6e-17)", () => {
    const d = [0.1, 0.2, -0.3];
    // Enumerate all 27 equally likely resamples in integer tenths, where zero is exact.
    let above = 0;
    let ties = 0;
    for (const a of [1, 2, -3]) for (const b of [1, 2, -3]) for (const c of [1, 2, -3]) {
      if (a + b + c > 0) above += 1;
      else if (a + b + c === 0) ties += 1;
    }
    expect(ties).toBe(6);
    const exact = (above + ties / 2) / 27;
    const r = pairedBootstrap(d, { seed: SEED });
    // Counting the 6/27 ties as "above" would move P by 0.11; the allowance is about 4 sd of the draw noise.
    expect(Math.abs(r.pGreaterThanZero! - exact)).toBeLessThan(0.02);
    expect(r.mean).toBe(0);
  });

  it("a single task: the interval collapses to that task's difference, se is undefined, flagged single-task", () => {
    const up = pairedBootstrap([0.5], { seed: SEED });
    expect(up.ci95).toEqual([0.5, 0.5]);
    expect(up.se).toBeNull();
    expect(up.sd).toBeNull();
    expect(up.pGreaterThanZero).toBe(1);
    expect(up.note).toBe("single-task");
    expect(pairedBootstrap([-0.25], { seed: SEED }).pGreaterThanZero).toBe(0);
    expect(pairedBootstrap([0], { seed: SEED }).pGreaterThanZero).toBe(0.5);
  });

  it("no tasks: every estimate is null, flagged no-tasks", () => {
    expect(pairedBootstrap([], { seed: SEED })).toMatchObject({
      n: 0, mean: null, sd: null, se: null, ci95: null, pGreaterThanZero: null, note: "no-tasks",
    });
  });
});

describe("pairedBootstrap: behaviour with more tasks", () => {
  const repeat = (pattern: number[], times: number) => Array.from({ length: times }, () => pattern).flat();

  it("narrows as the number of tasks grows (≈ 1/√n)", () => {
    const width = (n: number) => {
      const [lo, hi] = pairedBootstrap(repeat([1, 0, 0, 1], n / 4), { seed: SEED }).ci95!;
      return hi - lo;
    };
    const w4 = width(4);
    const w16 = width(16);
    const w64 = width(64);
    expect(w16).toBeLessThan(w4);
    expect(w64).toBeLessThan(w16);
    // Quadrupling n halves the width, up to resampling noise and the discreteness of small n.
    expect(w64 / w16).toBeGreaterThan(0.4);
    expect(w64 / w16).toBeLessThan(0.6);
  });

  it("agrees with mean ± 1.96·SE for 100 tasks", () => {
    const d = repeat([1, 0, 0, 1], 25);
    const r = pairedBootstrap(d, { seed: SEED });
    // The bootstrap's SE is the population sd/√n = 0.5/10 = 0.05, so the interval is ≈ 0.5 ± 0.098.
    expect(r.ci95![0]).toBeCloseTo(0.5 - 1.96 * 0.05, 1);
    expect(r.ci95![1]).toBeCloseTo(0.5 + 1.96 * 0.05, 1);
    expect(r.se).toBeCloseTo(sampleSd(d)! / 10, 12);
    expect(r.pGreaterThanZero).toBe(1);
  });

  it("is reproducible with a seed and varies (slightly) with another", () => {
    const d = [0.25, -0.5, 0, 0.75, 0.25, 0, -0.25, 0.5, 0.25, 0];
    const a = pairedBootstrap(d, { seed: 1 });
    expect(pairedBootstrap(d, { seed: 1 })).toEqual(a);
    const b = pairedBootstrap(d, { seed: 2 });
    expect(b.pGreaterThanZero).not.toBe(a.pGreaterThanZero);
    expect(Math.abs(b.pGreaterThanZero! - a.pGreaterThanZero!)).toBeLessThan(0.03);
  });

  it("refuses non-finite differences and a bad resample count", () => {
    expect(() => pairedBootstrap([0, Number.NaN], { seed: 1 })).toThrow(/d\[1\]/);
    expect(() => pairedBootstrap([0], { seed: 1, resamples: 0 })).toThrow(RangeError);
  });
});

describe("quantileSorted and intervalIncludesZero", () => {
  it("interpolates between order statistics (type 7)", () => {
    expect(quantileSorted([0, 10], 0.25)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.975)).toBeCloseTo(4.9, 12);
  });

  it("counts a bound at zero as including zero", () => {
    expect(intervalIncludesZero([-0.1, 0.2])).toBe(true);
    expect(intervalIncludesZero([0, 0.2])).toBe(true);
    expect(intervalIncludesZero([0, 0])).toBe(true);
    expect(intervalIncludesZero([0.01, 0.2])).toBe(false);
    expect(intervalIncludesZero([-0.3, -0.01])).toBe(false);
    expect(intervalIncludesZero(null)).toBe(false);
  });
});
