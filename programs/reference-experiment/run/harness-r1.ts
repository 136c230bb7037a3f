// Harness-R1: an engineer learns to patch the lifecycle hooks of a frozen target (the trained GRPO checkpoint).
// For each failure packet (the target's failed rollouts on a batch, every packet counted) it samples K patches;
// each valid, complete patch is applied and the target re-run on the same batch; reward = change in success rate,
// else 0; the engineer is trained with GRPO on it. Every H0 and patched run is a "rerun" rollout: the engineer's cost.
// Three H0 runs per packet, each on streams of its own (several draws per task):
// - the packet's baseline: the failures the engineer sees and the packet's baseline success;
// - the reward's control: every patched re-run draws exactly its streams (common random numbers), so a patch's Δ
//   comes from the patch; these streams are disjoint from the baseline's, so no reward contains the luck of the
//   draw that made the packet (with the patches on the baseline's own streams the mean reward followed that
//   draw's luck, corr −0.25 over 180 packets, now +0.08: BENCHMARKS.md; a lucky-high baseline left any patch that
//   changes the target's moves only room to lose);
// - a check: a third estimate of the packet's success, so the bench can tell a reward that follows the packet's
//   difficulty (real: a packet the target solves can only lose) from one that follows a draw's luck (an artefact).
// Then the best patch is ablated one hook position at a time and tried on targets it never saw (other training
// runs' checkpoints and the untrained policy), each gain with its paired 95 % interval over held-out tasks.
import type { DemoContext } from "./demo-context";
import { harnessVersionEvent } from "./experiment-events";
import { checkpointEvent } from "./training-loop";
import { runTargetBatch, type BatchRun } from "./target-batch";
import type { MethodSummary } from "./harnessadapt";
import { h0Files } from "../harness/h0";
import type { HarnessFile } from "../harness/types";
import type { RepairTask } from "../types";
import { SoftmaxPolicy } from "../policy/softmax-policy";
import { classifyProblems } from "../teacher/classify-problems";
import { EngineerPolicy, type EngineerDecision } from "../engineer/engineer-policy";
import { checkPatch, patchFiles, patchKey, patchPositions, patchTitle, withoutPosition, type HookPatch } from "../engineer/patch-space";
import { packetFeatures } from "../engineer/packet-features";
import { engineerVsUntrained, type EngineerHeldOut } from "./engineer-held-out";
import { pairedBootstrap } from "../../../lib/stats/paired-bootstrap";
import { seedFromString } from "../../../lib/stats/prng";

/** A frozen policy Harness-R1 patches for or tests its patch on. */
export interface R1Target {
  id: string;
  name: string;
  policy: SoftmaxPolicy;
}

/** Patched − H0 success on the held-out tasks, paired by task (mean over draws), with its 95 % interval. */
export interface HeldOutGain {
  before: number;
  after: number;
  delta: number;
  ci95: [number, number] | null;
  tasks: number;
}

export interface HarnessR1Summary extends MethodSummary {
  bestPatch: string;
  ablation: Record<string, number>;
  /** The best patch's held-out gain on the trained target. */
  gain: HeldOutGain;
  transfer: Record<string, HeldOutGain>;
  /**
   * Per packet, in order: its baseline success (the run its failures come from), the control the rewards subtract
   * (H0 on the patched runs' streams, disjoint from the baseline's), a third estimate from streams of its own, and
   * the mean reward of its patches. baseline − independentBaseline is the baseline draw's luck: a reward that
   * follows it is the regression-to-the-mean artefact; one that follows independentBaseline follows the packet.
   */
  packets: Array<{ baseline: number; control: number; independentBaseline: number; meanReward: number }>;
  /** The trained engineer against the untrained one on held-out packets (engineer-held-out.ts). */
  engineerVsUntrained: EngineerHeldOut;
  /** How the best patch was picked: the trained engineer's own greedy patch, or, when that patches nothing, the patch
   * with the best mean reward in training, picked after the fact (not something the engineer chose). */
  bestPatchPicked: "engineer" | "after the fact";
}

export async function runHarnessR1(ctx: DemoContext, trained: R1Target, otherTargets: readonly R1Target[]): Promise<HarnessR1Summary> {
  const { config, sink } = ctx;
  const experiment = `ref-${ctx.ids.tag}-harness-r1`;
  const run = `${experiment}-engineer`;
  await sink.send({
    type: "experiment", id: experiment, name: `Reference: Harness-R1 (seed ${config.seed}, ${config.size})`, method: "harness-r1",
    description: "An engineer policy learns, with GRPO on the change in success rate (each patched re-run against an H0 control on the same random streams, disjoint from the draws its failure packet came from), which lifecycle hooks to patch into a frozen target's harness.",
    config: { ...config },
  });
  await sink.send({ type: "run", id: run, experiment, kind: "engineer", status: "running", name: "engineer training on failure packets" });
  const h0Id = `${experiment}-H0`;
  const base = h0Files({ maxTurns: config.trainMaxTurns });
  await sink.send(harnessVersionEvent({ id: h0Id, experiment, label: "H0", origin: "initial", description: "the target's bare harness", files: base }));
  const target = trained.policy;
  const targetCheckpoint = `${experiment}-target`;
  await sink.send({ ...checkpointEvent(experiment, run, target, 0, 0), id: targetCheckpoint, role: "target", name: `frozen target (${trained.name})` });
  const draws = config.targetDraws;

  const versions = new Map<string, string>();
  const versionOf = async (patch: HookPatch, files: readonly HarnessFile[]): Promise<string> => {
    const key = patchKey(patch);
    let id = versions.get(key);
    if (!id) {
      id = `${experiment}-patch-${key}`;
      versions.set(key, id);
      await sink.send(harnessVersionEvent({ id, experiment, label: `H0 ⊕ ${key}`, parent: h0Id, origin: "proposal", description: `engineer patch: ${key}`, files }));
      // Each distinct patch is a proposal like a teacher's: reviewers see its code against H0 and promoting
      // it to the target's harness is an approval like any other (issue 5).
      await sink.send({
        type: "proposal", id: patchProposalId(experiment, key), experiment, kind: "engineer_patch", title: `Engineer patch — ${patchTitle(patch)}`,
        rationale: `Hook patch sampled by the engineer policy for a failure packet: ${key}.`, teacher: "engineer policy", base: h0Id, candidate: id,
      });
    }
    return id;
  };

  const engineer = new EngineerPolicy();
  // Rewards of every evaluated patch, by composition: the best one is what the ablation and transfer test.
  const tried = new Map<string, { patch: HookPatch; rewards: number[] }>();
  const pool = ctx.rng.fork(`${experiment}/batches`).shuffle(ctx.suites.train);
  const batchOf = (n: number): RepairTask[] => Array.from({ length: config.packetTasks }, (_, i) => pool[(n * config.packetTasks + i) % pool.length]);
  let packetIndex = 0;
  const packets: HarnessR1Summary["packets"] = [];
  for (let step = 0; step < config.engineerSteps; step++) {
    const groups: Array<{ decisions: EngineerDecision[]; rewards: number[] }> = [];
    const rewards: number[] = [];
    for (let p = 0; p < config.packetsPerStep; p++, packetIndex++) {
      const tasks = batchOf(packetIndex);
      const packetId = `${experiment}-packet${packetIndex}`;
      // Baseline re-runs are the engineer's cost like the patched ones ("rerun", not "eval"). The batch's
      // rollouts name the engineer step, which places the packet (and its patches) on the best-patch curve.
      const scopes = packetScopes(experiment, packetId);
      const h0Run = (suffix: string, scope: string) => runTargetBatch(ctx, {
        experiment, run, idPrefix: `${packetId}-${suffix}`, harnessVersion: h0Id, files: base, policy: target, checkpoint: targetCheckpoint, tasks, purpose: "rerun", scope, draws, step,
      });
      const baseline = await h0Run("baseline", scopes.baseline);
      const control = await h0Run("control", scopes.reward);
      const independent = await h0Run("check", scopes.check);
      // Every packet counts, even one without a failure (skipping those would bias the rewards upward).
      const failed = baseline.rollouts.filter((r) => !r.episode.success);
      const report = classifyProblems(failed.map((r) => ({ id: r.id, episode: r.episode })));
      await sink.send({
        type: "failure_packet", id: packetId, experiment, run, target_checkpoint: targetCheckpoint, benchmark: "train",
        text: `${failed.length} of ${baseline.rollouts.length} rollouts failed. ${report.problems.map((x) => `${x.kind.replace(/_/g, " ")}: ${x.episodes}`).join("; ")}`,
        rollouts: failed.map((r) => r.id),
      });
      const features = packetFeatures(report);
      const rng = ctx.rng.fork(`${packetId}/patches`);
      const group = { decisions: [] as EngineerDecision[], rewards: [] as number[] };
      for (let k = 0; k < config.patchesPerPacket; k++) {
        const { patch, decision } = engineer.samplePatch(features, rng, config.temperature);
        const check = checkPatch(base, patch);
        let patched: BatchRun | null = null;
        let proposal: string | undefined;
        if (check.valid && check.complete) {
          const files = patchFiles(base, patch);
          proposal = patchProposalId(experiment, patchKey(patch));
          patched = await runTargetBatch(ctx, {
            experiment, run, idPrefix: `${packetId}-patch${k}`, harnessVersion: await versionOf(patch, files), files, policy: target,
            checkpoint: targetCheckpoint, tasks, purpose: "rerun", scope: scopes.reward, draws, step,
          });
        }
        // r(B, P) = Δ_B(P) when the patch is valid and complete, else 0 (DOMAIN.md).
        const reward = patched ? pairedReward(control, patched) : 0;
        if (patched) {
          const entry = tried.get(patchKey(patch)) ?? { patch, rewards: [] };
          entry.rewards.push(reward);
          tried.set(patchKey(patch), entry);
        }
        group.decisions.push(decision);
        group.rewards.push(reward);
        rewards.push(reward);
        await sink.send({
          type: "patch_evaluation", id: `${packetId}-patch${k}`, experiment, failure_packet: packetId, patch_index: k, target_model: targetCheckpoint,
          benchmark: "train", valid: check.valid, complete: check.complete, baseline_success: control.successRate,
          patched_success: patched?.successRate, reward, hook_positions: patchPositions(patch), ...(proposal ? { proposal } : {}),
        });
      }
      groups.push(group);
      packets.push({
        baseline: baseline.successRate, control: control.successRate, independentBaseline: independent.successRate,
        meanReward: group.rewards.reduce((a, b) => a + b, 0) / group.rewards.length,
      });
    }
    const stats = engineer.update(groups, config.engineerLearningRate);
    await sink.send({
      type: "metrics", run, step, values: {
        "engineer/reward/mean": rewards.length ? rewards.reduce((a, b) => a + b, 0) / rewards.length : 0,
        "engineer/mixed_group_ratio": stats.groups ? stats.mixedGroups / stats.groups : 0,
        "actor/grad_norm": stats.gradNorm,
      },
    });
  }
  await sink.send({ ...checkpointEvent(experiment, run, target, config.engineerSteps, 0), id: `${experiment}-engineer`, role: "engineer", name: "trained engineer", metadata: { weights: engineer.toJSON() as unknown as Record<string, unknown> } });
  await sink.send({ type: "run", id: run, experiment, kind: "engineer", status: "finished" });

  // The engineer's patch for a packet of held-out tasks, then what each hook position contributes to it.
  const evalRun = `${experiment}-eval`;
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "running", name: "held-out packets: the trained engineer vs the untrained one; the best patch's hook-position ablation and unseen targets" });
  const heldOut = ctx.suites.eval["mini-verified"];
  const evaluate = async (label: string, patch: HookPatch, policy: SoftmaxPolicy, checkpoint: string): Promise<BatchRun> => {
    const patched = patchPositions(patch).length > 0;
    const files = patched ? patchFiles(base, patch) : base;
    const version = patched ? await versionOf(patch, files) : h0Id;
    // Held-out runs are evaluation: every version and target on the same streams, `draws` draws per task.
    const result = await runTargetBatch(ctx, {
      experiment, run: evalRun, idPrefix: `${evalRun}-${label}`, harnessVersion: version, files, policy, checkpoint, tasks: heldOut, purpose: "eval",
      scope: `${experiment}/held-out`, draws,
    });
    for (let d = 0; d < draws; d++) {
      await sink.send({
        type: "eval_result", id: d === 0 ? `${evalRun}-${label}` : `${evalRun}-${label}-r${d}`, experiment, run: evalRun, checkpoint, harness_version: version, benchmark: "mini-verified", repeat: d,
        results: result.rollouts.filter((r) => r.draw === d).map((r) => ({ task: ctx.ids.taskId(r.task), success: r.episode.success, reward: r.episode.reward, rollout: r.id })),
      });
    }
    return result;
  };
  const gainOf = (before: BatchRun, after: BatchRun, label: string): HeldOutGain => {
    const d = after.perTask.map((x, i) => x - before.perTask[i]);
    const estimate = pairedBootstrap(d, { seed: seedFromString(`${experiment}/${label}`), resamples: 2000 });
    return { before: before.successRate, after: after.successRate, delta: after.successRate - before.successRate, ci95: estimate.ci95, tasks: d.length };
  };
  const heldBaseline = await evaluate("H0", {}, target, targetCheckpoint);
  const heldReport = classifyProblems(heldBaseline.rollouts.filter((r) => !r.episode.success).map((r) => ({ id: r.id, episode: r.episode })));
  // The trained engineer's own patch for the held-out failures; if it patches nothing, the patch with the best
  // mean reward in training (ties: the one tried more often), so the ablation has something to take apart.
  const greedy = engineer.greedyPatch(packetFeatures(heldReport));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const bestTried = [...tried.values()].sort((a, b) => mean(b.rewards) - mean(a.rewards) || b.rewards.length - a.rewards.length)[0];
  const best = patchPositions(greedy).length > 0 || !bestTried ? greedy : bestTried.patch;
  const picked = best === greedy ? "engineer" : "after the fact";
  const bestRun = await evaluate("best", best, target, targetCheckpoint);
  const versusUntrained = await engineerVsUntrained(ctx, {
    experiment, run: evalRun, engineer, target, checkpoint: targetCheckpoint, base, heldOut, baseline: heldBaseline, scope: `${experiment}/held-out`, draws, versionOf,
  });
  const ablation: Record<string, number> = { "H0": heldBaseline.successRate, "best patch": bestRun.successRate };
  for (const position of patchPositions(best)) {
    ablation[`best patch − ${position}`] = (await evaluate(`minus-${position}`, withoutPosition(best, position), target, targetCheckpoint)).successRate;
  }

  const transfer: HarnessR1Summary["transfer"] = {};
  for (const other of otherTargets) {
    const checkpoint = `${experiment}-target-${other.id}`;
    await sink.send({ ...checkpointEvent(experiment, evalRun, other.policy, 0, 0), id: checkpoint, role: "target", name: `unseen target: ${other.name}` });
    const before = await evaluate(`${other.id}-H0`, {}, other.policy, checkpoint);
    const after = await evaluate(`${other.id}-best`, best, other.policy, checkpoint);
    transfer[other.id] = gainOf(before, after, other.id);
  }
  await sink.send({ type: "run", id: evalRun, experiment, kind: "eval", status: "finished" });
  return {
    experiment, eval: {},
    bestPatch: `${patchKey(best)} (${picked === "engineer" ? "engineer's greedy patch" : "the trained engineer patches nothing here: best mean reward in training, picked after the fact"})`,
    bestPatchPicked: picked, ablation, gain: gainOf(heldBaseline, bestRun, "trained-target"), transfer, packets, engineerVsUntrained: versusUntrained,
  };
}

/** The proposal of one distinct patch (the same patch sampled again is the same proposal). */
function patchProposalId(experiment: string, key: string): string {
  return `${experiment}-proposal-${key}`;
}

/**
 * The three sets of streams of one packet: its baseline (the failures), the reward's (the control and every
 * patched re-run: common random numbers) and the check's. Distinct names, so their draws are independent.
 */
export function packetScopes(experiment: string, packetId: string): { baseline: string; reward: string; check: string } {
  const scope = `${experiment}/${packetId}`;
  return { baseline: scope, reward: `${scope}/reward`, check: `${scope}/check` };
}

/**
 * A patch's reward: its run's success rate minus the control's, the two drawn on the same streams (same scope, tasks
 * and draws), so the difference comes from the patch. Refuses runs that are not paired that way.
 */
export function pairedReward(control: BatchRun, patched: BatchRun): number {
  const tasks = (run: BatchRun) => run.rollouts.map((r) => `${r.task.id}/${r.draw}`).join("\0");
  if (patched.scope !== control.scope || patched.draws !== control.draws || tasks(patched) !== tasks(control)) {
    throw new Error(`a patch's reward pairs its run with the control's streams: ${patched.scope} vs ${control.scope}`);
  }
  return patched.successRate - control.successRate;
}
