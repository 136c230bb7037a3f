// Does training the engineer help? The trained engineer against the untrained one (its initial weights) on
// held-out packets: the held-out tasks cut into packets; for each, both engineers read the same failures (the
// target's H0 runs on the packet's tasks) and their greedy patches are applied to that packet's tasks, on the same
// streams as the H0 runs (common random numbers). Per task: patched − H0 success for each engineer; the figure is
// trained − untrained, paired over tasks, with its 95 % interval. An engineer that patches nothing scores 0 there.
import type { DemoContext } from "./demo-context";
import { runTargetBatch, type BatchRun } from "./target-batch";
import type { HarnessFile } from "../harness/types";
import type { RepairTask } from "../types";
import type { SoftmaxPolicy } from "../policy/softmax-policy";
import { classifyProblems } from "../teacher/classify-problems";
import { EngineerPolicy } from "../engineer/engineer-policy";
import { patchFiles, patchKey, patchPositions, type HookPatch } from "../engineer/patch-space";
import { packetFeatures } from "../engineer/packet-features";
import { pairedBootstrap } from "../../../lib/stats/paired-bootstrap";
import { seedFromString } from "../../../lib/stats/prng";

export interface EngineerHeldOut {
  packets: number;
  tasks: number;
  /** Mean patched − H0 success over the held-out tasks, per engineer. */
  trained: { gain: number; abstained: number; patches: string[] };
  untrained: { gain: number; abstained: number; patches: string[] };
  /** trained − untrained, paired over tasks. */
  difference: number;
  ci95: [number, number] | null;
}

export async function engineerVsUntrained(ctx: DemoContext, input: {
  experiment: string; run: string; engineer: EngineerPolicy; target: SoftmaxPolicy; checkpoint: string; base: readonly HarnessFile[];
  heldOut: readonly RepairTask[]; baseline: BatchRun; scope: string; draws: number;
  versionOf(patch: HookPatch, files: readonly HarnessFile[]): Promise<string>;
}): Promise<EngineerHeldOut> {
  const size = Math.max(1, ctx.config.packetTasks);
  const untrained = new EngineerPolicy();
  const gains = { trained: [] as number[], untrained: [] as number[] };
  const summary = { trained: { abstained: 0, patches: [] as string[] }, untrained: { abstained: 0, patches: [] as string[] } };
  let packets = 0;
  for (let start = 0; start < input.heldOut.length; start += size, packets++) {
    const tasks = input.heldOut.slice(start, start + size);
    const ids = new Set(tasks.map((t) => t.id));
    const before = input.baseline.perTask.slice(start, start + size);
    const failed = input.baseline.rollouts.filter((r) => ids.has(r.task.id) && !r.episode.success);
    const features = packetFeatures(classifyProblems(failed.map((r) => ({ id: r.id, episode: r.episode }))));
    for (const [who, policy] of [["trained", input.engineer], ["untrained", untrained]] as const) {
      const patch = policy.greedyPatch(features);
      let after = before;
      if (patchPositions(patch).length === 0) summary[who].abstained++;
      else {
        const files = patchFiles(input.base, patch);
        summary[who].patches.push(patchKey(patch));
        const run = await runTargetBatch(ctx, {
          experiment: input.experiment, run: input.run, idPrefix: `${input.run}-heldout-p${packets}-${who}`, harnessVersion: await input.versionOf(patch, files),
          files, policy: input.target, checkpoint: input.checkpoint, tasks, purpose: "eval", scope: input.scope, draws: input.draws,
        });
        after = run.perTask;
      }
      gains[who].push(...after.map((x, i) => x - before[i]));
    }
  }
  const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const d = gains.trained.map((x, i) => x - gains.untrained[i]);
  const estimate = pairedBootstrap(d, { seed: seedFromString(`${input.experiment}/engineer-vs-untrained`), resamples: 2000 });
  return {
    packets, tasks: d.length,
    trained: { gain: mean(gains.trained), ...summary.trained },
    untrained: { gain: mean(gains.untrained), ...summary.untrained },
    difference: mean(d), ci95: estimate.ci95,
  };
}
