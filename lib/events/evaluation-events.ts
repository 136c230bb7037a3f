// Events of evaluation and of Harness-R1: eval results, failure packets, patch evaluations.
import { z } from "zod";
import { Id, Label, Text, Count, FiniteNumber, NumberRecord, JsonObject } from "./primitives";
import { HOOK_POSITIONS } from "../domain/vocabulary";

import { JOIN_ATTEMPT_KEY } from "./join-attempt-key";

export { JOIN_ATTEMPT_KEY };

export const EvalResultEvent = z.strictObject({
  type: z.literal("eval_result"),
  id: Id,
  experiment: Id,
  run: Id.optional(),
  checkpoint: Id.optional(),
  harness_version: Id.optional(),
  benchmark: Label,
  repeat: Count.default(0),
  results: z.array(z.strictObject({
    task: Id,
    success: z.boolean(),
    reward: FiniteNumber.optional(),
    rollout: Id.optional(),
    attempt: Label.optional().describe(
      "Only with join_rollouts: the verdict joins only the run's rollouts of the task whose metadata.attempt equals this " +
      "(one trial of several of a task, e.g. a Harbor trial name), in either arrival order. Without it a verdict joins every " +
      "rollout of the task except attempts a retry loop did not choose (metadata.chosen false).",
    ),
    // What the evaluator said beyond pass/fail, e.g. a SWE-bench report's FAIL_TO_PASS / PASS_TO_PASS lists.
    details: JsonObject.optional(),
  })).max(100_000).default([]),
  reported: NumberRecord(z.string().min(1).max(256), FiniteNumber).optional(),
  join_rollouts: z.boolean().optional().describe(
    "When true (requires `run`), each result is the evaluator's verdict on the run's rollouts of its task: every such " +
    "rollout whose outcome is still unknown (reward null) takes `success` and `reward` from it, whether it arrives " +
    "before or after this eval result, and the result links the first of them. Rollouts marked metadata.chosen false " +
    "(attempts a retry loop did not choose) take only a verdict that names their `attempt`. A joined outcome is set once: a " +
    "later joining verdict that differs for the same rollout is refused with 409 naming both eval results. " +
    "The store finds the rollouts, so results must not name a `rollout`. Default false (results only link what they name).",
  ),
}).superRefine((event, ctx) => {
  const seen = new Set<string>();
  event.results.forEach((r, i) => {
    if (seen.has(r.task)) ctx.addIssue({ code: "custom", path: ["results", i, "task"], message: `task "${r.task}" appears twice` });
    seen.add(r.task);
  });
  if (event.join_rollouts) {
    if (event.run === undefined) ctx.addIssue({ code: "custom", path: ["run"], message: "join_rollouts needs the run whose rollouts the verdicts join" });
    event.results.forEach((r, i) => {
      if (r.rollout !== undefined) ctx.addIssue({ code: "custom", path: ["results", i, "rollout"], message: "leave rollout out with join_rollouts: the store finds the run's rollouts of the task" });
      if (r.details !== undefined && JOIN_ATTEMPT_KEY in r.details) {
        ctx.addIssue({ code: "custom", path: ["results", i, "details", JOIN_ATTEMPT_KEY], message: "reserved for the store (it keeps the result's attempt there); send attempt instead" });
      }
    });
  } else {
    event.results.forEach((r, i) => {
      if (r.attempt !== undefined) ctx.addIssue({ code: "custom", path: ["results", i, "attempt"], message: "attempt says which rollout a joining verdict joins: it needs join_rollouts" });
    });
  }
  if (event.results.length === 0 && !event.reported) {
    ctx.addIssue({ code: "custom", path: ["results"], message: "send per-task results or reported numbers" });
  }
}).describe("One evaluation run (checkpoint × harness version × benchmark × repeat) with per-task results. Immutable.");

export const FailurePacketEvent = z.strictObject({
  type: z.literal("failure_packet"),
  id: Id,
  experiment: Id,
  run: Id.optional(),
  target_checkpoint: Id.optional(),
  benchmark: Label.optional(),
  text: Text.optional(),
  rollouts: z.array(Id).max(100_000).default([]),
}).describe("Harness-R1: the failed trajectories of a batch, handed to the engineer model. Immutable.");

export const PatchEvaluationEvent = z.strictObject({
  type: z.literal("patch_evaluation"),
  id: Id,
  experiment: Id,
  failure_packet: Id,
  proposal: Id.optional(),
  patch_index: Count.optional(),
  target_model: Label.optional(),
  benchmark: Label.optional(),
  valid: z.boolean(),
  complete: z.boolean(),
  baseline_success: FiniteNumber.optional(),
  patched_success: FiniteNumber.optional(),
  reward: FiniteNumber.optional(),
  hook_positions: z.array(z.enum(HOOK_POSITIONS)).max(4).optional(),
}).describe("Harness-R1: one engineer patch re-run on its batch; reward r(B, P) = Δ_B(P) when valid and complete. Immutable.");
