// Events of the harness-evolution loop: skills, evolution rounds, proposals, comparisons, rule decisions.
import { z } from "zod";
import { Id, Label, Text, Count, FiniteNumber, JsonObject } from "./primitives";
import { SKILL_KINDS, PROPOSAL_KINDS, VERDICTS, ACTOR_KINDS, COMPARISON_PAIRINGS } from "../domain/vocabulary";

export const SkillEvent = z.strictObject({
  type: z.literal("skill"),
  id: Id,
  experiment: Id,
  kind: z.enum(SKILL_KINDS),
  task: Id.optional(),
  epoch: Count.optional(),
  text: Text.min(1),
  source_rollouts: z.array(Id).max(1_000).default([]),
}).describe("A skill text (mechanism-level, near-answer hint or skill bank). Immutable.");

export const EvolutionRoundEvent = z.strictObject({
  type: z.literal("evolution_round"),
  id: Id,
  experiment: Id,
  run: Id.optional(),
  epoch: Count,
  index: Count,
  incumbent: Id,
}).describe("One propose → compare → decide cycle, with the incumbent harness version it started from. Immutable.");

export const ProposalEvent = z.strictObject({
  type: z.literal("proposal"),
  id: Id,
  experiment: Id,
  round: Id.optional(),
  kind: z.enum(PROPOSAL_KINDS),
  title: Label,
  problem: Text.optional(),
  rationale: Text.optional(),
  teacher: Label.optional(),
  base: Id,
  candidate: Id,
  parent: Id.optional(),
  evidence: z.array(z.strictObject({ rollout: Id, note: Text.optional() })).max(1_000).default([]),
}).describe("A teacher's (or engineer's) proposal: base and candidate harness versions, lineage, evidence rollouts. Immutable; its status follows decisions.");

/** Summary numbers a trainer may report instead of (or besides) per-task rollouts. */
const ReportedComparison = z.strictObject({
  base_pass_rate: FiniteNumber.optional(),
  candidate_pass_rate: FiniteNumber.optional(),
  base_trainable_rate: FiniteNumber.optional(),
  candidate_trainable_rate: FiniteNumber.optional(),
  base_rollouts: Count.optional(),
  candidate_rollouts: Count.optional(),
});

export const ComparisonEvent = z.strictObject({
  type: z.literal("comparison"),
  id: Id,
  proposal: Id,
  run: Id.optional(),
  rollouts_per_task: Count.optional(),
  pairing: z.enum(COMPARISON_PAIRINGS).optional()
    .describe("\"paired\": each base rollout and the candidate rollout with the same task and sample_index ran on common random numbers (the same seed or stream), so the noise figure swaps sides within those pairs; \"independent\" (the default when left out): the sides drew separately."),
  base_rollouts: z.array(Id).max(100_000).default([]),
  candidate_rollouts: z.array(Id).max(100_000).default([]),
  reported: ReportedComparison.optional(),
}).superRefine((event, ctx) => {
  const base = new Set(event.base_rollouts);
  event.candidate_rollouts.forEach((id, i) => {
    if (base.has(id)) ctx.addIssue({ code: "custom", path: ["candidate_rollouts", i], message: `rollout "${id}" is on both sides` });
  });
}).describe("A candidate comparison: the fresh rollouts of each side and/or the summary numbers the trainer reported. Immutable.");

export const DecisionEvent = z.strictObject({
  type: z.literal("decision"),
  id: Id,
  proposal: Id,
  verdict: z.enum(VERDICTS),
  actor: Label.default("acceptance-rule"),
  // Who decided: a trainer's rule (the default, left out) or a person. "human" is how an exported experiment
  // carries a reviewer's accept/reject into another store; no default, so events without it hash as before.
  actor_kind: z.enum(ACTOR_KINDS).optional(),
  reason: Text.optional(),
  rule_verdict: JsonObject.optional(),
}).describe("A decision taken by a trainer's rule (or, with actor_kind \"human\", a person's decision moved from another store). Decisions are append-only; the proposal's status follows the latest one.");
