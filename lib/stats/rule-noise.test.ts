import { describe, expect, it } from "vitest";
import { ruleNoise, type NoiseRollout } from "./rule-noise";

const r = (side: "base" | "candidate", taskId: string, success: boolean, truncated = false): NoiseRollout =>
  ({ side, taskId, success, reward: success ? 1 : 0, truncated });

describe("ruleNoise", () => {
  // Task A holds S,F on each side; task B fails everywhere. Re-dealing task A's four rollouts into two pairs
  // gives 6 equally likely splits: the candidate gets S,S once (pass rate 2/4 vs 0, trainable 0 vs 0: accept),
  // S,F four times (both rates equal: reject) and F,F once (reject). Task B's 6 splits change nothing.
  // So 6 × 6 = 36 arrangements, of which the rule accepts 6: 1 in 6.
  const handCase = [
    r("base", "A", true), r("base", "A", false), r("candidate", "A", true), r("candidate", "A", false),
    r("base", "B", false), r("base", "B", false), r("candidate", "B", false), r("candidate", "B", false),
  ];

  it("enumerates the within-task re-deals exactly on a hand-computed case", () => {
    expect(ruleNoise(handCase, { seed: 1 })).toEqual({
      acceptRate: 6 / 36, design: "within-task", method: "exact", arrangements: 36, tasks: 2, rollouts: { base: 4, candidate: 4 }, seed: 1,
    });
  });

  it("estimates the same rate by seeded permutations when enumeration is over budget, reproducibly", () => {
    const estimate = ruleNoise(handCase, { seed: 7, arrangements: 30 })!;
    expect(estimate.method).toBe("permutation");
    expect(estimate.arrangements).toBe(30);
    expect(ruleNoise(handCase, { seed: 7, arrangements: 30 })).toEqual(estimate);
    expect(Math.abs(ruleNoise(handCase, { seed: 7, arrangements: 20_000 })!.acceptRate - 1 / 6)).toBeLessThan(0.015);
  });

  it("converges on the exact rate with enough permutations", () => {
    // Ten copies of task A: 6^10 arrangements, too many to enumerate.
    const tasks = Array.from({ length: 10 }, (_, t) => [
      r("base", `A${t}`, true), r("base", `A${t}`, false), r("candidate", `A${t}`, true), r("candidate", `A${t}`, false),
    ]).flat();
    const estimate = ruleNoise(tasks, { seed: 3, arrangements: 4000 })!;
    expect(estimate.method).toBe("permutation");
    // Symmetric: P(candidate ahead on pass rate with trainable not lower) ~ P(behind); both well above 0.
    expect(estimate.acceptRate).toBeGreaterThan(0.1);
    expect(estimate.acceptRate).toBeLessThan(0.5);
  });

  it("counts a truncated rollout as kept out of the trainable rate, and a rule that never moves as noise 0", () => {
    // Every rollout fails: no re-deal changes either rate, so the rule never accepts.
    const allFail = [r("base", "A", false), r("base", "A", false, true), r("candidate", "A", false), r("candidate", "A", false, true)];
    expect(ruleNoise(allFail, { seed: 1 })).toMatchObject({ acceptRate: 0, method: "exact", arrangements: 6 });
  });

  it("re-deals only within a task: a candidate that won task A cannot lose it to task B's rollouts", () => {
    // Per task the pool is S,S (A) or F,F (B): every re-deal leaves each side with the same results, so the
    // rates never change and the rule never accepts — a pooled permutation would mix A's successes into B.
    const sorted = [r("base", "A", true), r("candidate", "A", true), r("base", "B", false), r("candidate", "B", false)];
    expect(ruleNoise(sorted, { seed: 1 })).toMatchObject({ acceptRate: 0, arrangements: 4 });
  });

  it("has nothing to say without a task both sides ran", () => {
    expect(ruleNoise([r("base", "A", true), r("candidate", "B", false)], { seed: 1 })).toBeNull();
    expect(ruleNoise([], { seed: 1 })).toBeNull();
  });
});
