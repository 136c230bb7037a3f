// Issue 38 item 2: the noise figure of a comparison whose sides are paired (common random numbers by task and sample
// index) swaps sides within pairs. An identical candidate on paired streams has no differing pair and a noise figure
// of 0 (the within-task re-deal reported ~30 % for such rollouts); a small case is checked against the figure worked
// out by hand; an unpaired comparison keeps the within-task permutation.
import { describe, expect, it } from "vitest";
import { comparisonNoise } from "./comparison-noise";
import { pairedRuleNoise, type PairedNoiseRollout } from "./paired-rule-noise";
import { ruleNoise } from "./rule-noise";
import { handfulSentence, ruleNoiseMethod, ruleNoiseSentence } from "./rule-noise-text";

/** "SF" = sample 0 succeeded, sample 1 failed; every rollout kept (reward known, not truncated). */
function side(side: "base" | "candidate", tasks: Record<string, string>): PairedNoiseRollout[] {
  return Object.entries(tasks).flatMap(([taskId, outcomes]) => [...outcomes].map((o, k) => ({
    side, taskId, success: o === "S", reward: o === "S" ? 1 : 0, truncated: false, sampleIndex: k,
  })));
}

describe("the paired null (sign flips within pairs)", () => {
  it("an identical candidate on paired streams: no differing pairs, a noise figure of 0, and the panel says so", () => {
    const tasks: Record<string, string> = {};
    for (let t = 0; t < 12; t++) tasks[`t${t}`] = ["SFSF", "SSFF", "FFFS", "SSSF"][t % 4]!;
    const rollouts = [...side("base", tasks), ...side("candidate", tasks)];
    const paired = comparisonNoise(rollouts, { seed: 7, pairing: "paired" })!;
    expect(paired).toMatchObject({ design: "paired", acceptRate: 0, pairs: 48, differingPairs: 0, method: "exact", arrangements: 1, tasks: 12 });
    // The figure the panel showed before for the same rollouts: the re-deal counts differences pairing removed.
    expect(ruleNoise(rollouts, { seed: 7 })!.acceptRate).toBeGreaterThan(0.1);
    expect(ruleNoiseSentence(paired)).toBe("Paired by task and sample: no pair differs. At 12 tasks and 48 rollouts a side, this rule accepts a candidate with no effect 0 % of the time.");
    expect(handfulSentence(paired)).toBe("Both sides gave the same result in every pair: this comparison cannot tell the harnesses apart.");
  });

  it("matches the figure worked out by hand", () => {
    // a: base FF, candidate SF (pair 0 differs); b: base FF, candidate FS (pair 1 differs); c: SF on both sides.
    // The 4 arrangements of the 2 differing pairs, as (pass rate, trainable rate) base → candidate:
    //   as observed      1/6, 2/6 → 3/6, 6/6  accept (both rise)
    //   a swapped        2/6, 4/6 → 2/6, 4/6  reject (no strict rise)
    //   b swapped        2/6, 4/6 → 2/6, 4/6  reject
    //   both swapped     3/6, 6/6 → 1/6, 2/6  reject
    // so the rule accepts 1 of 4 no-effect arrangements: 25 %.
    const rollouts = [...side("base", { a: "FF", b: "FF", c: "SF" }), ...side("candidate", { a: "SF", b: "FS", c: "SF" })];
    const noise = pairedRuleNoise(rollouts, { seed: 1 })!;
    expect(noise).toEqual({
      acceptRate: 0.25, method: "exact", arrangements: 4, design: "paired", pairs: 6, differingPairs: 2,
      tasks: 3, rollouts: { base: 6, candidate: 6 }, seed: 1,
    });
    expect(ruleNoiseSentence(noise)).toBe("Paired by task and sample: 2 of 6 pairs differ. At 3 tasks and 6 rollouts a side, this rule accepts a candidate with no effect 25 % of the time.");
    expect(handfulSentence(noise)).toBe("This verdict rests on 2 rollouts that came out differently out of 6 pairs: too few for any paired test to tell an effect from chance.");
    expect(ruleNoiseMethod(noise)).toMatch(/^Exact: every one of the 4 ways to swap the sides within the differing pairs/);
  });

  it("a truncated rollout differs from a kept one even when both fail: the trainable rate sees it", () => {
    const base = side("base", { a: "SF" });
    const candidate = side("candidate", { a: "SF" }).map((r, k) => (k === 1 ? { ...r, truncated: true } : r));
    expect(pairedRuleNoise([...base, ...candidate], { seed: 1 })).toMatchObject({ differingPairs: 1, arrangements: 2 });
  });

  it("many differing pairs: a seeded estimate, the same for the same seed whatever the input order", () => {
    const tasks: Record<string, string> = {};
    const other: Record<string, string> = {};
    for (let t = 0; t < 20; t++) {
      tasks[`t${t}`] = "SFSF";
      other[`t${t}`] = t % 2 === 0 ? "FSFS" : "SFSF";
    }
    const rollouts = [...side("base", tasks), ...side("candidate", other)];
    const a = pairedRuleNoise(rollouts, { seed: 3, arrangements: 500 })!;
    expect(a).toMatchObject({ method: "permutation", arrangements: 500, differingPairs: 40, pairs: 80 });
    expect(pairedRuleNoise([...rollouts].reverse(), { seed: 3, arrangements: 500 })).toEqual(a);
    expect(handfulSentence(a)).toBeUndefined();
  });

  it("unpaired comparisons, and paired ones with no sample indices, keep the within-task permutation", () => {
    const rollouts = [...side("base", { a: "SFFF", b: "FFFS" }), ...side("candidate", { a: "SSFF", b: "FFSS" })];
    expect(comparisonNoise(rollouts, { seed: 5, pairing: "independent" })).toEqual(ruleNoise(rollouts, { seed: 5 }));
    expect(comparisonNoise(rollouts, { seed: 5, pairing: null })!.design).toBe("within-task");
    const noIndex = rollouts.map((r) => ({ ...r, sampleIndex: null }));
    expect(comparisonNoise(noIndex, { seed: 5, pairing: "paired" })).toEqual(ruleNoise(rollouts, { seed: 5 }));
    expect(handfulSentence(ruleNoise(rollouts, { seed: 5 })!)).toBeUndefined();
  });
});
