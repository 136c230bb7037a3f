// The one write of a decision on a proposal, for the rule path (a trainer's decision event, db/apply/evolution.ts)
// and the human path (a reviewer's Approve/Reject, record-human-decision.ts): the decision row is appended, the
// proposal's status and the incumbent follow it (followDecision), and the audit log records who decided, all
// inside the caller's transaction, so a decision never stands without its promotion or its audit entry.
import "server-only";
import type Database from "better-sqlite3";
import { followDecision, type PromotionChange } from "./follow-decision";
import { recordAuditRow } from "./audit-log";
import type { AuditActor } from "../../lib/domain/audit-actor";

export interface DecisionRecord {
  id: string;
  proposalId: string;
  verdict: "accept" | "reject";
  actorKind: "rule" | "human";
  /** The rule's name or the person's username, as the decisions table shows it. */
  actor: string;
  reason: string | null;
  /** The rule's verdict (and statistics) at the moment of the decision, as JSON text. */
  ruleVerdict: string | null;
  /** The form nonce of a person's decision (a repeat submit is refused by it); null for events. */
  nonce: string | null;
  contentHash: string;
  at: number;
}

/** Who the audit log names, and what it keeps besides the promotion the decision made. */
export interface DecisionAudit {
  actor: AuditActor;
  detail: Record<string, unknown>;
}

export function writeDecision(sqlite: Database.Database, decision: DecisionRecord, audit: DecisionAudit): PromotionChange | null {
  sqlite
    .prepare(
      `INSERT INTO decisions (id, proposal_id, verdict, actor_kind, actor, reason, rule_verdict, nonce, content_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(decision.id, decision.proposalId, decision.verdict, decision.actorKind, decision.actor, decision.reason,
      decision.ruleVerdict, decision.nonce, decision.contentHash, decision.at);
  const promotion = followDecision(sqlite, { id: decision.id, proposalId: decision.proposalId, verdict: decision.verdict }, decision.at);
  recordAuditRow(sqlite, {
    ...audit.actor, action: `proposal.${decision.verdict}`, targetKind: "proposal", targetId: decision.proposalId, at: decision.at,
    detail: { ...audit.detail, ...(promotion ? { promotion: `${promotion.kind} ${promotion.label}` } : {}) },
  });
  return promotion;
}
