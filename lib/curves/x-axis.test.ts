import { describe, expect, it } from "vitest";
import { epochPositions } from "./x-axis";

describe("epochPositions", () => {
  it("places each step at epoch + rank / steps of its epoch", () => {
    const pos = epochPositions([{ step: [0, 1, 2, 3, 4, 5, 6], epoch: [1, 1, 1, 1, 2, 2, null] }]);
    expect([...pos.entries()].sort(([a], [b]) => a - b)).toEqual([[0, 1], [1, 1.25], [2, 1.5], [3, 1.75], [4, 2], [5, 2.5]]);
  });

  it("counts a step once, under its smallest epoch, across sources and whatever the order", () => {
    const pos = epochPositions([{ step: [9, 8], epoch: [3, 2] }, { step: [9, 9], epoch: [2, 2] }]);
    expect(pos.get(8)).toBe(2);
    expect(pos.get(9)).toBe(2.5);
  });
});
