// What a decision changes besides itself, for people's decisions and trainers' rule decisions alike: the
// proposal's status follows it, an accept makes the candidate the experiment's incumbent (a promotion with
// the next label), and a reject of a proposal whose promotion still stands takes it back (a demotion, so
// the previous incumbent is current again). Runs inside the caller's transaction.
import "server-only";
import type Database from "better-sqlite3";
import { listPromotionRows } from "../queries/harness-incumbent";
import { nextPromotionLabel, standingPromotions } from "../../lib/proposals/promotions";

export interface PromotionChange {
  kind: "promote" | "demote";
  label: string;
  harnessVersionId: string;
}

export function followDecision(
  sqlite: Database.Database,
  decision: { id: string; proposalId: string; verdict: "accept" | "reject" },
  now: number,
): PromotionChange | null {
  const proposal = sqlite
    .prepare("SELECT experiment_id AS experimentId, candidate_harness_version_id AS candidateId FROM proposals WHERE id = ?")
    .get(decision.proposalId) as { experimentId: string; candidateId: string } | undefined;
  // A decision may arrive before its proposal in one ingestion batch; applyProposal follows it then.
  if (!proposal) return null;
  sqlite.prepare("UPDATE proposals SET status = ? WHERE id = ?").run(decision.verdict === "accept" ? "accepted" : "rejected", decision.proposalId);

  const rows = listPromotionRows(sqlite, proposal.experimentId);
  const standing = standingPromotions(rows).find((p) => p.proposalId === decision.proposalId);
  // Accepting a proposal that already stands (or rejecting one that does not) confirms; it changes nothing.
  let change: PromotionChange | null = null;
  if (decision.verdict === "accept" && !standing) {
    change = { kind: "promote", label: nextPromotionLabel(rows), harnessVersionId: proposal.candidateId };
  } else if (decision.verdict === "reject" && standing) {
    change = { kind: "demote", label: standing.label, harnessVersionId: standing.harnessVersionId };
  }
  if (change) {
    sqlite
      .prepare(
        `INSERT INTO harness_promotions (id, experiment_id, harness_version_id, kind, label, proposal_id, decision_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(`promotion-${decision.id}`, proposal.experimentId, change.harnessVersionId, change.kind, change.label, decision.proposalId, decision.id, now);
  }
  return change;
}
