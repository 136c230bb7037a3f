// Appliers for evaluation results and the Harness-R1 records: failure packets and patch evaluations.
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import { JOIN_ATTEMPT_KEY } from "../../lib/events/evaluation-events";
import { ApplyContext, type ApplyStatus, insertImmutableRow, json, bool, orNull } from "./context";
import { joinVerdictsToStoredRollouts } from "./verdict-join";

export function applyEvalResult(ctx: ApplyContext, e: EventOf<"eval_result">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("runs", e.run, "run");
  ctx.ref("checkpoints", e.checkpoint, "checkpoint");
  ctx.ref("harness_versions", e.harness_version, "harness_version");
  e.results.forEach((r, i) => {
    ctx.ref("tasks", r.task, `results.${i}.task`);
    ctx.ref("rollouts", r.rollout, `results.${i}.rollout`);
  });
  const row = {
    experiment_id: e.experiment, run_id: orNull(e.run), checkpoint_id: orNull(e.checkpoint), harness_version_id: orNull(e.harness_version),
    benchmark: e.benchmark, repeat_index: e.repeat, reported: json(e.reported), joins_rollouts: bool(e.join_rollouts === true),
  };
  return insertImmutableRow(ctx, "eval_runs", "eval result", e, row, () => {
    const result = ctx.stmt("INSERT INTO eval_results (eval_run_id, task_id, success, reward, rollout_id, details) VALUES (?, ?, ?, ?, ?, ?)");
    for (const r of e.results) {
      // A joining result's attempt is kept inside its details (JOIN_ATTEMPT_KEY): no column of its own, no migration.
      const details = r.attempt !== undefined ? { ...r.details, [JOIN_ATTEMPT_KEY]: r.attempt } : r.details;
      result.run(e.id, r.task, bool(r.success), orNull(r.reward), orNull(r.rollout), json(details));
    }
    joinVerdictsToStoredRollouts(ctx, e);
  });
}

export function applyFailurePacket(ctx: ApplyContext, e: EventOf<"failure_packet">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("runs", e.run, "run");
  ctx.ref("checkpoints", e.target_checkpoint, "target_checkpoint");
  e.rollouts.forEach((id, i) => ctx.ref("rollouts", id, `rollouts.${i}`));
  const row = { experiment_id: e.experiment, run_id: orNull(e.run), target_checkpoint_id: orNull(e.target_checkpoint), benchmark: orNull(e.benchmark), text: orNull(e.text) };
  return insertImmutableRow(ctx, "failure_packets", "failure packet", e, row, () => {
    const link = ctx.stmt("INSERT OR IGNORE INTO failure_packet_rollouts (failure_packet_id, rollout_id) VALUES (?, ?)");
    for (const id of e.rollouts) link.run(e.id, id);
  });
}

export function applyPatchEvaluation(ctx: ApplyContext, e: EventOf<"patch_evaluation">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("failure_packets", e.failure_packet, "failure_packet");
  ctx.ref("proposals", e.proposal, "proposal");
  return insertImmutableRow(ctx, "patch_evaluations", "patch evaluation", e, {
    experiment_id: e.experiment, failure_packet_id: e.failure_packet, proposal_id: orNull(e.proposal), patch_index: orNull(e.patch_index),
    target_model: orNull(e.target_model), benchmark: orNull(e.benchmark), valid: bool(e.valid), complete: bool(e.complete),
    baseline_success: orNull(e.baseline_success), patched_success: orNull(e.patched_success), reward: orNull(e.reward),
    hook_positions: json(e.hook_positions),
  });
}
