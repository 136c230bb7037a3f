// Common random numbers (issue 16): both sides of a comparison and every harness version in an evaluation run
// each (task, sample) on the same stream. Before, each side and each harness label drew its own stream, so a
// candidate byte-identical to the incumbent scored differently (H0 .092 vs H1 .200 with the same files).
import { describe, expect, it } from "vitest";
import { createDemoContext } from "@/programs/reference-experiment/run/demo-context";
import { demoConfig } from "@/programs/reference-experiment/run/demo-config";
import { demoIds } from "@/programs/reference-experiment/run/experiment-events";
import { compareCandidate } from "@/programs/reference-experiment/run/compare-candidate";
import { evaluateCheckpoint } from "@/programs/reference-experiment/run/evaluate";
import { buildSuites } from "@/programs/reference-experiment/tasks/suites";
import { createRng } from "@/programs/reference-experiment/random";
import { h0Files } from "@/programs/reference-experiment/harness/h0";
import { SoftmaxPolicy } from "@/programs/reference-experiment/policy/softmax-policy";

const sink = { client: null, send: async () => {}, flush: async () => {}, counts: () => ({ applied: {}, unchanged: {} }) };

function context(seed: number) {
  const config = demoConfig("small", seed);
  return createDemoContext({ config, ids: demoIds(seed, "small"), suites: buildSuites(seed, "small"), sink, rng: createRng(seed), log: () => {}, review: { mode: "rule" } });
}

describe("common random numbers in the reference experiment", () => {
  it("an A/A comparison (candidate = incumbent) gives both sides the same rollouts, so the rule cannot accept it", async () => {
    const ctx = context(3);
    const h0 = h0Files({ maxTurns: ctx.config.trainMaxTurns });
    const outcome = await compareCandidate(ctx, {
      experiment: "x", run: "x", comparisonId: "aa", proposalId: "aa", epoch: 1, policy: new SoftmaxPolicy(),
      base: { harnessVersion: "H0", files: h0 }, candidate: { harnessVersion: "H0 again", files: h0 },
    });
    const half = outcome.episodes.length / 2;
    const outcomes = outcome.episodes.map((e) => `${e.episode.success}/${e.episode.truncated}/${e.episode.turns.length}`);
    expect(outcomes.slice(half)).toEqual(outcomes.slice(0, half));
    expect(outcome.candidate).toEqual(outcome.base);
    expect(outcome.rule.verdict).toBe("reject");
    // The rule's own noise at this size is still reported: what it would be without the shared streams.
    expect(outcome.noise?.tasks).toBe(ctx.suites.comparison.length);
  }, 60_000);

  it("two harness labels with the same files score the same pass@1 on every suite", async () => {
    const ctx = context(4);
    const files = h0Files({ maxTurns: ctx.config.trainMaxTurns });
    const summary = await evaluateCheckpoint(ctx, {
      experiment: "x", run: "x", checkpoint: "c", policy: new SoftmaxPolicy(),
      harnesses: [{ harnessVersion: "a", label: "H0", files }, { harnessVersion: "b", label: "H1", files }],
    });
    expect(summary.H1).toEqual(summary.H0);
  }, 60_000);
});
