// The best patch so far over the engineer's steps: by mean reward over a patch's valid, complete evaluations up
// to each step, with the target's mean success under it and under H0 on the same batches.
import { describe, expect, it } from "vitest";
import { bestPatchCurves, bestPatchTable, type PatchEvaluationAtStep } from "./best-patch-curve";

let n = 0;
const ev = (step: number | null, patchId: string | null, baseline: number, patched: number | null, extra: Partial<PatchEvaluationAtStep> = {}): PatchEvaluationAtStep => ({
  id: `e${n++}`, run: "eng", step, patchId, patchLabel: patchId ? `Engineer patch ${patchId}` : null, patchIndex: 0,
  valid: true, complete: true, baselineSuccess: baseline, patchedSuccess: patched, reward: patched === null ? null : patched - baseline, ...extra,
});

describe("bestPatchCurves", () => {
  it("keeps the patch with the best mean reward so far and reports the target's mean success under it", () => {
    const [curve] = bestPatchCurves([
      ev(0, "a", 0.5, 0.75), ev(0, "b", 0.5, 0.5),
      // Step 1: b does well once: mean reward (0 + 0.5) / 2 = 0.25 ties a's 0.25, and b has more evaluations.
      ev(1, "b", 0.25, 0.75),
      // Step 2: a is evaluated again and does worse (mean 0.125); b stays best.
      ev(2, "a", 0.5, 0.5),
      // An invalid patch scores 0 whatever its numbers, and is never the best.
      ev(2, "c", 0, 1, { valid: false }),
    ]);
    expect(curve.points.map((p) => [p.step, p.patchId, p.success, p.baseline, p.meanReward, p.batches])).toEqual([
      [0, "a", 0.75, 0.5, 0.25, 1],
      [1, "b", 0.625, 0.375, 0.25, 2],
      [2, "b", 0.625, 0.375, 0.25, 2],
    ]);
    expect(curve.points[2].patchLabel).toBe("Engineer patch b");
  });

  it("counts evaluations whose packet names no step, one curve per engineer run, and tabulates every point", () => {
    const curves = bestPatchCurves([ev(0, "a", 0, 0.5), ev(null, "a", 0, 1), ev(3, null, 0.2, 0.4, { run: "other" })]);
    expect(curves.map((c) => [c.run, c.points.length, c.withoutStep])).toEqual([["eng", 1, 1], ["other", 1, 0]]);
    // Without a proposal an evaluation is its own patch, named by its id.
    expect(curves[1].points[0].patchLabel).toMatch(/^e\d+$/);
    const table = bestPatchTable(curves);
    expect(table.rows).toHaveLength(2);
    expect(table.rows[0]).toEqual(["eng", 0, "Engineer patch a", "a", 0.5, 0, 0.5, 1]);
  });
});
