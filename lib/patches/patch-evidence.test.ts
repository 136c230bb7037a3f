import { describe, expect, it } from "vitest";
import { patchEvidence, type PatchEvaluationOnPacket } from "./patch-evidence";
import type { PatchOutcome } from "./patch-reward";

const outcome = (id: string, baseline: number, patched: number, extra: Partial<PatchOutcome> = {}): PatchOutcome => ({
  id, patchIndex: Number(id.slice(-1)), valid: true, complete: true, baselineSuccess: baseline, patchedSuccess: patched, reward: null, ...extra,
});

describe("an engineer patch's evidence", () => {
  it("lists each packet's Δ and reward, marks the packet's best, and averages Δ over valid complete packets", () => {
    const a = outcome("p1-k0", 0.25, 0.5);
    const aOther = outcome("p1-k1", 0.25, 0.375);
    const b = outcome("p2-k0", 0.5, 0.375);
    const bOther = outcome("p2-k1", 0.5, 0.75);
    const c = outcome("p3-k0", 0.25, 0.75, { valid: false });
    const evaluations: PatchEvaluationOnPacket[] = [
      { ...a, packetId: "p1", packetPatches: [a, aOther] },
      { ...b, packetId: "p2", packetPatches: [b, bOther] },
      { ...c, packetId: "p3", packetPatches: [c] },
    ];
    const evidence = patchEvidence("proposal-x", evaluations);
    expect(evidence.lines.map((l) => [l.packetId, l.delta, l.reward, l.bestInPacket])).toEqual([
      ["p1", 0.25, 0.25, true],
      ["p2", -0.125, -0.125, false],
      // Invalid: its Δ is shown, its reward is 0 by the rule, and it is not counted in the mean Δ.
      ["p3", 0.5, 0, false],
    ]);
    expect(evidence.counted).toBe(2);
    expect(evidence.delta.mean).toBeCloseTo(0.0625, 12);
    const [lo, hi] = evidence.delta.ci95!;
    expect(lo).toBeCloseTo(-0.125, 12);
    expect(hi).toBeCloseTo(0.25, 12);
    expect(evidence.meanReward).toBeCloseTo((0.25 - 0.125 + 0) / 3, 12);
    expect(evidence.bestIn).toBe(1);
    // Seeded by the proposal: the same evidence gives the same interval.
    expect(patchEvidence("proposal-x", evaluations).delta).toEqual(evidence.delta);
  });

  it("says nothing is counted when no evaluation was valid and complete", () => {
    const only = outcome("p1-k0", 0.25, 0.5, { complete: false });
    const evidence = patchEvidence("proposal-y", [{ ...only, packetId: "p1", packetPatches: [only] }]);
    expect(evidence.counted).toBe(0);
    expect(evidence.delta).toMatchObject({ n: 0, mean: null, ci95: null, note: "no-tasks" });
  });
});
