import { describe, expect, it } from "vitest";
import { bestPatchId, effectiveReward, patchDelta, rewardDisagreesWithRule, ruleReward, type PatchOutcome } from "./patch-reward";

const patch = (over: Partial<PatchOutcome> & { id: string }): PatchOutcome => ({
  patchIndex: null, valid: true, complete: true, baselineSuccess: 0.5, patchedSuccess: 0.5, reward: null, ...over,
});

describe("r(B, P)", () => {
  it("is the change in success rate for a valid, complete patch", () => {
    expect(patchDelta({ baselineSuccess: 0.4, patchedSuccess: 0.7 })).toBeCloseTo(0.3);
    expect(ruleReward({ valid: true, complete: true, baselineSuccess: 0.4, patchedSuccess: 0.7 })).toBeCloseTo(0.3);
    expect(ruleReward({ valid: true, complete: true, baselineSuccess: 0.6, patchedSuccess: 0.5 })).toBeCloseTo(-0.1);
  });

  it("is 0 for an invalid or incomplete patch, even one whose re-run looked better", () => {
    expect(ruleReward({ valid: false, complete: true, baselineSuccess: 0.2, patchedSuccess: 0.9 })).toBe(0);
    expect(ruleReward({ valid: true, complete: false, baselineSuccess: 0.2, patchedSuccess: 0.9 })).toBe(0);
    expect(ruleReward({ valid: false, complete: false, baselineSuccess: null, patchedSuccess: null })).toBe(0);
  });

  it("is unknown for a valid, complete patch without both success rates", () => {
    expect(patchDelta({ baselineSuccess: 0.5, patchedSuccess: null })).toBeNull();
    expect(ruleReward({ valid: true, complete: true, baselineSuccess: null, patchedSuccess: 0.5 })).toBeNull();
  });

  it("prefers the producer's reward and falls back to the rule", () => {
    expect(effectiveReward(patch({ id: "a", reward: 0.125 }))).toBe(0.125);
    expect(effectiveReward(patch({ id: "a", baselineSuccess: 0.25, patchedSuccess: 0.5 }))).toBe(0.25);
  });

  it("notices a producer's reward that does not follow the rule, ignoring float noise", () => {
    expect(rewardDisagreesWithRule(patch({ id: "a", valid: false, patchedSuccess: 0.75, reward: 0.25 }))).toBe(true);
    expect(rewardDisagreesWithRule(patch({ id: "a", baselineSuccess: 0.1, patchedSuccess: 0.3, reward: 0.2 }))).toBe(false);
    expect(rewardDisagreesWithRule(patch({ id: "a", reward: null }))).toBe(false);
  });
});

describe("bestPatchId", () => {
  it("picks the highest reward among valid and complete patches only", () => {
    const patches = [
      patch({ id: "p0", patchIndex: 0, reward: 0.1 }),
      patch({ id: "p1", patchIndex: 1, valid: false, reward: 0.9 }),
      patch({ id: "p2", patchIndex: 2, complete: false, reward: 0.8 }),
      patch({ id: "p3", patchIndex: 3, reward: 0.3 }),
      patch({ id: "p4", patchIndex: 4, reward: -0.2 }),
    ];
    expect(bestPatchId(patches)).toBe("p3");
  });

  it("breaks ties by the lower patch index", () => {
    expect(bestPatchId([patch({ id: "b", patchIndex: 5, reward: 0.2 }), patch({ id: "a", patchIndex: 2, reward: 0.2 })])).toBe("a");
  });

  it("ranks by the rule's reward when the producer sent none", () => {
    const patches = [
      patch({ id: "x", patchIndex: 0, baselineSuccess: 0.5, patchedSuccess: 0.6 }),
      patch({ id: "y", patchIndex: 1, baselineSuccess: 0.5, patchedSuccess: 0.8 }),
    ];
    expect(bestPatchId(patches)).toBe("y");
  });

  it("still names a best patch when every valid one made things worse", () => {
    expect(bestPatchId([patch({ id: "a", patchIndex: 0, reward: -0.3 }), patch({ id: "b", patchIndex: 1, reward: -0.1 })])).toBe("b");
  });

  it("is null when no patch is valid and complete with a known reward", () => {
    expect(bestPatchId([])).toBeNull();
    expect(bestPatchId([patch({ id: "a", valid: false, reward: 0 }), patch({ id: "b", baselineSuccess: null })])).toBeNull();
  });
});
