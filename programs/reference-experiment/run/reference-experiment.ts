// The reference experiment end to end: tasks, HarnessAdapt-RL, the GRPO baseline, Harness-R1, every
// record sent as events. Returns what ran, the wall time of each phase, and the cost in rollouts by purpose.
import { createDemoContext } from "./demo-context";
import { demoConfig, type DemoSize, type DemoVariant } from "./demo-config";
import { demoIds, taskEvent } from "./experiment-events";
import type { EventSink } from "./event-sink";
import { runHarnessAdapt } from "./harnessadapt";
import { runGrpoBaseline } from "./grpo-baseline";
import { runHarnessR1 } from "./harness-r1";
import { createRng } from "../random";
import { buildSuites } from "../tasks/suites";
import { EVAL_SUITES } from "../types";

export interface ReferenceExperimentOptions {
  seed: number;
  size: DemoSize;
  sink: EventSink;
  review: "rule" | "human";
  /** With review "human": how long to wait for a person before the rule decides. */
  reviewTimeoutMs?: number;
  /** Departures from the default configuration (the paper's drop-truncated filter, for instance). */
  variant?: DemoVariant;
  log(line: string): void;
}

export async function runReferenceExperiment(options: ReferenceExperimentOptions) {
  if (options.review === "human" && !options.sink.client) throw new Error("--review human needs a server: decisions are made in the dashboard");
  const phases: Record<string, number> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      phases[name] = Math.round(performance.now() - start) / 1000;
    }
  };
  const config = demoConfig(options.size, options.seed, options.variant);
  const suites = await timed("tasks", async () => buildSuites(options.seed, options.size));
  const ctx = createDemoContext({ config, ids: demoIds(options.seed, options.size), suites, sink: options.sink, rng: createRng(options.seed), log: options.log,
    review: options.review === "human" ? { mode: "human", timeoutMs: options.reviewTimeoutMs ?? 30 * 60_000 } : { mode: "rule" },
  });
  const all = [...suites.train, ...suites.comparison, ...EVAL_SUITES.flatMap((s) => suites.eval[s])];
  for (const task of all) await options.sink.send(taskEvent(ctx.ids, task));
  options.log(`reference experiment, seed ${options.seed}, size ${options.size}: ${all.length} tasks`);
  options.log("HarnessAdapt-RL:");
  const adapt = await timed("harnessadapt-rl", () => runHarnessAdapt(ctx));
  options.log(`  pass@1 ${JSON.stringify(adapt.eval)}`);
  options.log("GRPO baseline:");
  const grpo = await timed("grpo", () => runGrpoBaseline(ctx, adapt.skillsByEpoch));
  options.log(`  pass@1 ${JSON.stringify(grpo.eval)}`);
  options.log("Harness-R1:");
  // The target is the trained GRPO checkpoint; the unseen targets differ: another training run's final
  // checkpoint, an early checkpoint of this one, and the untrained policy.
  const last = grpo.checkpoints[grpo.checkpoints.length - 1];
  const first = grpo.checkpoints[0];
  const r1 = await timed("harness-r1", () => runHarnessR1(ctx, { id: `grpo-step${last.step}`, name: `GRPO baseline, step ${last.step}`, policy: last.policy }, [
    { id: "harnessadapt-final", name: "HarnessAdapt-RL, final checkpoint", policy: adapt.policy },
    ...(first.step !== last.step ? [{ id: `grpo-step${first.step}`, name: `GRPO baseline, step ${first.step}`, policy: first.policy }] : []),
    { id: "untrained", name: "untrained policy", policy: grpo.untrained },
  ]));
  const vs = r1.engineerVsUntrained;
  options.log(`  trained engineer vs untrained on ${vs.packets} held-out packets: ${(100 * vs.difference).toFixed(1)} pp${vs.ci95 ? ` [${(100 * vs.ci95[0]).toFixed(1)}, ${(100 * vs.ci95[1]).toFixed(1)}]` : ""} (abstained: trained ${vs.trained.abstained}, untrained ${vs.untrained.abstained} of ${vs.packets})`);
  options.log(`  best patch ${r1.bestPatch}; ablation ${JSON.stringify(r1.ablation)}; gain ${JSON.stringify(r1.gain)}; transfer ${JSON.stringify(r1.transfer)}`);
  await timed("flush", () => options.sink.flush());
  return {
    seed: options.seed, size: options.size, phases_seconds: phases, rollouts_by_purpose: ctx.cost,
    pass_at_1: { [adapt.experiment]: adapt.eval, [grpo.experiment]: grpo.eval },
    pass_at_1_untrained: { [adapt.experiment]: adapt.untrainedEval ?? {}, [grpo.experiment]: grpo.untrainedEval ?? {} },
    final_harness: adapt.finalHarness,
    harness_changed: adapt.harnessChanged,
    pass_at_1_by_epoch: { [adapt.experiment]: adapt.epochEvals ?? {} },
    harness_r1: { best_patch: r1.bestPatch, best_patch_picked: r1.bestPatchPicked, engineer_vs_untrained: r1.engineerVsUntrained, ablation: r1.ablation, gain: r1.gain, transfer: r1.transfer, packets: r1.packets },
    proposals: adapt.proposals?.map((p) => ({ id: p.proposalId, components: p.componentIds, accepted: p.accepted })),
    events: options.sink.counts(),
  };
}
