import { describe, expect, it } from "vitest";
import { Z95 } from "../results/pass-at-1";
import type { AblationDrop, AblationSet } from "./ablation";
import { meanDropOverEnvironments, rankingDiffers } from "./ranking";

type P = AblationDrop["position"];
const bar = (position: P, mean: number, se: number | null = 0.01): AblationDrop => ({
  fullId: "F", ablatedId: `A-${position}`, position, kind: "removed", paths: [], checkpointId: "c", benchmark: "b",
  drop: { n: 100, mean, se, ci: null, unpaired: 0 }, fullScore: null, ablatedScore: null,
});
const set = (benchmarks: Array<[string, AblationDrop[]]>): AblationSet => ({
  fullId: "F", checkpointId: "c", size: 0, benchmarks: benchmarks.map(([benchmark, bars]) => ({ benchmark, bars })),
});

describe("meanDropOverEnvironments", () => {
  it("averages each position over environments with equal weight, largest first, SE √(Σ SE²)/B", () => {
    const means = meanDropOverEnvironments(set([
      ["webshop", [bar("pre_action", 0.06, 0.03), bar("post_feedback", 0.03, 0.04)]],
      ["alfworld", [bar("post_feedback", 0.05, 0.03), bar("pre_action", 0.03, 0.04)]],
      ["dbbench", [bar("pre_action", 0.04, 0), bar("post_feedback", 0.01, 0)]],
    ]));
    expect(means.map((m) => m.position)).toEqual(["pre_action", "post_feedback"]);
    expect(means[0].mean).toBeCloseTo(13 / 300, 12);
    expect(means[1].mean).toBeCloseTo(0.03, 12);
    expect(means[0].se).toBeCloseTo(0.05 / 3, 12);
    expect(means[0].ci![0]).toBeCloseTo(13 / 300 - Z95 * (0.05 / 3), 12);
  });

  it("leaves out a position missing in one environment, gives no SE when one is missing, and nothing for one environment", () => {
    const means = meanDropOverEnvironments(set([
      ["w", [bar("pre_action", 0.02, null), bar("episode_init", 0.01)]],
      ["a", [bar("pre_action", 0.04)]],
    ]));
    expect(means).toEqual([{ position: "pre_action", mean: expect.closeTo(0.03, 12), se: null, ci: null }]);
    expect(meanDropOverEnvironments(set([["w", [bar("pre_action", 0.02)]]]))).toEqual([]);
  });
});

describe("rankingDiffers", () => {
  it("tells whether the order of the shared positions changes between environments", () => {
    expect(rankingDiffers(set([["w", [bar("pre_action", 0.2), bar("post_feedback", 0.1)]], ["a", [bar("post_feedback", 0.3), bar("pre_action", 0.1)]]]))).toBe(true);
    expect(rankingDiffers(set([["w", [bar("pre_action", 0.2), bar("post_feedback", 0.1)]], ["a", [bar("pre_action", 0.3), bar("episode_init", 0.2), bar("post_feedback", 0.1)]]]))).toBe(false);
  });
});
