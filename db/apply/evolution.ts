// Appliers for the evolution loop: skills, evolution rounds, proposals, comparisons, decisions.
import "server-only";
import type { EventOf } from "../../lib/events/contract";
import { ApplyContext, type ApplyStatus, insertImmutable, insertImmutableRow, json, orNull } from "./context";
import { followDecision } from "../mutations/follow-decision";
import { writeDecision } from "../mutations/write-decision";
import { SYSTEM_ACTOR } from "../../lib/domain/audit-actor";

export function applySkill(ctx: ApplyContext, e: EventOf<"skill">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("tasks", e.task, "task");
  e.source_rollouts.forEach((id, i) => ctx.ref("rollouts", id, `source_rollouts.${i}`));
  const row = { experiment_id: e.experiment, kind: e.kind, task_id: orNull(e.task), epoch: orNull(e.epoch), text: e.text };
  return insertImmutableRow(ctx, "skills", "skill", e, row, () => {
    const source = ctx.stmt("INSERT OR IGNORE INTO skill_sources (skill_id, rollout_id) VALUES (?, ?)");
    for (const id of e.source_rollouts) source.run(e.id, id);
  });
}

export function applyEvolutionRound(ctx: ApplyContext, e: EventOf<"evolution_round">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("runs", e.run, "run");
  ctx.ref("harness_versions", e.incumbent, "incumbent");
  return insertImmutableRow(ctx, "evolution_rounds", "evolution round", e, {
    experiment_id: e.experiment, run_id: orNull(e.run), epoch: e.epoch, idx: e.index, incumbent_harness_version_id: e.incumbent,
  });
}

export function applyProposal(ctx: ApplyContext, e: EventOf<"proposal">): ApplyStatus {
  ctx.ref("experiments", e.experiment, "experiment");
  ctx.ref("evolution_rounds", e.round, "round");
  ctx.ref("harness_versions", e.base, "base");
  ctx.ref("harness_versions", e.candidate, "candidate");
  ctx.ref("proposals", e.parent, "parent");
  e.evidence.forEach((ev, i) => ctx.ref("rollouts", ev.rollout, `evidence.${i}.rollout`));
  if (e.parent === e.id) return ctx.conflict("parent", "a proposal cannot revise itself");
  const row = {
    experiment_id: e.experiment, round_id: orNull(e.round), kind: e.kind, title: e.title, problem: orNull(e.problem), rationale: orNull(e.rationale),
    teacher: orNull(e.teacher), base_harness_version_id: e.base, candidate_harness_version_id: e.candidate, parent_proposal_id: orNull(e.parent),
    status: "pending",
  };
  return insertImmutableRow(ctx, "proposals", "proposal", e, row, () => {
    const evidence = ctx.stmt("INSERT OR IGNORE INTO proposal_evidence (proposal_id, rollout_id, note) VALUES (?, ?, ?)");
    for (const ev of e.evidence) evidence.run(e.id, ev.rollout, orNull(ev.note));
    // Decisions that came before their proposal in this batch could not follow it then; they do now, in order.
    const earlier = ctx.stmt("SELECT id, verdict FROM decisions WHERE proposal_id = ? ORDER BY rowid").all(e.id) as Array<{ id: string; verdict: "accept" | "reject" }>;
    for (const d of earlier) followDecision(ctx.sqlite, { id: d.id, proposalId: e.id, verdict: d.verdict }, ctx.now);
  });
}

export function applyComparison(ctx: ApplyContext, e: EventOf<"comparison">): ApplyStatus {
  ctx.ref("proposals", e.proposal, "proposal");
  ctx.ref("runs", e.run, "run");
  e.base_rollouts.forEach((id, i) => ctx.ref("rollouts", id, `base_rollouts.${i}`));
  e.candidate_rollouts.forEach((id, i) => ctx.ref("rollouts", id, `candidate_rollouts.${i}`));
  const row = { proposal_id: e.proposal, run_id: orNull(e.run), rollouts_per_task: orNull(e.rollouts_per_task), pairing: orNull(e.pairing), reported: json(e.reported) };
  return insertImmutableRow(ctx, "comparisons", "comparison", e, row, () => {
    const link = ctx.stmt("INSERT OR IGNORE INTO comparison_rollouts (comparison_id, rollout_id, side) VALUES (?, ?, ?)");
    for (const id of e.base_rollouts) link.run(e.id, id, "base");
    for (const id of e.candidate_rollouts) link.run(e.id, id, "candidate");
  });
}

export function applyDecision(ctx: ApplyContext, e: EventOf<"decision">): ApplyStatus {
  ctx.ref("proposals", e.proposal, "proposal");
  const hash = ctx.hash(e);
  return insertImmutable(ctx, "decisions", "decision", e.id, hash, () => {
    // The proposal's status and the experiment's incumbent follow its latest decision (an accept promotes the
    // candidate, a reject takes a standing promotion back); the decisions table stays the record. A re-sent
    // event is "unchanged" above and never reaches this, so it cannot promote twice.
    writeDecision(ctx.sqlite, {
      id: e.id, proposalId: e.proposal, verdict: e.verdict, actorKind: e.actor_kind ?? "rule", actor: e.actor,
      reason: orNull(e.reason), ruleVerdict: json(e.rule_verdict), nonce: null, contentHash: hash, at: ctx.now,
    }, { actor: SYSTEM_ACTOR, detail: { decisionId: e.id, rule: e.actor, reason: e.reason ?? null } });
  });
}
