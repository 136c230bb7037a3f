// Evaluation as the papers report it: pass@1 of a fixed checkpoint on each held-out suite, one attempt
// per task, repeated (3 by default), under each harness version asked for. No skills at evaluation.
import type { DemoContext } from "./demo-context";
import { rolloutEvent } from "./experiment-events";
import type { HarnessFile } from "../harness/types";
import { EVAL_SUITES } from "../types";
import { runEpisode } from "../episode/run-episode";
import { episodeStream } from "./episode-streams";
import type { SoftmaxPolicy } from "../policy/softmax-policy";

export interface EvaluatedHarness {
  harnessVersion: string;
  label: string;
  files: readonly HarnessFile[];
}

/** pass@1 per harness label and suite, averaged over repeats: for the log line, not for the dashboard. */
export type EvalSummary = Record<string, Record<string, number>>;

export async function evaluateCheckpoint(ctx: DemoContext, input: {
  experiment: string; run: string; checkpoint: string; policy: SoftmaxPolicy; harnesses: readonly EvaluatedHarness[];
}): Promise<EvalSummary> {
  const { config } = ctx;
  const summary: EvalSummary = {};
  for (const h of input.harnesses) {
    const harness = ctx.harness(h.files);
    summary[h.label] = {};
    for (const suite of EVAL_SUITES) {
      let solved = 0;
      for (let repeat = 0; repeat < config.evalRepeats; repeat++) {
        const evalId = `${input.run}-${h.label}-${suite}-r${repeat}`;
        const results = [];
        for (const [t, task] of ctx.suites.eval[suite].entries()) {
          // Every harness version and every checkpoint runs (task, repeat) on the same stream: paired draws.
          const rng = episodeStream(ctx.rng, `eval/${suite}`, task, repeat);
          const episode = runEpisode({ task, harness, policy: input.policy, rng, maxTurns: config.evalMaxTurns, temperature: config.temperature });
          const rollout = `${evalId}-t${t}`;
          await ctx.sink.send(rolloutEvent({
            id: rollout, experiment: input.experiment, run: input.run, task: ctx.ids.taskId(task), harnessVersion: h.harnessVersion,
            checkpoint: input.checkpoint, purpose: "eval",
          }, episode));
          results.push({ task: ctx.ids.taskId(task), success: episode.success, reward: episode.reward, rollout });
          if (episode.success) solved++;
        }
        ctx.count(input.experiment, "eval", results.length);
        await ctx.sink.send({
          type: "eval_result", id: evalId, experiment: input.experiment, run: input.run, checkpoint: input.checkpoint,
          harness_version: h.harnessVersion, benchmark: suite, repeat, results,
        });
      }
      summary[h.label][suite] = solved / (config.evalRepeats * ctx.suites.eval[suite].length);
    }
  }
  return summary;
}
