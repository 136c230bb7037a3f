import { describe, expect, it } from "vitest";
import {
  aggregateTrainSteps, curveLabel, describeTrainerSource, oneMinusColumns, rateColumns, rateValue, shareColumns, trainerSourceFor, type TrainRolloutRow,
} from "./training-series";

const row = (step: number, group: string, code: "S" | "F" | "St" | "U", extra: Partial<TrainRolloutRow> = {}): TrainRolloutRow => ({
  step, epoch: 1, groupId: group, success: code.startsWith("S"), reward: code === "U" ? null : code.startsWith("S") ? 1 : 0,
  truncated: code.endsWith("t"), harnessVersionId: "h1", time: 1_000 + step, ...extra,
});

describe("aggregateTrainSteps", () => {
  it("computes each step's rates from its own groups, in step order", () => {
    const rows = [
      // step 1: group a = S F (mixed, 2 trainable), group b = S S (all solved) → 4 rollouts.
      row(1, "a", "S"), row(1, "a", "F"), row(1, "b", "S"), row(1, "b", "S"),
      // step 0: group a = S St F (truncated one is dropped; still mixed → 2 trainable of 3), group c = U F (reward unknown → only F usable, not mixed).
      row(0, "a", "S"), row(0, "a", "St"), row(0, "a", "F"), row(0, "c", "U"), row(0, "c", "F"),
    ];
    const steps = aggregateTrainSteps(rows);
    expect(steps.map((s) => s.step)).toEqual([0, 1]);
    const [s0, s1] = steps;
    expect(s0.rates.rollouts).toBe(5);
    expect(rateValue(s0, "train:trainable_rate")).toBeCloseTo(2 / 5, 12);
    expect(rateValue(s0, "train:pass_rate")).toBeCloseTo(2 / 5, 12); // S, St
    expect(rateValue(s0, "train:mixed_group_ratio")).toBeCloseTo(1 / 2, 12);
    expect(rateValue(s0, "train:truncation_rate")).toBeCloseTo(1 / 5, 12);
    expect(rateValue(s0, "train:mean_reward")).toBeCloseTo(2 / 4, 12); // rewards 1, 1, 0, 0 (one unknown)
    // The same group id "a" at step 1 is another group: groups are per step.
    expect(rateValue(s1, "train:trainable_rate")).toBeCloseTo(2 / 4, 12);
    expect(rateValue(s1, "train:mixed_group_ratio")).toBeCloseTo(1 / 2, 12);
    expect(rateValue(s1, "train:pass_rate")).toBeCloseTo(3 / 4, 12);
    expect(rateColumns(steps, "train:truncation_rate")).toEqual({ step: [0, 1], epoch: [1, 1], time: [1_000, 1_001], value: [0.2, 0] });
  });

  it("takes the step's smallest epoch, latest time and most common harness version", () => {
    const [s] = aggregateTrainSteps([
      row(4, "a", "S", { epoch: 2, time: 50, harnessVersionId: "hB" }),
      row(4, "a", "F", { epoch: 3, time: 90, harnessVersionId: "hA" }),
      row(4, "b", "F", { epoch: null, time: null, harnessVersionId: "hA" }),
    ]);
    expect(s).toMatchObject({ step: 4, epoch: 2, time: 90, harnessVersionId: "hA" });
    // A tie goes to the smaller id, so the marker does not depend on row order.
    const [tie] = aggregateTrainSteps([row(0, "a", "S", { harnessVersionId: "z" }), row(0, "a", "F", { harnessVersionId: "b" })]);
    expect(tie.harnessVersionId).toBe("b");
  });
});

describe("trainer fallbacks", () => {
  it("finds the verl/rllm names a trainer reported, best first", () => {
    const verl = new Set(["critic/score/mean", "response_length/clip_ratio", "batch/solve_all", "batch/solve_none", "train/mixed_group_ratio"]);
    expect(trainerSourceFor("train:mean_reward", verl)).toEqual({ key: "critic/score/mean" });
    expect(trainerSourceFor("train:truncation_rate", verl)).toEqual({ key: "response_length/clip_ratio" });
    expect(trainerSourceFor("train:mixed_group_ratio", verl)).toEqual({ key: "train/mixed_group_ratio" });
    expect(trainerSourceFor("train:pass_rate", verl)).toBeNull();
    const rllm = new Set(["batch/solve_all", "batch/solve_none"]);
    const source = trainerSourceFor("train:mixed_group_ratio", rllm)!;
    expect(describeTrainerSource(source)).toBe("1 − batch/solve_all − batch/solve_none");
  });

  it("derives the mixed-group ratio as 1 − solve_all − solve_none where both are known", () => {
    const all = { step: [0, 1, 2], epoch: [1, 1, 2], time: [10, 11, 12], value: [0.25, 0.5, null] };
    const none = { step: [0, 2], epoch: [1, 2], time: [10, 12], value: [0.25, 0.1] };
    expect(oneMinusColumns(all, none)).toEqual({ step: [0, 2], epoch: [1, 2], time: [10, 12], value: [0.5, null] });
  });

  it("rllm's solve counts of groups (solve_none += 1) give the mixed share, never 1 − 3 − 20", () => {
    // rllm's agent trainer logs counts (metrics["batch/solve_none"] = solve_none) with solve_partial beside them.
    const reported = new Set(["batch/solve_all", "batch/solve_none", "batch/solve_partial"]);
    const source = trainerSourceFor("train:mixed_group_ratio", reported)!;
    expect(describeTrainerSource(source)).toBe("batch/solve_partial / (batch/solve_partial + batch/solve_all + batch/solve_none)");
    const col = (value: number[]) => ({ step: [0, 1], epoch: [1, 1], time: [10, 11], value });
    expect(shareColumns([col([9, 0.5]), col([3, 0.25]), col([20, 0.25])]).value).toEqual([9 / 32, 0.5]);
    // Without solve_partial, counts cannot be told from fractions once they add up to more than one: unknown.
    expect(oneMinusColumns(col([3, 0.25]), col([20, 0.25])).value).toEqual([null, 0.5]);
  });

  it("labels the training keys and leaves a trainer's key as sent", () => {
    expect(curveLabel("train:trainable_rate")).toBe("Trainable rate");
    expect(curveLabel("critic/score/mean")).toBe("critic/score/mean");
  });
});
