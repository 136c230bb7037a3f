// Inspect score values as rewards: the values Inspect's own metrics read as 1/0/0.5, and nothing else.
import { describe, expect, it } from "vitest";
import { rewardOfScores, rewardOfValue } from "./inspect-ai-score";

describe("rewardOfValue", () => {
  it.each([
    ["C", 1], ["I", 0], ["P", 0.5], ["N", 0], [true, 1], [false, 0], [1, 1], [0, 0], [0.25, 0.25],
    ["yes", 1], ["No", 0], ["TRUE", 1], ["false", 0], ["0.75", 0.75], ["1", 1],
  ])("reads %j as %d", (value, reward) => {
    expect(rewardOfValue(value)).toBe(reward);
  });

  it.each([[7], [-1], [Number.NaN], ["7"], ["maybe"], [""], [null], [[1, 0]], [{ a: 1 }]])("has no reward for %j", (value) => {
    expect(rewardOfValue(value)).toBeUndefined();
  });
});

describe("rewardOfScores", () => {
  it("uses the one scorer's value and nothing when there are several or none", () => {
    expect(rewardOfScores({ includes: { value: "C", answer: "x" } })).toBe(1);
    expect(rewardOfScores({ a: { value: "C" }, b: { value: "C" } })).toBeUndefined();
    expect(rewardOfScores({})).toBeUndefined();
    expect(rewardOfScores(undefined)).toBeUndefined();
    expect(rewardOfScores({ a: "C" })).toBeUndefined();
  });
});
