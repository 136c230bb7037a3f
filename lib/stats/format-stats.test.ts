import { describe, expect, it } from "vitest";
import { formatIntervalPp, formatSizePp, formatPp, formatProbability, formatRateDiffPp, formatRelativeChange, formatSensitivityPp } from "./format-stats";
import { oneRolloutPp, rateChange } from "./rate-change";

describe("rateChange and oneRolloutPp", () => {
  it("the paper's +6.3 % is relative; the same change is 2.52 pp on a 40 % base", () => {
    const c = rateChange(0.4, 0.4252);
    expect(c.relative).toBeCloseTo(0.063, 12);
    expect(c.pp).toBeCloseTo(2.52, 12);
  });

  it("a zero base has no relative change; an unknown rate has none at all", () => {
    expect(rateChange(0, 0.1)).toEqual({ relative: null, pp: 10 });
    expect(rateChange(null, 0.1)).toEqual({ relative: null, pp: null });
  });

  it("one rollout moves a rate over N rollouts by 100/N pp", () => {
    expect(oneRolloutPp(184)).toBeCloseTo(0.5435, 4);
    expect(formatSensitivityPp(oneRolloutPp(184))).toBe("0.54 pp");
    expect(oneRolloutPp(4)).toBe(25);
    expect(oneRolloutPp(0)).toBeNull();
  });
});

describe("formatting", () => {
  it("signs pp and relative changes with U+2212 and never shows −0.0", () => {
    expect(formatPp(2.52)).toBe("+2.5 pp");
    expect(formatPp(-0.54, 2)).toBe("\u22120.54 pp");
    expect(formatPp(-0.04)).toBe("0.0 pp");
    expect(formatRateDiffPp(-0.25)).toBe("\u221225.0 pp");
    expect(formatRelativeChange(0.063)).toBe("+6.3 %");
    expect(formatRelativeChange(-0.07)).toBe("\u22127.0 %");
    expect(formatRelativeChange(null)).toBe("—");
  });

  it("writes an interval of rate differences in pp and a probability with two decimals", () => {
    expect(formatIntervalPp([-0.011, 0.043])).toBe("\u22121.1 to +4.3 pp");
    expect(formatIntervalPp([0, 0])).toBe("0.0 to 0.0 pp");
    expect(formatIntervalPp(null)).toBe("—");
    expect(formatProbability(0.875)).toBe("0.88");
    expect(formatSizePp(1.234)).toBe("1.2 pp");
    expect(formatProbability(null)).toBe("—");
  });
});
