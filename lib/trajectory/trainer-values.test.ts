// Issue 40 item 7: the numbers a trainer attaches to a rollout (TRL's integration writes metadata
// {rewards: {func: value}, advantage, extra columns}) are picked out for the viewer and the browser's value column.
import { describe, expect, it } from "vitest";
import { isValueKey, trainerValueAt, trainerValues } from "./trainer-values";

const trl = { rewards: { accuracy_reward: 1, format_reward: 0.5 }, advantage: 0.8660254, solution: "42", ok: true };

describe("trainer values", () => {
  it("takes the finite numbers of a TRL rollout's metadata in the trainer's order, leaving text and flags out", () => {
    expect(trainerValues(trl)).toEqual([
      { key: "rewards.accuracy_reward", value: 1 },
      { key: "rewards.format_reward", value: 0.5 },
      { key: "advantage", value: 0.8660254 },
    ]);
  });

  it("stops at three levels, skips arrays and keys a URL cannot carry, and is empty for no metadata", () => {
    const deep = { a: { b: { c: 1, d: { e: 2 } } }, list: [1, 2], "odd key": 3, "1x": 4, inf: Number.POSITIVE_INFINITY };
    expect(trainerValues(deep)).toEqual([{ key: "a.b.c", value: 1 }]);
    expect(trainerValues(null)).toEqual([]);
    expect(trainerValues([1, 2])).toEqual([]);
  });

  it("reads one value by its key, and knows which keys a filter may name", () => {
    expect(trainerValueAt(trl, "rewards.format_reward")).toBe(0.5);
    expect(trainerValueAt(trl, "solution")).toBeNull();
    expect(trainerValueAt(trl, "rewards.missing")).toBeNull();
    expect(trainerValueAt({ toString: 1 }, "constructor")).toBeNull();
    expect(isValueKey("rewards.accuracy_reward")).toBe(true);
    expect(isValueKey("a.b.c.d")).toBe(false);
    expect(isValueKey("rewards.")).toBe(false);
    expect(isValueKey("x'); DROP")).toBe(false);
  });
});
