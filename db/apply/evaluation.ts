// Appliers for evaluation results and the Harness-R1 records: failure packets and patch evaluations.
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import { JOIN_ATTEMPT_KEY } from "../../lib/events/evaluation-events";
import { ApplyContext, type ApplyStatus, insertImmutable, json, bool, orNull } from "./context";
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
  const hash = ctx.hash(e);
  return insertImmutable(ctx, "eval_runs", "eval result", e.id, hash, () => {
    ctx.stmt(
      `INSERT INTO eval_runs (id, experiment_id, run_id, checkpoint_id, harness_version_id, benchmark, repeat_index, reported, joins_rollouts, content_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.id, e.experiment, orNull(e.run), orNull(e.checkpoint), orNull(e.harness_version), e.benchmark, e.repeat,
      json(e.reported), bool(e.join_rollouts === true), hash, ctx.now);
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
  const hash = ctx.hash(e);
  return insertImmutable(ctx, "failure_packets", "failure packet", e.id, hash, () => {
    ctx.stmt(
      `INSERT INTO failure_packets (id, experiment_id, run_id, target_checkpoint_id, benchmark, text, content_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.id, e.experiment, orNull(e.run), orNull(e.target_checkpoint), orNull(e.benchmark), orNull(e.text), hash, ctx.now);
    const link = ctx.stmt("INSERT OR IGNORE INTO failure_packet_rollouts (failure_packet_id, rollout_id) VALUES (?, ?)");
    for (const id of e.rollouts) link.run(e.id, id);
  });
}

export function applyPatchEvaluation(ctx: ApplyContext, e: EventOf<"patch_evaluation">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("failure_packets", e.failure_packet, "failure_packet");
  ctx.ref("proposals", e.proposal, "proposal");
  const hash = ctx.hash(e);
  return insertImmutable(ctx, "patch_evaluations", "patch evaluation", e.id, hash, () => {
    ctx.stmt(
      `INSERT INTO patch_evaluations (id, experiment_id, failure_packet_id, proposal_id, patch_index, target_model, benchmark, valid,
        complete, baseline_success, patched_success, reward, hook_positions, content_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.id, e.experiment, e.failure_packet, orNull(e.proposal), orNull(e.patch_index), orNull(e.target_model), orNull(e.benchmark),
      bool(e.valid), bool(e.complete), orNull(e.baseline_success), orNull(e.patched_success), orNull(e.reward),
      json(e.hook_positions), hash, ctx.now);
  });
}
