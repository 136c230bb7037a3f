// Experiments, their runs, harness versions (files as content-addressed blobs), checkpoints and tasks.
import { sqliteTable, text, integer, real, primaryKey, index, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  contentHash, createdAt, jsonText, timestampMs,
  RUN_KINDS, RUN_STATUSES, FILE_KINDS, HOOK_POSITIONS, CHECKPOINT_ROLES,
} from "./common";
import { experiments } from "./experiment-table";
import { jobs } from "./jobs";
import { HARNESS_ARRIVALS } from "../../lib/harness-trust/arrival";

export { experiments };

export const runs = sqliteTable("runs", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  name: text("name"),
  kind: text("kind", { enum: RUN_KINDS }).notNull(),
  status: text("status", { enum: RUN_STATUSES }).notNull(),
  config: jsonText<Record<string, unknown>>("config"),
  jobId: text("job_id").references((): AnySQLiteColumn => jobs.id),
  startedAt: timestampMs("started_at"),
  finishedAt: timestampMs("finished_at"),
  createdAt: createdAt(),
  updatedAt: timestampMs("updated_at").notNull(),
}, (t) => [index("runs_experiment").on(t.experimentId)]);

/** File contents, keyed by sha256 of the bytes: identical files across H0/H1/H2 are stored once. */
export const blobs = sqliteTable("blobs", {
  hash: text("hash").primaryKey(),
  size: integer("size").notNull(),
  content: text("content").notNull(),
});

export const harnessVersions = sqliteTable("harness_versions", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  label: text("label").notNull(),
  parentId: text("parent_id").references((): AnySQLiteColumn => harnessVersions.id),
  origin: text("origin", { enum: ["initial", "proposal", "manual", "import"] }).notNull(),
  // The proposal this version came from; not a foreign key because proposals also point at versions.
  originProposalId: text("origin_proposal_id"),
  description: text("description"),
  contentHash: contentHash(),
  createdAt: createdAt(),
  // Who sent it (lib/harness-trust/arrival.ts); not part of the content hash, so a re-send stays "unchanged".
  // Rows stored before migration 0008 are "unknown", which the trust rule treats like a token's.
  arrivedVia: text("arrived_via", { enum: HARNESS_ARRIVALS }).notNull().default("unknown"),
  // The reviewer (users.id) who confirmed its code at a launch, and when; null until then.
  reviewedBy: text("reviewed_by"),
  reviewedAt: timestampMs("reviewed_at"),
}, (t) => [index("harness_versions_experiment").on(t.experimentId)]);

export const harnessFiles = sqliteTable("harness_files", {
  harnessVersionId: text("harness_version_id").notNull().references(() => harnessVersions.id),
  path: text("path").notNull(),
  blobHash: text("blob_hash").notNull().references(() => blobs.hash),
  kind: text("kind", { enum: FILE_KINDS }).notNull(),
  hookPosition: text("hook_position", { enum: HOOK_POSITIONS }),
}, (t) => [primaryKey({ columns: [t.harnessVersionId, t.path] })]);

export const checkpoints = sqliteTable("checkpoints", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  runId: text("run_id").references(() => runs.id),
  role: text("role", { enum: CHECKPOINT_ROLES }).notNull(),
  name: text("name"),
  model: text("model"),
  step: integer("step"),
  epoch: integer("epoch"),
  uri: text("uri"),
  metadata: jsonText<Record<string, unknown>>("metadata"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("checkpoints_experiment").on(t.experimentId)]);

/** Tasks are global: the same SWE-bench instance is one task across experiments, so flips can be compared. */
export const tasks = sqliteTable("tasks", {
  id: text("id").primaryKey(),
  key: text("key").notNull(),
  benchmark: text("benchmark").notNull(),
  title: text("title"),
  metadata: jsonText<Record<string, unknown>>("metadata"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex("tasks_benchmark_key").on(t.benchmark, t.key)]);

export const metricPoints = sqliteTable("metric_points", {
  runId: text("run_id").notNull().references(() => runs.id),
  key: text("key").notNull(),
  step: integer("step").notNull(),
  epoch: integer("epoch"),
  value: real("value"),
  time: timestampMs("time"),
}, (t) => [
  primaryKey({ columns: [t.runId, t.key, t.step] }),
  // Covers a curve's read (one run's key in step order, with value, epoch and time) without visiting the table:
  // a trainer sends many keys per step, so one key's rows are scattered through it (BENCHMARKS.md, issue 19).
  index("metric_points_series").on(t.runId, t.key, t.step, t.value, t.epoch, t.time),
]);

