// Job templates and launched jobs (local processes or Slurm).
import { sqliteTable, text, integer, real, index, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt, jsonText, timestampMs, JOB_KINDS, JOB_STATUSES, JOB_EXECUTORS } from "./common";
import { experiments } from "./experiment-table";
import { users } from "./auth";

export const jobTemplates = sqliteTable("job_templates", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").references((): AnySQLiteColumn => experiments.id),
  name: text("name").notNull(),
  kind: text("kind", { enum: JOB_KINDS }).notNull(),
  // An argument array, never a shell string; `{placeholder}` items are filled from validated params.
  command: jsonText<string[]>("command").notNull(),
  placeholders: jsonText<Record<string, unknown>>("placeholders").notNull(),
  env: jsonText<Record<string, string>>("env"),
  cwd: text("cwd"),
  resources: jsonText<Record<string, unknown>>("resources"),
  createdBy: text("created_by").references(() => users.id),
  createdAt: createdAt(),
  updatedAt: timestampMs("updated_at").notNull(),
});

export const jobs = sqliteTable("jobs", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").references((): AnySQLiteColumn => experiments.id),
  templateId: text("template_id").references(() => jobTemplates.id),
  kind: text("kind", { enum: JOB_KINDS }).notNull(),
  params: jsonText<Record<string, unknown>>("params"),
  command: jsonText<string[]>("command").notNull(),
  executor: text("executor", { enum: JOB_EXECUTORS }).notNull(),
  externalId: text("external_id"),
  status: text("status", { enum: JOB_STATUSES }).notNull(),
  statusReason: text("status_reason"),
  exitCode: integer("exit_code"),
  logPath: text("log_path"),
  progress: real("progress"),
  progressMessage: text("progress_message"),
  createdBy: text("created_by").references(() => users.id),
  createdAt: createdAt(),
  startedAt: timestampMs("started_at"),
  finishedAt: timestampMs("finished_at"),
}, (t) => [index("jobs_status").on(t.status)]);
