// The experiments table on its own: every other table points at it, jobs included, while runs point at jobs;
// kept apart from experiments.ts so jobs.ts can reference it without an import cycle (runs → jobs → experiments).
import { sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, jsonText, timestampMs, EXPERIMENT_METHODS } from "./common";

export const experiments = sqliteTable("experiments", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  method: text("method", { enum: EXPERIMENT_METHODS }).notNull(),
  description: text("description"),
  config: jsonText<Record<string, unknown>>("config"),
  createdAt: createdAt(),
  updatedAt: timestampMs("updated_at").notNull(),
});
