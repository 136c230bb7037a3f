import { describe, expect, it } from "vitest";
import { acceptanceRule } from "../../../lib/metrics/acceptance-rule";
import type { EpisodeResult } from "../types";
import { pairedDecision, pairedEvidence } from "./paired-decision";

const episode = (success: boolean, truncated = false) => ({ success, truncated }) as EpisodeResult;
/** Per task a group of K = 4: "s" success, "f" failure, "t" truncated failure. */
const sides = (...tasks: string[]) => tasks.map((g) => [...g].map((c) => episode(c === "s", c === "t")));
const rates = (groups: EpisodeResult[][]) => {
  const all = groups.flat();
  const trainable = groups.reduce((a, g) => {
    const kept = g.filter((e) => !e.truncated);
    return a + (kept.some((e) => e.success) && kept.some((e) => !e.success) ? kept.length : 0);
  }, 0);
  return { passRate: all.filter((e) => e.success).length / all.length, trainableRate: trainable / all.length };
};

describe("the reference trainer's paired test (a departure from the paper's rule)", () => {
  it("rejects an identical candidate: no differing pairs, p = 1", () => {
    const base = sides("sfff", "ssff", "ffff");
    const evidence = pairedEvidence(base, base, 1);
    expect(evidence.pass).toMatchObject({ p: 1, differing: 0 });
    expect(evidence.trainable).toMatchObject({ p: 1, differing: 0 });
    expect(pairedDecision(acceptanceRule({ base: rates(base), candidate: rates(base) }), evidence).verdict).toBe("reject");
  });

  it("turns the paper's accept into a reject when the rise rests on a handful of pairs", () => {
    // One pair flips from failure to success: pass +1/12, trainable +4/12 on one task. The paper accepts.
    const base = sides("sfff", "ssff", "ffff");
    const candidate = sides("sfff", "ssff", "sfff");
    const rule = acceptanceRule({ base: rates(base), candidate: rates(candidate) });
    expect(rule.verdict).toBe("accept");
    const decided = pairedDecision(rule, pairedEvidence(base, candidate, 1));
    // Hand-computed: pass differs in 1 pair (p = 1/2), trainable in 1 task (+4: p = 1/2).
    expect(decided.evidence.pass).toMatchObject({ p: 0.5, differing: 1, method: "exact" });
    expect(decided.evidence.trainable).toMatchObject({ p: 0.5, differing: 1, method: "exact" });
    expect(decided).toMatchObject({ verdict: "reject", paperVerdict: "accept" });
    expect(decided.reason).toContain("the paper's rule accepts, but no rising rate is beyond pairing noise (pass rate p = 0.500 over 1 differing pairs, trainable rate p = 0.500 over 1 differing tasks; needs p ≤ 0.05): reject");
  });

  it("accepts a rise that many pairs carry", () => {
    const base = sides(...Array(8).fill("ffff"));
    const candidate = sides(...Array(8).fill("sfff"));
    const rule = acceptanceRule({ base: rates(base), candidate: rates(candidate) });
    const decided = pairedDecision(rule, pairedEvidence(base, candidate, 1));
    // 8 of 8 differing pairs up: p = 1/256 for both criteria.
    expect(decided.evidence.pass.p).toBe(1 / 256);
    expect(decided).toMatchObject({ verdict: "accept", paperVerdict: "accept" });
  });

  it("refuses sides that are not paired", () => {
    expect(() => pairedEvidence(sides("sfff"), sides("sfff", "ffff"), 1)).toThrow(/same tasks and samples/);
  });
});
