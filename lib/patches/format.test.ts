import { describe, expect, it } from "vitest";
import { formatPointChange, formatReward } from "./format";

describe("formatPointChange", () => {
  it("writes a rate difference in signed percentage points", () => {
    expect(formatPointChange(0.25)).toBe("+25.0 pp");
    expect(formatPointChange(-0.125)).toBe("−12.5 pp");
    expect(formatPointChange(0.75 - 0.25)).toBe("+50.0 pp");
  });

  it("writes no sign for a change that rounds to zero, and a dash when unknown", () => {
    expect(formatPointChange(0)).toBe("0.0 pp");
    expect(formatPointChange(-0.0001)).toBe("0.0 pp");
    expect(formatPointChange(null)).toBe("—");
    expect(formatPointChange(Number.NaN)).toBe("—");
  });
});

describe("formatReward", () => {
  it("signs gains and losses and trims decimals", () => {
    expect(formatReward(0.5)).toBe("+0.5");
    expect(formatReward(-0.125)).toBe("−0.125");
    expect(formatReward(1 / 3)).toBe("+0.333");
    expect(formatReward(0)).toBe("0");
    expect(formatReward(null)).toBe("—");
  });
});
