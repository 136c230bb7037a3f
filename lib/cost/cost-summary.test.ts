import { describe, expect, it } from "vitest";
import { coverage, emptyCell, meanReported, summariseByPurpose, summariseByRun, type CostAggregate } from "./cost-summary";

function agg(runId: string, purpose: CostAggregate["purpose"], rollouts: number, over: Partial<CostAggregate> = {}): CostAggregate {
  return { ...emptyCell(), runId, purpose, rollouts, ...over };
}

const rows = [
  agg("r1", "train", 8_464, { turns: 80_000, promptTokens: { reported: 8_464, sum: 1e9 } }),
  agg("r1", "preparation", 6_280, { turns: 50_000 }),
  agg("r2", "comparison", 3_312, { costUsd: { reported: 3_000, sum: 120.5 } }),
  agg("r3", "eval", 1_500),
  agg("r1", "train", 0),
];

describe("summariseByPurpose", () => {
  it("adds up the paper's 8,464 + 6,280 + 3,312 = 18,056 training-side rollouts, evaluation apart", () => {
    const s = summariseByPurpose(rows);
    expect(s.byPurpose.train.rollouts).toBe(8_464);
    expect(s.trainingSide.rollouts).toBe(18_056);
    expect(s.all.rollouts).toBe(19_556);
    expect(s.byPurpose.rerun).toEqual(emptyCell());
    expect(s.all.turns).toBe(130_000);
  });

  it("keeps how many rollouts reported each quantity next to its sum", () => {
    const s = summariseByPurpose(rows);
    expect(s.all.costUsd).toEqual({ reported: 3_000, sum: 120.5 });
    expect(s.trainingSide.promptTokens).toEqual({ reported: 8_464, sum: 1e9 });
    expect(s.all.durationMs).toEqual({ reported: 0, sum: 0 });
  });

  it("counts re-runs on the training side (Harness-R1's engineer signal)", () => {
    expect(summariseByPurpose([agg("r", "rerun", 264), agg("r", "eval", 60)]).trainingSide.rollouts).toBe(264);
  });
});

describe("summariseByRun", () => {
  it("gives each run its purposes and totals, keeping runs without rollouts", () => {
    const runs = summariseByRun(rows, [
      { id: "r1", name: "train", kind: "train", status: "finished" },
      { id: "r9", name: null, kind: "eval", status: "pending" },
      { id: "r2", name: "cmp", kind: "compare", status: "finished" },
    ]);
    expect(runs.map((r) => [r.run.id, r.byPurpose, r.total.rollouts])).toEqual([
      ["r1", { train: 8_464, preparation: 6_280 }, 14_744],
      ["r9", {}, 0],
      ["r2", { comparison: 3_312 }, 3_312],
    ]);
  });
});

describe("coverage and meanReported", () => {
  it("says all, some or none, and averages over the reporting rollouts only", () => {
    expect(coverage({ reported: 0, sum: 0 }, 10)).toBe("none");
    expect(coverage({ reported: 4, sum: 1 }, 10)).toBe("some");
    expect(coverage({ reported: 10, sum: 1 }, 10)).toBe("all");
    expect(meanReported({ reported: 4, sum: 6_000 })).toBe(1_500);
    expect(meanReported({ reported: 0, sum: 0 })).toBeNull();
  });
});
