// Events that describe an experiment's structure: experiment, run, harness version, checkpoint, task, metrics.
import { z } from "zod";
import { Id, Label, Text, Time, Count, FiniteNumber, JsonObject, NumberRecord, wellFormed } from "./primitives";
import {
  EXPERIMENT_METHODS, RUN_KINDS, RUN_STATUSES, FILE_KINDS, HOOK_POSITIONS, CHECKPOINT_ROLES,
} from "../domain/vocabulary";
import { isWellFormedText, NOT_WELL_FORMED } from "./json-shape";

export const ExperimentEvent = z.strictObject({
  type: z.literal("experiment"),
  id: Id,
  name: Label,
  method: z.enum(EXPERIMENT_METHODS),
  description: Text.optional(),
  config: JsonObject.optional(),
  created_at: Time.optional(),
}).describe("An experiment. Re-sending it updates name, description and config; the method is fixed.");

export const RunEvent = z.strictObject({
  type: z.literal("run"),
  id: Id,
  experiment: Id,
  kind: z.enum(RUN_KINDS),
  status: z.enum(RUN_STATUSES),
  name: Label.optional(),
  config: JsonObject.optional(),
  job: Id.optional(),
  started_at: Time.optional(),
  finished_at: Time.optional(),
}).describe("A run starting, changing status or finishing. Fields sent overwrite; experiment and kind are fixed.");

export const HarnessFile = z.strictObject({
  path: z
    .string()
    .min(1)
    .max(512)
    .refine((p) => !p.startsWith("/") && !p.split("/").some((part) => part === ".." || part === "." || part === ""), "must be a relative path without '.', '..' or empty parts")
    .refine(isWellFormedText, NOT_WELL_FORMED),
  content: Text,
  kind: z.enum(FILE_KINDS),
  hook_position: z.enum(HOOK_POSITIONS).optional(),
});

export const HarnessVersionEvent = z.strictObject({
  type: z.literal("harness_version"),
  id: Id,
  experiment: Id,
  label: Label,
  parent: Id.optional(),
  origin: z.enum(["initial", "proposal", "manual", "import"]).default("initial"),
  origin_proposal: Id.optional(),
  description: Text.optional(),
  files: z.array(HarnessFile).max(10_000),
}).superRefine((event, ctx) => {
  const seen = new Set<string>();
  event.files.forEach((file, i) => {
    if (seen.has(file.path)) ctx.addIssue({ code: "custom", path: ["files", i, "path"], message: `duplicate path "${file.path}"` });
    seen.add(file.path);
    if (file.kind === "hook" && !file.hook_position) {
      ctx.addIssue({ code: "custom", path: ["files", i, "hook_position"], message: "a hook file needs its lifecycle position" });
    }
  });
}).describe("A harness version with all of its files. Immutable: different files under an existing id are refused (409).");

export const CheckpointEvent = z.strictObject({
  type: z.literal("checkpoint"),
  id: Id,
  experiment: Id,
  run: Id.optional(),
  role: z.enum(CHECKPOINT_ROLES),
  name: Label.optional(),
  model: Label.optional(),
  step: Count.optional(),
  epoch: Count.optional(),
  uri: wellFormed(z.string().max(4096)).optional(),
  metadata: JsonObject.optional(),
}).describe("A model checkpoint (policy, target, engineer or teacher). Immutable.");

export const TaskEvent = z.strictObject({
  type: z.literal("task"),
  id: Id,
  key: Label,
  benchmark: Label,
  title: Label.optional(),
  metadata: JsonObject.optional(),
}).describe("A task, global across experiments (e.g. a SWE-bench instance). Key and benchmark are fixed; title and metadata update.");

export const MetricsEvent = z.strictObject({
  type: z.literal("metrics"),
  run: Id,
  step: Count,
  epoch: Count.optional(),
  time: Time.optional(),
  values: NumberRecord(z.string().min(1).max(256), FiniteNumber.nullable()).refine((v) => Object.keys(v).length > 0, "must hold at least one key"),
}).describe("Metric values a trainer reports at one step (any key, e.g. critic/score/mean). A point is (run, key, step); a different value for an existing point is refused (409).");
