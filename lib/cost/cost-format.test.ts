import { describe, expect, it } from "vitest";
import { formatCost, formatDurationTotal, formatRelative, formatSigned, formatTokens, formatUsd } from "./cost-format";

describe("cost formatting", () => {
  it("writes USD with cents, more digits below a dollar", () => {
    expect(formatUsd(0.06)).toBe("$0.06");
    expect(formatUsd(0.0125)).toBe("$0.0125");
    expect(formatUsd(1204)).toBe("$1,204.00");
    expect(formatUsd(12.5)).toBe("$12.50");
  });

  it("says not reported, or how many rollouts reported a partial sum", () => {
    expect(formatTokens({ reported: 0, sum: 0 }, 5)).toBe("not reported");
    expect(formatTokens({ reported: 5, sum: 12_000 }, 5)).toBe("12,000");
    expect(formatTokens({ reported: 4, sum: 4_000 }, 6)).toBe("4,000 (4 of 6 rollouts)");
    expect(formatCost({ reported: 8, sum: 0.06 }, 15)).toBe("$0.06 (8 of 15 rollouts)");
    expect(formatDurationTotal({ reported: 2, sum: 3_000 }, 2)).toBe("3.0 s");
  });

  it("signs differences and relative changes", () => {
    expect(formatSigned(1_128)).toBe("+1,128");
    expect(formatSigned(-416)).toBe("−416");
    expect(formatSigned(0)).toBe("0");
    expect(formatSigned(-0.02, formatUsd)).toBe("−$0.02");
    expect(formatRelative(1_128 / 16_928)).toBe("+6.7 %");
    expect(formatRelative(-0.25)).toBe("−25.0 %");
    expect(formatRelative(0.00001)).toBe("0.0 %");
  });
});
