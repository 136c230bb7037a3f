import { describe, expect, it } from "vitest";
import { emptyCell } from "./cost-summary";
import { unreportedQuantities, unreportedSentence } from "./unreported";

describe("what an experiment reports no rollout of", () => {
  it("names tokens, cost and time when no rollout reports them, and says it once", () => {
    const cell = { ...emptyCell(), rollouts: 40, turns: 300 };
    expect(unreportedQuantities(cell)).toEqual(["tokens", "cost", "time"]);
    expect(unreportedSentence(unreportedQuantities(cell))).toBe("No rollout of this experiment reports token counts, cost or rollout times; those columns are left out.");
  });

  it("keeps a quantity some rollouts report, and says nothing for an experiment without rollouts", () => {
    const cell = { ...emptyCell(), rollouts: 40, promptTokens: { reported: 3, sum: 900 }, durationMs: { reported: 40, sum: 4000 } };
    expect(unreportedQuantities(cell)).toEqual(["cost"]);
    expect(unreportedSentence(["cost"])).toBe("No rollout of this experiment reports cost; that column is left out.");
    expect(unreportedQuantities(emptyCell())).toEqual([]);
    expect(unreportedSentence([])).toBeNull();
  });
});
