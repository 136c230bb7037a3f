import { describe, expect, it } from "vitest";
import { binomialHalfCdf, mcnemarExact } from "./mcnemar";

describe("mcnemarExact", () => {
  it("b = 1, c = 9: p = 2·(1 + 10)/1024", () => {
    expect(mcnemarExact(1, 9).p).toBe(0.021484375);
    expect(mcnemarExact(9, 1).p).toBe(0.021484375);
  });

  it("equal discordant counts give p = 1 (the doubled tail is capped)", () => {
    expect(mcnemarExact(5, 5).p).toBe(1);
    expect(mcnemarExact(1, 1).p).toBe(1);
  });

  it("no discordant task: p = 1", () => {
    expect(mcnemarExact(0, 0)).toEqual({ b: 0, c: 0, p: 1 });
  });

  it("all discordant tasks one way: p = 2·2⁻ⁿ", () => {
    expect(mcnemarExact(0, 6).p).toBeCloseTo(2 / 64, 15);
    expect(mcnemarExact(0, 1).p).toBe(1);
  });

  it("b = 3, c = 12: 2·(1 + 15 + 105 + 455)/2¹⁵", () => {
    expect(mcnemarExact(3, 12).p).toBeCloseTo((2 * 576) / 32768, 14);
  });

  it("large counts do not underflow: b = 500, c = 600 is far in the tail but positive", () => {
    const { p } = mcnemarExact(500, 600);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(0.01);
    // The normal approximation with continuity correction, z = (|b − c| − 1)/√(b + c), agrees to two digits.
    expect(p).toBeGreaterThan(0.002);
    expect(p).toBeLessThan(0.004);
  });

  it("refuses counts that are not whole numbers", () => {
    expect(() => mcnemarExact(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 2)).toThrow(RangeError);
  });
});

describe("binomialHalfCdf", () => {
  it("sums the lower tail exactly for small n", () => {
    expect(binomialHalfCdf(0, 3)).toBe(1 / 8);
    expect(binomialHalfCdf(1, 3)).toBe(4 / 8);
    expect(binomialHalfCdf(3, 3)).toBe(1);
    expect(binomialHalfCdf(-1, 3)).toBe(0);
  });
});

describe("binomialHalfCdf across the exact/log-space switch", () => {
  it("agrees on both sides of n = 1000 (symmetric: P(X ≤ n/2 − 1) = (1 − P(X = n/2))/2)", () => {
    for (const n of [1000, 1002]) {
      const half = n / 2;
      const lower = binomialHalfCdf(half - 1, n);
      const upper = binomialHalfCdf(half, n);
      expect(lower + upper).toBeCloseTo(1, 10);
    }
  });
});
