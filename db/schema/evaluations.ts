// Evaluation runs with per-task results, and the Harness-R1 failure packets and patch evaluations.
import { sqliteTable, text, integer, real, primaryKey, index } from "drizzle-orm/sqlite-core";
import { contentHash, createdAt, jsonText } from "./common";
import { experiments, runs, checkpoints, harnessVersions, tasks } from "./experiments";
import { rollouts } from "./rollouts";
import { proposals } from "./proposals";

/** One evaluation of checkpoint × harness version × benchmark, repeat r (papers report the mean of 3). */
export const evalRuns = sqliteTable("eval_runs", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  runId: text("run_id").references(() => runs.id),
  checkpointId: text("checkpoint_id").references(() => checkpoints.id),
  harnessVersionId: text("harness_version_id").references(() => harnessVersions.id),
  benchmark: text("benchmark").notNull(),
  repeatIndex: integer("repeat_index").notNull(),
  // pass@1 etc. when a trainer reports only summary numbers.
  reported: jsonText<Record<string, number>>("reported"),
  // True when the results are verdicts the store joins to the run's rollouts of each task whose outcome is
  // still unknown, now or when they arrive (an evaluation report imported before or after its trajectories).
  joinsRollouts: integer("joins_rollouts", { mode: "boolean" }).notNull().default(false),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("eval_runs_experiment").on(t.experimentId)]);

export const evalResults = sqliteTable("eval_results", {
  evalRunId: text("eval_run_id").notNull().references(() => evalRuns.id),
  taskId: text("task_id").notNull().references(() => tasks.id),
  success: integer("success", { mode: "boolean" }).notNull(),
  reward: real("reward"),
  rolloutId: text("rollout_id").references(() => rollouts.id),
  // The evaluator's details, e.g. a SWE-bench report's FAIL_TO_PASS / PASS_TO_PASS lists with pass/fail.
  details: jsonText<Record<string, unknown>>("details"),
}, (t) => [
  primaryKey({ columns: [t.evalRunId, t.taskId] }),
  index("eval_results_task").on(t.taskId),
  // Covers the per-task sums of the evaluation matrix and the Harness-R1 views (eval run → task, success)
  // without visiting the rows; measured in BENCHMARKS.md (eval matrix, Harness-R1).
  index("eval_results_run_task_success").on(t.evalRunId, t.taskId, t.success),
  // The rollout page's verdicts of a rollout (migration 0012).
  index("eval_results_rollout").on(t.rolloutId),
]);

/** Harness-R1: the failed trajectories of a batch, handed to the engineer model. */
export const failurePackets = sqliteTable("failure_packets", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  runId: text("run_id").references(() => runs.id),
  targetCheckpointId: text("target_checkpoint_id").references(() => checkpoints.id),
  benchmark: text("benchmark"),
  text: text("text"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("failure_packets_experiment").on(t.experimentId)]);

export const failurePacketRollouts = sqliteTable("failure_packet_rollouts", {
  failurePacketId: text("failure_packet_id").notNull().references(() => failurePackets.id),
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id),
}, (t) => [primaryKey({ columns: [t.failurePacketId, t.rolloutId] })]);

/** One of the K engineer patches for a packet, re-run on the batch: reward r(B, P) = Δ_B(P) when valid and complete. */
export const patchEvaluations = sqliteTable("patch_evaluations", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  failurePacketId: text("failure_packet_id").notNull().references(() => failurePackets.id),
  proposalId: text("proposal_id").references(() => proposals.id),
  patchIndex: integer("patch_index"),
  targetModel: text("target_model"),
  benchmark: text("benchmark"),
  valid: integer("valid", { mode: "boolean" }).notNull(),
  complete: integer("complete", { mode: "boolean" }).notNull(),
  baselineSuccess: real("baseline_success"),
  patchedSuccess: real("patched_success"),
  reward: real("reward"),
  hookPositions: jsonText<string[]>("hook_positions"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [
  index("patch_evaluations_packet").on(t.failurePacketId),
  // A proposal's patch evaluations (proposal page, inbox); an experiment's (cost page, best-patch curve). Migration 0012.
  index("patch_evaluations_proposal").on(t.proposalId),
  index("patch_evaluations_experiment").on(t.experimentId),
]);
