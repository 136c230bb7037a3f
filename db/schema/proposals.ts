// Evolution rounds, teacher proposals with lineage, candidate comparisons and append-only decisions.
import { sqliteTable, text, integer, primaryKey, index, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  contentHash, createdAt, jsonText, timestampMs,
  PROPOSAL_KINDS, PROPOSAL_STATUSES, VERDICTS, ACTOR_KINDS, COMPARISON_SIDES, COMPARISON_PAIRINGS,
} from "./common";
import { experiments, harnessVersions, runs } from "./experiments";
import { rollouts } from "./rollouts";

export const evolutionRounds = sqliteTable("evolution_rounds", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  runId: text("run_id").references(() => runs.id),
  epoch: integer("epoch").notNull(),
  idx: integer("idx").notNull(),
  incumbentHarnessVersionId: text("incumbent_harness_version_id").notNull().references(() => harnessVersions.id),
  startedAt: timestampMs("started_at"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("evolution_rounds_experiment").on(t.experimentId)]);

export const proposals = sqliteTable("proposals", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  roundId: text("round_id").references(() => evolutionRounds.id),
  kind: text("kind", { enum: PROPOSAL_KINDS }).notNull(),
  title: text("title").notNull(),
  problem: text("problem"),
  rationale: text("rationale"),
  teacher: text("teacher"),
  baseHarnessVersionId: text("base_harness_version_id").notNull().references(() => harnessVersions.id),
  candidateHarnessVersionId: text("candidate_harness_version_id").notNull().references(() => harnessVersions.id),
  // Lineage: the proposal this one revises (a rejected idea coming back in another form).
  parentProposalId: text("parent_proposal_id").references((): AnySQLiteColumn => proposals.id),
  // Derived from the latest decision; the decisions table is the record.
  status: text("status", { enum: PROPOSAL_STATUSES }).notNull(),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [
  index("proposals_experiment_status").on(t.experimentId, t.status),
  // A proposal's follow-ups (proposal page); the proposals of a candidate version (harness trust). Migration 0012.
  index("proposals_parent").on(t.parentProposalId),
  index("proposals_candidate").on(t.candidateHarnessVersionId),
]);

export const proposalEvidence = sqliteTable("proposal_evidence", {
  proposalId: text("proposal_id").notNull().references(() => proposals.id),
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id),
  note: text("note"),
}, (t) => [primaryKey({ columns: [t.proposalId, t.rolloutId] })]);

export const comparisons = sqliteTable("comparisons", {
  id: text("id").primaryKey(),
  proposalId: text("proposal_id").notNull().references(() => proposals.id),
  runId: text("run_id").references(() => runs.id),
  rolloutsPerTask: integer("rollouts_per_task"),
  // "paired": rollout k of a task on each side ran on common random numbers, so the noise figure swaps sides within
  // pairs (sign flips); "independent" or null: the within-task permutation (lib/stats/rule-noise.ts).
  pairing: text("pairing", { enum: COMPARISON_PAIRINGS }),
  // Numbers a trainer reported when it sent no per-task rollouts (the UI says so).
  reported: jsonText<Record<string, number>>("reported"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("comparisons_proposal").on(t.proposalId)]);

export const comparisonRollouts = sqliteTable("comparison_rollouts", {
  comparisonId: text("comparison_id").notNull().references(() => comparisons.id),
  rolloutId: text("rollout_id").notNull().references(() => rollouts.id),
  side: text("side", { enum: COMPARISON_SIDES }).notNull(),
}, (t) => [primaryKey({ columns: [t.comparisonId, t.rolloutId] })]);

/** Append-only: a trigger in the migration refuses UPDATE and DELETE. */
export const decisions = sqliteTable("decisions", {
  id: text("id").primaryKey(),
  proposalId: text("proposal_id").notNull().references(() => proposals.id),
  verdict: text("verdict", { enum: VERDICTS }).notNull(),
  actorKind: text("actor_kind", { enum: ACTOR_KINDS }).notNull(),
  actor: text("actor").notNull(),
  reason: text("reason"),
  // What the acceptance rule said when the decision was made, kept for the audit trail.
  ruleVerdict: jsonText<Record<string, unknown>>("rule_verdict"),
  // A person's decision carries the random nonce of the form it was made in: a second submit of the same
  // form (a double click) finds it taken and writes nothing. Null for a trainer's decisions (their id is the key).
  nonce: text("nonce"),
  contentHash: contentHash(),
  createdAt: createdAt(),
}, (t) => [index("decisions_proposal").on(t.proposalId), uniqueIndex("decisions_nonce").on(t.nonce)]);

export const PROMOTION_KINDS = ["promote", "demote"] as const;

/**
 * Append-only (triggers in the migration): how an experiment's incumbent harness changed. An accepted
 * proposal appends "promote" (its candidate becomes the incumbent, labelled H1, H2, … in order); a later
 * reject of that proposal appends "demote", and the incumbent falls back to the newest promotion still
 * standing, or to the experiment's initial version (H0). db/queries/harness-incumbent.ts replays them.
 */
export const harnessPromotions = sqliteTable("harness_promotions", {
  id: text("id").primaryKey(),
  experimentId: text("experiment_id").notNull().references(() => experiments.id),
  harnessVersionId: text("harness_version_id").notNull().references(() => harnessVersions.id),
  kind: text("kind", { enum: PROMOTION_KINDS }).notNull(),
  // The label this promotion gave the version (a demotion repeats the label it takes back).
  label: text("label").notNull(),
  proposalId: text("proposal_id").references(() => proposals.id),
  decisionId: text("decision_id").notNull().references(() => decisions.id),
  createdAt: createdAt(),
}, (t) => [
  index("harness_promotions_experiment").on(t.experimentId),
  // One promotion or demotion per decision: a re-sent decision event can never promote twice.
  uniqueIndex("harness_promotions_decision").on(t.decisionId),
]);
