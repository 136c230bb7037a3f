// Harness-R1's streams (issue 16): a patch's reward pairs its re-run with an H0 control on exactly the same streams
// (common random numbers), and those streams are not the ones the packet's baseline drew, so no reward contains the
// luck of the draw that made the packet. Before, the patches ran on the baseline's own streams and the mean reward
// followed that draw (corr(packet baseline, mean reward) −0.53 to −0.81 in seeds 1–3 at the default size).
import { describe, expect, it } from "vitest";
import { createDemoContext } from "@/programs/reference-experiment/run/demo-context";
import { demoConfig } from "@/programs/reference-experiment/run/demo-config";
import { demoIds } from "@/programs/reference-experiment/run/experiment-events";
import { runTargetBatch } from "@/programs/reference-experiment/run/target-batch";
import { packetScopes, pairedReward } from "@/programs/reference-experiment/run/harness-r1";
import { buildSuites } from "@/programs/reference-experiment/tasks/suites";
import { createRng } from "@/programs/reference-experiment/random";
import { h0Files } from "@/programs/reference-experiment/harness/h0";
import { SoftmaxPolicy } from "@/programs/reference-experiment/policy/softmax-policy";

const sink = { client: null, send: async () => {}, flush: async () => {}, counts: () => ({ applied: {}, unchanged: {} }) };

async function setting() {
  const seed = 2;
  const config = demoConfig("small", seed);
  const ctx = createDemoContext({ config, ids: demoIds(seed, "small"), suites: buildSuites(seed, "small"), sink, rng: createRng(seed), log: () => {}, review: { mode: "rule" } });
  const files = h0Files({ maxTurns: config.trainMaxTurns });
  const scopes = packetScopes("x", "x-packet0");
  const run = (scope: string, idPrefix: string, draws = config.targetDraws) => runTargetBatch(ctx, {
    experiment: "x", run: "x", idPrefix, harnessVersion: "H0", files, policy: new SoftmaxPolicy(), checkpoint: "c",
    tasks: ctx.suites.train.slice(0, config.packetTasks), purpose: "rerun", scope, draws,
  });
  return { scopes, run };
}

const outcomes = (run: Awaited<ReturnType<Awaited<ReturnType<typeof setting>>["run"]>>) =>
  run.rollouts.map((r) => `${r.episode.success}/${r.episode.truncated}/${r.episode.turns.length}`);

describe("Harness-R1 packet streams", () => {
  it("pairs a patched re-run with the control draw by draw, on streams the packet's baseline never drew", async () => {
    const { scopes, run } = await setting();
    expect(new Set([scopes.baseline, scopes.reward, scopes.check]).size).toBe(3);
    const control = await run(scopes.reward, "control");
    // A patch that changes nothing (the H0 files again) on the reward's streams: the same episodes, reward 0.
    const unchanged = await run(scopes.reward, "patched");
    expect(outcomes(unchanged)).toEqual(outcomes(control));
    expect(pairedReward(control, unchanged)).toBe(0);
    // The baseline (the packet's failures) and the check draw streams of their own.
    expect(outcomes(await run(scopes.baseline, "baseline"))).not.toEqual(outcomes(control));
    expect(outcomes(await run(scopes.check, "check"))).not.toEqual(outcomes(control));
  }, 60_000);

  it("refuses a reward from runs that are not on the same streams", async () => {
    const { scopes, run } = await setting();
    const control = await run(scopes.reward, "control");
    expect(() => pairedReward(control, { ...control, scope: scopes.baseline })).toThrow(/same streams|control's streams/);
    const fewer = await run(scopes.reward, "fewer", 1);
    expect(() => pairedReward(control, fewer)).toThrow();
  }, 60_000);
});
