import { describe, expect, it } from "vitest";
import { equalWeightAverage, passAt1, Z95 } from "./pass-at-1";

describe("passAt1", () => {
  it("averages per-task means, and the interval comes from the spread over tasks", () => {
    // Four tasks, three repeats: p̂ = 1, 2/3, 1/3, 0 → mean 0.5; sd = √(((0.5)²+(1/6)²·2+(0.5)²)/3) = √(5/27).
    const r = passAt1([
      { taskId: "a", successes: 3, attempts: 3 },
      { taskId: "b", successes: 2, attempts: 3 },
      { taskId: "c", successes: 1, attempts: 3 },
      { taskId: "d", successes: 0, attempts: 3 },
    ]);
    expect(r.score).toBeCloseTo(0.5, 12);
    expect(r.se).toBeCloseTo(Math.sqrt(5 / 27) / 2, 12);
    expect(r.ci![0]).toBeCloseTo(0.5 - Z95 * Math.sqrt(5 / 27) / 2, 12);
    expect(r.repeats).toEqual({ min: 3, max: 3 });
    expect(r.attempts).toBe(12);
  });

  it("is not the spread of the repeat means: identical repeats still have a wide interval over tasks", () => {
    // Every repeat solves exactly tasks a and b: the three run means are all 0.5 (spread 0), yet the tasks differ.
    const r = passAt1(["a", "b", "c", "d"].map((taskId, i) => ({ taskId, successes: i < 2 ? 3 : 0, attempts: 3 })));
    expect(r.score).toBe(0.5);
    expect(r.se).toBeCloseTo(Math.sqrt(1 / 3) / 2, 12);
  });

  it("clips the interval to [0, 1] and has none below two tasks or with no task", () => {
    expect(passAt1([{ taskId: "a", successes: 1, attempts: 1 }, { taskId: "b", successes: 1, attempts: 1 }, { taskId: "c", successes: 0, attempts: 1 }]).ci![1]).toBe(1);
    expect(passAt1([{ taskId: "a", successes: 1, attempts: 2 }])).toMatchObject({ score: 0.5, se: null, ci: null, tasks: 1 });
    expect(passAt1([])).toMatchObject({ score: null, se: null, ci: null, tasks: 0, repeats: { min: 0, max: 0 } });
  });

  it("ignores tasks with no attempt and reports uneven repeat counts", () => {
    const r = passAt1([{ taskId: "a", successes: 1, attempts: 1 }, { taskId: "b", successes: 0, attempts: 3 }, { taskId: "c", successes: 0, attempts: 0 }]);
    expect(r.tasks).toBe(2);
    expect(r.score).toBe(0.5);
    expect(r.repeats).toEqual({ min: 1, max: 3 });
  });
});

describe("equalWeightAverage", () => {
  it("weights benchmarks equally, not by task count, and combines SEs as independent", () => {
    const avg = equalWeightAverage([{ score: 0.478, se: 0.02 }, { score: 0.247, se: 0.03 }, { score: 0.333, se: 0.04 }]);
    expect(avg.score).toBeCloseTo((0.478 + 0.247 + 0.333) / 3, 12);
    expect(avg.se).toBeCloseTo(Math.sqrt(0.02 ** 2 + 0.03 ** 2 + 0.04 ** 2) / 3, 12);
  });
  it("has no score when a benchmark is missing and no interval when one has no SE", () => {
    expect(equalWeightAverage([{ score: 0.5, se: 0.1 }, { score: null, se: null }]).score).toBeNull();
    expect(equalWeightAverage([{ score: 0.5, se: 0.1 }, { score: 0.3, se: null }])).toMatchObject({ score: 0.4, se: null, ci: null });
  });
});
