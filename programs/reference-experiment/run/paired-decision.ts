// The reference trainer's departure from the paper's rule (DemoConfig.ruleDeparture "paired-test", documented in
// docs/reference-experiment.md): the paper accepts when one rate strictly rises and the other does not fall, with no
// test, and on independent streams that rule accepts an identical harness about a third of the time (A/A, dev seed 1:
// 6 of 20). Here both sides run each (task, sample) on the same stream, so a change can be tested where it happened:
// a rising rate must also be beyond what swapping the sides within pairs gives (one-sided sign-flip p ≤ ALPHA) —
// the pass rate over (task, sample) pairs, the trainable rate over tasks (it is a property of a task's group of K).
// The paper's verdict is kept beside it in the decision record.
import type { EpisodeResult } from "../types";
import type { AcceptanceResult } from "../../../lib/metrics/acceptance-rule";
import { signFlipTest, type SignFlipResult } from "../../../lib/stats/sign-flip-test";

export const ALPHA = 0.05;

export interface PairedEvidence {
  pass: SignFlipResult;
  trainable: SignFlipResult;
  alpha: number;
}

export interface PairedDecision {
  verdict: "accept" | "reject";
  reason: string;
  evidence: PairedEvidence;
  /** The paper's rule alone. */
  paperVerdict: "accept" | "reject";
}

/** Rollouts of a task's group the trainable rate counts: not truncated, in a group that keeps a success and a failure. */
function trainableCount(group: readonly EpisodeResult[]): number {
  const kept = group.filter((e) => !e.truncated);
  return kept.some((e) => e.success) && kept.some((e) => !e.success) ? kept.length : 0;
}

/** Sides as groups per task, the same tasks and samples in the same order (shared streams). */
export function pairedEvidence(base: readonly EpisodeResult[][], candidate: readonly EpisodeResult[][], seed: number): PairedEvidence {
  if (base.length !== candidate.length || base.some((g, t) => g.length !== candidate[t].length)) {
    throw new Error("a paired test needs the same tasks and samples on both sides");
  }
  const pass = base.flatMap((group, t) => group.map((b, k) => Number(candidate[t][k].success) - Number(b.success)));
  const trainable = base.map((group, t) => trainableCount(candidate[t]) - trainableCount(group));
  return { pass: signFlipTest(pass, { seed }), trainable: signFlipTest(trainable, { seed: seed + 1 }), alpha: ALPHA };
}

const pText = (p: number) => (p < 0.001 ? "< 0.001" : `= ${p.toFixed(3)}`);

export function pairedDecision(rule: AcceptanceResult, evidence: PairedEvidence): PairedDecision {
  const rising = [
    ...(rule.passRateChangePp > 0 ? [{ name: "pass rate", test: evidence.pass }] : []),
    ...(rule.trainableRateChangePp > 0 ? [{ name: "trainable rate", test: evidence.trainable }] : []),
  ];
  const beyond = rising.filter((r) => r.test.p <= evidence.alpha);
  const tests = rising.map((r) => `${r.name} p ${pText(r.test.p)} over ${r.test.differing} differing ${r.name === "pass rate" ? "pairs" : "tasks"}`).join(", ");
  if (rule.verdict === "reject") return { verdict: "reject", reason: rule.reason, evidence, paperVerdict: "reject" };
  if (beyond.length > 0) {
    return { verdict: "accept", reason: `${rule.reason} (beyond pairing noise: ${tests})`, evidence, paperVerdict: "accept" };
  }
  const base = rule.reason.replace(/: accept$/, "");
  return {
    verdict: "reject", paperVerdict: "accept", evidence,
    reason: `${base}: the paper's rule accepts, but no rising rate is beyond pairing noise (${tests}; needs p ≤ ${evidence.alpha}): reject`,
  };
}
