// The harness-evolution loop as events: skills, evolution rounds, proposals (revised ones after the proposal
// they revise), comparisons and decisions. Linked rollouts come in the order they were sent (rowid), since a
// record's content hash covers that order.
import "server-only";
import type Database from "better-sqlite3";
import type { EventInput } from "./event-types";
import { opt, parentsFirst, parsed, rowsOf } from "./rows";

export function* skillEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"skill">> {
  const sources = sqlite.prepare("SELECT rollout_id FROM skill_sources WHERE skill_id = ? ORDER BY rowid").pluck();
  for (const s of rowsOf(sqlite, "SELECT * FROM skills WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "skill", id: s.id as string, experiment, kind: s.kind as EventInput<"skill">["kind"], task: opt(s.task_id as string | null),
      epoch: opt(s.epoch as number | null), text: s.text as string, source_rollouts: sources.all(s.id) as string[],
    };
  }
}

export function* evolutionRoundEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"evolution_round">> {
  for (const r of rowsOf(sqlite, "SELECT * FROM evolution_rounds WHERE experiment_id = ? ORDER BY rowid", experiment)) {
    yield {
      type: "evolution_round", id: r.id as string, experiment, run: opt(r.run_id as string | null), epoch: r.epoch as number,
      index: r.idx as number, incumbent: r.incumbent_harness_version_id as string,
    };
  }
}

export function* proposalEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"proposal">> {
  const list = sqlite.prepare("SELECT id, parent_proposal_id AS parent FROM proposals WHERE experiment_id = ? ORDER BY rowid").all(experiment) as Array<{ id: string; parent: string | null }>;
  const proposal = sqlite.prepare("SELECT * FROM proposals WHERE id = ?");
  const evidence = sqlite.prepare("SELECT rollout_id, note FROM proposal_evidence WHERE proposal_id = ? ORDER BY rowid");
  for (const { id } of parentsFirst(list)) {
    const p = proposal.get(id) as Record<string, unknown>;
    yield {
      type: "proposal", id, experiment, round: opt(p.round_id as string | null), kind: p.kind as EventInput<"proposal">["kind"],
      title: p.title as string, problem: opt(p.problem as string | null), rationale: opt(p.rationale as string | null),
      teacher: opt(p.teacher as string | null), base: p.base_harness_version_id as string, candidate: p.candidate_harness_version_id as string,
      parent: opt(p.parent_proposal_id as string | null),
      evidence: (evidence.all(id) as Array<{ rollout_id: string; note: string | null }>).map((e) => ({ rollout: e.rollout_id, note: opt(e.note) })),
    };
  }
}

export function* comparisonEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"comparison">> {
  const side = sqlite.prepare("SELECT rollout_id FROM comparison_rollouts WHERE comparison_id = ? AND side = ? ORDER BY rowid").pluck();
  const sql = `SELECT c.* FROM comparisons c JOIN proposals p ON p.id = c.proposal_id WHERE p.experiment_id = ? ORDER BY c.rowid`;
  for (const c of rowsOf(sqlite, sql, experiment)) {
    yield {
      type: "comparison", id: c.id as string, proposal: c.proposal_id as string, run: opt(c.run_id as string | null),
      rollouts_per_task: opt(c.rollouts_per_task as number | null),
      pairing: opt(c.pairing as "paired" | "independent" | null),
      base_rollouts: side.all(c.id, "base") as string[], candidate_rollouts: side.all(c.id, "candidate") as string[],
      reported: parsed(c.reported),
    };
  }
}

/**
 * Every decision, a trainer's rule and a person's alike, in the order they were taken: replaying them in that
 * order gives each proposal its status and the experiment the same promotions (H1, H2, …) and incumbent.
 * A person's decision says so (actor_kind "human"); a rule's leaves the field out, as trainers send it.
 */
export function* decisionEvents(sqlite: Database.Database, experiment: string): Generator<EventInput<"decision">> {
  const sql = `SELECT d.* FROM decisions d JOIN proposals p ON p.id = d.proposal_id WHERE p.experiment_id = ? ORDER BY d.rowid`;
  for (const d of rowsOf(sqlite, sql, experiment)) {
    yield {
      type: "decision", id: d.id as string, proposal: d.proposal_id as string, verdict: d.verdict as EventInput<"decision">["verdict"],
      actor: d.actor as string, actor_kind: d.actor_kind === "human" ? "human" : undefined,
      reason: opt(d.reason as string | null), rule_verdict: parsed(d.rule_verdict),
    };
  }
}
