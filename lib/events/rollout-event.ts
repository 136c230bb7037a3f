// The rollout event: one attempt at one task, with every turn and every hook message injected into it.
import { z } from "zod";
import { Id, Label, Text, Time, Count, FiniteNumber, JsonObject, AnyJson } from "./primitives";
import { ROLLOUT_PURPOSES, TRUNCATION_KINDS, HOOK_POSITIONS } from "../domain/vocabulary";

export const HookMessage = z.strictObject({
  position: z.enum(HOOK_POSITIONS),
  hook: Label.optional(),
  effect: z.enum(["inject", "rewrite", "refuse", "recover", "observe"]).optional(),
  message: Text.optional(),
});

export const Turn = z.strictObject({
  role: z.enum(["system", "user", "assistant", "tool", "environment"]),
  content: Text,
  reasoning: Text.optional(),
  action: JsonObject.optional(),
  observation: Text.optional(),
  return_code: z.number().int().optional(),
  format_error: z.boolean().default(false),
  tokens: Count.optional(),
  hooks: z.array(HookMessage).max(1_000).default([]),
  raw: AnyJson.optional(),
});

export const RolloutEvent = z.strictObject({
  type: z.literal("rollout"),
  id: Id,
  experiment: Id,
  run: Id,
  task: Id,
  harness_version: Id.optional(),
  checkpoint: Id.optional(),
  purpose: z.enum(ROLLOUT_PURPOSES),
  epoch: Count.optional(),
  step: Count.optional(),
  group: Id.optional(),
  sample_index: Count.optional(),
  reward: FiniteNumber.nullable(),
  success: z.boolean(),
  exit_status: Label.optional(),
  truncated: z.boolean().default(false),
  truncation_kind: z.enum(TRUNCATION_KINDS).optional(),
  tokens: z.strictObject({ prompt: Count.optional(), completion: Count.optional() }).optional(),
  cost_usd: FiniteNumber.optional(),
  duration_ms: Count.optional(),
  submission: Text.optional(),
  source_format: Label.default("harness-lab"),
  // The imported file this rollout was read from (a source_file event), offered for download in the viewer.
  source_file: Id.optional(),
  metadata: JsonObject.optional(),
  started_at: Time.optional(),
  turns: z.array(Turn).max(100_000),
}).superRefine((event, ctx) => {
  if (event.truncation_kind && !event.truncated) {
    ctx.addIssue({ code: "custom", path: ["truncation_kind"], message: "given, but truncated is false" });
  }
}).describe("One rollout with its turns. Immutable: a different rollout under an existing id is refused (409).");
