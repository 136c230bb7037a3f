import { describe, expect, it } from "vitest";
import { ema } from "./ema";

describe("ema (bias-corrected)", () => {
  it("returns the raw series for β = 0", () => {
    expect(ema([0.25, null, 1, -3], 0)).toEqual([0.25, null, 1, -3]);
  });

  it("leaves a constant series where it is (the bias correction undoes the start at 0)", () => {
    for (const v of ema([0.4, 0.4, 0.4, 0.4], 0.9)) expect(v).toBeCloseTo(0.4, 12);
  });

  it("matches a hand computation", () => {
    // β = 0.5 on [0, 1, 1]:
    // t=1: ema = 0.5·0 + 0.5·0 = 0      → 0 / (1 − 0.5)   = 0
    // t=2: ema = 0.5·0 + 0.5·1 = 0.5    → 0.5 / (1 − 0.25) = 2/3
    // t=3: ema = 0.5·0.5 + 0.5·1 = 0.75 → 0.75 / (1 − 0.125) = 6/7
    const out = ema([0, 1, 1], 0.5);
    expect(out[0]).toBeCloseTo(0, 12);
    expect(out[1]).toBeCloseTo(2 / 3, 12);
    expect(out[2]).toBeCloseTo(6 / 7, 12);
  });

  it("starts at the first value, not at zero", () => {
    expect(ema([0.8, 0.2], 0.9)[0]).toBeCloseTo(0.8, 12);
  });

  it("skips gaps: they neither move nor age the average", () => {
    const withGap = ema([0, null, 1, null, 1], 0.5);
    const without = ema([0, 1, 1], 0.5);
    expect(withGap[1]).toBeNull();
    expect(withGap[3]).toBeNull();
    expect(withGap[2]).toBeCloseTo(without[1] as number, 12);
    expect(withGap[4]).toBeCloseTo(without[2] as number, 12);
  });

  it("refuses a factor outside [0, 1)", () => {
    expect(() => ema([1], 1)).toThrow(RangeError);
    expect(() => ema([1], -0.1)).toThrow(RangeError);
    expect(() => ema([1], Number.NaN)).toThrow(RangeError);
  });
});
