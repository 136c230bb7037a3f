import { describe, expect, it } from "vitest";
import { formatCellSize, formatDelta, formatScoreWithCi } from "./matrix-format";

describe("matrix texts", () => {
  it("prints pass@1 with its interval in percent", () => {
    expect(formatScoreWithCi({ score: 0.576, ci: [0.521, 0.63] })).toBe("57.6 [52.1, 63.0]");
    expect(formatScoreWithCi({ score: 0.5, ci: null })).toBe("50.0");
    expect(formatScoreWithCi(null)).toBe("—");
  });

  it("prints the size as tasks × repeats", () => {
    expect(formatCellSize({ tasks: 500, repeats: { min: 3, max: 3 } }, [0, 1, 2])).toBe("500 tasks × 3 repeats");
    expect(formatCellSize({ tasks: 1, repeats: { min: 1, max: 1 } }, [0])).toBe("1 task × 1 repeat");
    expect(formatCellSize({ tasks: 12, repeats: { min: 1, max: 3 } }, [0, 1, 2])).toBe("12 tasks × 1–3 attempts");
  });

  it("prints Δ in pp, and the paired Δ with its interval", () => {
    expect(formatDelta({ against: "baseline", pp: 4.8, paired: null })).toEqual({ delta: "Δ +4.8 pp", paired: null });
    expect(formatDelta({
      against: "baseline", pp: -2,
      paired: { shared: 500, baselineOnly: 0, cellOnly: 0, delta: -0.02, se: 0.01, ci: [-0.0396, -0.0004] },
    })).toEqual({ delta: "Δ \u22122.0 pp", paired: "paired \u22122.0 pp (\u22124.0 to 0.0 pp) over 500 tasks" });
  });
});
