import { describe, expect, it } from "vitest";
import { EXACT_LIMIT, signFlipTest } from "./sign-flip-test";

describe("signFlipTest", () => {
  it("gives p = 1 and no differing units when the sides agree everywhere (an identical candidate on shared streams)", () => {
    expect(signFlipTest([0, 0, 0, 0], { seed: 1 })).toEqual({ p: 1, differing: 0, method: "exact" });
  });

  it("matches a hand-computed exact case: 3 of 3 differing pairs favour the candidate", () => {
    // Sign patterns of (+1, +1, +1): 8; only the observed one reaches a sum of 3.
    expect(signFlipTest([1, 0, 1, 0, 1], { seed: 1 })).toEqual({ p: 1 / 8, differing: 3, method: "exact" });
    // (+1, +1, −1): sums ≥ 1 are the patterns with at least two plus signs: 4 of 8.
    expect(signFlipTest([1, 1, -1], { seed: 1 }).p).toBe(4 / 8);
    // Magnitudes count: (+2, −1): patterns +2−1 = 1, +2+1 = 3 reach 1; −2±1 do not: 2 of 4.
    expect(signFlipTest([2, -1], { seed: 1 }).p).toBe(2 / 4);
  });

  it("is the sign test for ±1 differences: 10 of 12 differing pairs up", () => {
    // The sum reaches 8 when at least 10 of the 12 signs are plus: P(Binomial(12, 1/2) ≥ 10) = (66 + 12 + 1) / 4096.
    const diffs = [...Array(10).fill(1), -1, -1];
    expect(signFlipTest(diffs, { seed: 1 }).p).toBeCloseTo((1 + 12 + 66) / 4096, 12);
  });

  it("estimates by seeded sign flips beyond the exact limit, reproducibly, never 0", () => {
    const diffs = Array.from({ length: EXACT_LIMIT + 30 }, (_, i) => (i % 3 === 0 ? -1 : 1));
    const a = signFlipTest(diffs, { seed: 7, draws: 2000 });
    expect(a.method).toBe("monte-carlo");
    expect(a).toEqual(signFlipTest(diffs, { seed: 7, draws: 2000 }));
    expect(a.p).toBeGreaterThan(0);
    expect(a.p).toBeLessThan(0.05);
    const strong = signFlipTest(Array(200).fill(1), { seed: 7, draws: 500 });
    expect(strong.p).toBe(1 / 501);
  });
});
