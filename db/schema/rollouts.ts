// Rollouts (one attempt at one task), their turns and the hook events injected into them, and skills.
import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, real, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  contentHash, createdAt, jsonText, timestampMs,
  ROLLOUT_PURPOSES, TRUNCATION_KINDS, HOOK_POSITIONS, SKILL_KINDS,
} from "./common";
import { experiments, runs, tasks, harnessVersions, checkpoints, blobs } from "./experiments";

/** An original file an importer read, kept (as a blob) so the viewer can offer it for download unchanged. */
export const sourceFiles = sqliteTable("source_files", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  name: text("name").notNull(),
  format: text("format").notNull(),
  encoding: text("encoding", { enum: ["utf8", "base64"] }).notNull(),
  blobHash: text("blob_hash").notNull().references(() => blobs.hash),
  size: integer("size").notNull(),
  contentHash: contentHash(),
  createdAt: createdAt(),
});

export const rollouts = sqliteTable("rollouts", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  runId: text("run_id").notNull().references(() => runs.id),
  taskId: text("task_id").notNull().references(() => tasks.id),
  harnessVersionId: text("harness_version_id").references(() => harnessVersions.id),
  checkpointId: text("checkpoint_id").references(() => checkpoints.id),
  purpose: text("purpose", { enum: ROLLOUT_PURPOSES }).notNull(),
  epoch: integer("epoch"),
  step: integer("step"),
  // GRPO group: the K rollouts of one task in one step share this key.
  groupId: text("group_id"),
  sampleIndex: integer("sample_index"),
  // Nullable on purpose: a rollout whose reward is unknown cannot count as trainable.
  reward: real("reward"),
  success: integer("success", { mode: "boolean" }).notNull(),
  exitStatus: text("exit_status"),
  truncated: integer("truncated", { mode: "boolean" }).notNull(),
  truncationKind: text("truncation_kind", { enum: TRUNCATION_KINDS }),
  numTurns: integer("num_turns").notNull(),
  promptTokens: integer("prompt_tokens"),
  completionTokens: integer("completion_tokens"),
  costUsd: real("cost_usd"),
  durationMs: integer("duration_ms"),
  submission: text("submission"),
  sourceFormat: text("source_format").notNull(),
  sourceFileId: text("source_file_id").references(() => sourceFiles.id),
  metadata: jsonText<Record<string, unknown>>("metadata"),
  startedAt: timestampMs("started_at"),
  // The eval run (eval_runs.id) whose joining verdict set success and reward after the rollout arrived with
  // its outcome unknown (reward null); null when the rollout's own event gave its outcome. Set once: a later
  // joining verdict that differs is refused (db/apply/verdict-join.ts). No foreign key: eval_runs is declared
  // after this table; the applier only ever writes ids it has just read from eval_runs.
  outcomeEvalRunId: text("outcome_eval_run_id"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [
  index("rollouts_experiment_purpose").on(t.experimentId, t.purpose),
  index("rollouts_run_step").on(t.runId, t.step),
  // Led by the task (its rollouts, a task filter), then the experiment: the experiment overview counts the tasks
  // it touched with one probe per task instead of reading every rollout of the experiment (migration 0014).
  index("rollouts_task").on(t.taskId, t.experimentId),
  index("rollouts_created").on(t.createdAt),
  // The trajectory browser (db/queries/rollout-browser.ts) pages through 1,000,000 rollouts by walking an
  // index already in the order asked for and stopping after one page, instead of sorting the filtered set.
  // One index per sortable column, each led by experiment_id: a page of one experiment walks only that
  // experiment's rows (experiments follow each other in time, so a global order would first cross every
  // newer experiment), and a page across experiments merges one walk per experiment. Each ends in id, the
  // cursor's tie-breaker. The ingestion cost of all of them is measured in BENCHMARKS.md (browser).
  //
  // The default order (newest first). Its trailing columns are every filterable and sortable column, so the
  // most common walk, the outcome counts under a filter, and the sorted scan for filters that keep few rows
  // in any order all work inside the index without reading a single row.
  index("rollouts_browse_created").on(
    t.experimentId, t.createdAt, t.id, t.success, t.reward, t.purpose, t.runId, t.epoch, t.step, t.truncated, t.numTurns,
    t.harnessVersionId, t.checkpointId, t.exitStatus, t.taskId, t.promptTokens, t.completionTokens, t.costUsd, t.durationMs,
  ),
  // Reward order and the outcome counts: success sits before reward, so the chips count by index ranges
  // and a page of failures sorted by reward never walks past the successes (reward and outcome go together).
  index("rollouts_browse_outcome").on(t.experimentId, t.success, t.reward, t.id),
  index("rollouts_browse_turns").on(t.experimentId, t.numTurns, t.id),
  index("rollouts_browse_step").on(t.experimentId, t.step, t.id),
  // Total tokens (prompt + completion, or whichever one is known): the query repeats this exact expression
  // (ROLLOUT_TOKENS_SQL) so SQLite recognises the index.
  index("rollouts_browse_tokens").on(t.experimentId, sql`coalesce(${t.promptTokens} + ${t.completionTokens}, ${t.promptTokens}, ${t.completionTokens})`, t.id),
  index("rollouts_browse_cost").on(t.experimentId, t.costUsd, t.id),
  index("rollouts_browse_duration").on(t.experimentId, t.durationMs, t.id),
]);

export const turns = sqliteTable("turns", {
  // A stable rowid: the full-text index (turns_fts) points at turns by rowid, and a rowid that is not
  // an INTEGER PRIMARY KEY may be renumbered by VACUUM.
  id: integer("id").primaryKey(),
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id, { onDelete: "cascade" }),
  idx: integer("idx").notNull(),
  role: text("role").notNull(),
  content: text("content").notNull(),
  reasoning: text("reasoning"),
  action: jsonText<Record<string, unknown>>("action"),
  observation: text("observation"),
  returnCode: integer("return_code"),
  formatError: integer("format_error", { mode: "boolean" }).notNull(),
  tokens: integer("tokens"),
  // The producer's original JSON for this turn, when it came from an importer ("raw" in the viewer).
  raw: text("raw"),
}, (t) => [uniqueIndex("turns_rollout_idx").on(t.rolloutId, t.idx)]);

export const hookEvents = sqliteTable("hook_events", {
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id, { onDelete: "cascade" }),
  turnIdx: integer("turn_idx").notNull(),
  seq: integer("seq").notNull(),
  position: text("position", { enum: HOOK_POSITIONS }).notNull(),
  hook: text("hook"),
  effect: text("effect"),
  message: text("message"),
}, (t) => [
  primaryKey({ columns: [t.rolloutId, t.turnIdx, t.seq] }),
  // "A hook fired at position X" (trajectory browser): the rollouts of a position straight from the index,
  // without reading each hook row; replaces the index on position alone, which this one covers.
  index("hook_events_position_rollout").on(t.position, t.rolloutId),
]);

export const skills = sqliteTable("skills", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  kind: text("kind", { enum: SKILL_KINDS }).notNull(),
  taskId: text("task_id").references(() => tasks.id),
  epoch: integer("epoch"),
  text: text("text").notNull(),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("skills_experiment").on(t.experimentId)]);

/** The trajectories a skill was written from (teacher 1 compares two attempts of one task). */
export const skillSources = sqliteTable("skill_sources", {
  skillId: text("skill_id").notNull().references(() => skills.id),
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id),
}, (t) => [primaryKey({ columns: [t.skillId, t.rolloutId] })]);
