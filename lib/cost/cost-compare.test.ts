import { describe, expect, it } from "vitest";
import { compareCosts, compareTable, type ExperimentCost } from "./cost-compare";
import { emptyCell, summariseByPurpose, type CostAggregate } from "./cost-summary";

const agg = (purpose: CostAggregate["purpose"], rollouts: number, over: Partial<CostAggregate> = {}): CostAggregate => ({ ...emptyCell(), runId: "r", purpose, rollouts, ...over });
const calls = { teacherProposals: 0, teacherSkills: 0, engineerPatches: 0, failurePackets: 0 };

// The paper's cost comparison: HarnessAdapt-RL 8,464 + 6,280 + 3,312 = 18,056 rollouts, GRPO 16,928.
const grpo: ExperimentCost = {
  id: "g", name: "GRPO", method: "grpo", calls,
  purposes: summariseByPurpose([agg("train", 16_928, { costUsd: { reported: 16_928, sum: 100 } }), agg("eval", 1_500)]),
};
const adapt: ExperimentCost = {
  id: "h", name: "HarnessAdapt-RL", method: "harnessadapt-rl", calls: { ...calls, teacherProposals: 10, teacherSkills: 1_058 },
  purposes: summariseByPurpose([
    agg("train", 8_464, { costUsd: { reported: 8_000, sum: 90 } }), agg("preparation", 6_280), agg("comparison", 3_312), agg("eval", 1_500),
  ]),
};

describe("compareCosts", () => {
  const rows = compareCosts([grpo, adapt]);
  const get = (key: string) => rows.find((r) => r.key === key)!;

  it("gives each quantity per experiment and its difference against the first", () => {
    expect(get("training-side").values.map((v) => v.value)).toEqual([16_928, 18_056]);
    expect(get("training-side").deltas).toEqual([1_128]);
    expect(get("training-side").relative[0]).toBeCloseTo(1_128 / 16_928, 12);
    expect(get("train").deltas).toEqual([8_464 - 16_928]);
    expect(get("preparation").relative).toEqual([null]);
    expect(get("teacher-skills").deltas).toEqual([1_058]);
  });

  it("gives no Δ for a total that not every rollout reported", () => {
    const cost = get("cost");
    expect(cost.values).toEqual([
      { value: 100, reported: { by: 16_928, of: 18_428 } },
      { value: 90, reported: { by: 8_000, of: 19_556 } },
    ]);
    expect(cost.deltas).toEqual([null]);
    expect(get("prompt-tokens").values[0]).toEqual({ value: null, reported: { by: 0, of: 18_428 } });
  });

  it("compares a fully reported total", () => {
    const full = (name: string, sum: number): ExperimentCost => ({
      id: name, name, method: "grpo", calls, purposes: summariseByPurpose([agg("train", 2, { costUsd: { reported: 2, sum } })]),
    });
    const row = compareCosts([full("a", 4), full("b", 5), full("c", 3)]).find((r) => r.key === "cost")!;
    expect(row.deltas).toEqual([1, -1]);
    expect(row.relative).toEqual([0.25, -0.25]);
  });
});

describe("compareTable", () => {
  it("lays out values, reported-by counts, Δ and Δ % per experiment", () => {
    const table = compareTable([grpo, adapt], compareCosts([grpo, adapt]));
    expect(table.columns).toEqual([
      "Quantity", "Group", "GRPO", "GRPO reported by", "HarnessAdapt-RL", "HarnessAdapt-RL reported by",
      "Δ HarnessAdapt-RL − GRPO", "Δ % HarnessAdapt-RL vs GRPO",
    ]);
    const side = table.rows.find((r) => r[0] === "training side (all but evaluation)")!;
    expect(side.slice(0, 7)).toEqual(["training side (all but evaluation)", "Rollouts", 16_928, null, 18_056, null, 1_128]);
    expect(side[7] as number).toBeCloseTo(6.6635, 3);
  });
});
