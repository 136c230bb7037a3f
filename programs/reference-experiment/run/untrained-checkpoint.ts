// The untrained policy as a checkpoint (step 0) and its evaluation in a run of its own: without it nobody can
// see from the dashboard whether training did anything (the matrix's "before training" row, the first point of
// each pass@1 curve). Its own eval run keeps the final checkpoint's run and ids as they were.
import type { DemoContext } from "./demo-context";
import { checkpointEvent } from "./training-loop";
import { evaluateCheckpoint, type EvaluatedHarness, type EvalSummary } from "./evaluate";
import type { SoftmaxPolicy } from "../policy/softmax-policy";

export interface UntrainedCheckpoint {
  id: string;
  /** A frozen copy: the training loop goes on updating the live policy. */
  policy: SoftmaxPolicy;
}

/** Records the policy before its first update as the run's step-0 checkpoint. */
export async function recordUntrainedCheckpoint(ctx: DemoContext, experiment: string, run: string, policy: SoftmaxPolicy): Promise<UntrainedCheckpoint> {
  const event = { ...checkpointEvent(experiment, run, policy, 0, 0), name: "step 0 (untrained)" };
  await ctx.sink.send(event);
  return { id: event.id, policy: policy.clone() };
}

/** pass@1 of the untrained checkpoint under the given harness versions, in the run `<experiment>-eval-untrained`. */
export async function evaluateUntrained(ctx: DemoContext, input: {
  experiment: string; untrained: UntrainedCheckpoint; harnesses: readonly EvaluatedHarness[];
}): Promise<EvalSummary> {
  const run = `${input.experiment}-eval-untrained`;
  const labels = input.harnesses.map((h) => h.label).join(", ");
  await ctx.sink.send({ type: "run", id: run, experiment: input.experiment, kind: "eval", status: "running", name: `pass@1 of the untrained policy under ${labels}` });
  const summary = await evaluateCheckpoint(ctx, { experiment: input.experiment, run, checkpoint: input.untrained.id, policy: input.untrained.policy, harnesses: input.harnesses });
  await ctx.sink.send({ type: "run", id: run, experiment: input.experiment, kind: "eval", status: "finished" });
  return summary;
}
