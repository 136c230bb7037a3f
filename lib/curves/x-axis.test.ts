import { describe, expect, it } from "vitest";
import { epochPositions } from "./x-axis";

describe("epochPositions", () => {
  it("places each step at epoch + rank / steps of its epoch", () => {
    const pos = epochPositions([
      { step: 0, epoch: 1 }, { step: 1, epoch: 1 }, { step: 2, epoch: 1 }, { step: 3, epoch: 1 },
      { step: 4, epoch: 2 }, { step: 5, epoch: 2 },
      { step: 6, epoch: null },
    ]);
    expect([...pos.entries()].sort(([a], [b]) => a - b)).toEqual([[0, 1], [1, 1.25], [2, 1.5], [3, 1.75], [4, 2], [5, 2.5]]);
  });

  it("counts a step once, under its smallest epoch, whatever the order", () => {
    const pos = epochPositions([{ step: 9, epoch: 3 }, { step: 8, epoch: 2 }, { step: 9, epoch: 2 }, { step: 9, epoch: 2 }]);
    expect(pos.get(8)).toBe(2);
    expect(pos.get(9)).toBe(2.5);
  });
});
