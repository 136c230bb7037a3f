// A person's accept/reject of a proposal: appended to the decisions (never rewritten) with the rule's verdict
// and the comparison's statistics at that moment, the proposal's status and the incumbent follow it
// (followDecision), and the audit log records who did it, all in one transaction. Refusals write nothing.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Store } from "../client";
import { recordAudit } from "./audit-log";
import { userActor } from "../../lib/domain/audit-actor";
import { getRuleVerdict, type RuleVerdictSnapshot } from "../queries/proposal-rule-verdict";
import { getProposalComparison } from "../queries/proposal-comparison";
import { followDecision, type PromotionChange } from "./follow-decision";

export type HumanDecisionError = "missing-proposal" | "reason-required" | "duplicate";

export type HumanDecisionResult =
  | { ok: true; decisionId: string; promotion: PromotionChange | null; rule: RuleVerdictSnapshot }
  | { ok: false; code: HumanDecisionError; error: string };

export interface HumanDecisionInput {
  proposalId: string;
  verdict: "accept" | "reject";
  reason: string | null;
  /** The random nonce of the form the decision was made in; the same nonce never decides twice. */
  nonce: string;
  user: { id: string; username: string };
}

/**
 * When a decision needs a reason, the message saying why; null when it may go without one. A reject always
 * says why (a rejected idea may come back, and its author needs to know what to change); an approve needs one
 * when it overrules the acceptance rule or when there is no comparison for the rule to judge by.
 */
export function reasonRequirement(verdict: "accept" | "reject", rule: Pick<RuleVerdictSnapshot, "verdict" | "reason">): string | null {
  if (verdict === "reject") {
    return rule.verdict === "accept" ? `the acceptance rule says accept (${rule.reason}): say why you reject it` : "say why you reject it";
  }
  if (rule.verdict === "reject") return `the acceptance rule says reject (${rule.reason}): say why you approve it against it`;
  if (rule.verdict === null) return `the rule cannot judge (${rule.reason}): say why you approve it`;
  return null;
}

export function recordHumanDecision(store: Store, input: HumanDecisionInput, now = Date.now()): HumanDecisionResult {
  const decisionId = randomUUID();
  return store.sqlite.transaction((): HumanDecisionResult => {
    const exists = store.sqlite.prepare("SELECT 1 FROM proposals WHERE id = ?").get(input.proposalId);
    if (!exists) return { ok: false, code: "missing-proposal", error: `proposal: "${input.proposalId}" does not exist; nothing was recorded` };
    const earlier = store.sqlite.prepare("SELECT actor, created_at AS at FROM decisions WHERE nonce = ?").get(input.nonce) as { actor: string; at: number } | undefined;
    if (earlier) {
      return {
        ok: false, code: "duplicate",
        error: `this form was already submitted (a decision by ${earlier.actor} was recorded from it); the repeat was not recorded. Reload the page to decide again.`,
      };
    }
    const rule = getRuleVerdict(store, input.proposalId);
    const reason = input.reason?.trim() || null;
    const needed = reasonRequirement(input.verdict, rule);
    if (needed && !reason) return { ok: false, code: "reason-required", error: `reason: ${needed}` };

    store.sqlite
      .prepare(
        `INSERT INTO decisions (id, proposal_id, verdict, actor_kind, actor, reason, rule_verdict, nonce, content_hash, created_at)
         VALUES (?, ?, ?, 'human', ?, ?, ?, ?, ?, ?)`,
      )
      // A person's decision has no producer event to hash; its own id stands in, so it is never "the same" as another.
      .run(decisionId, input.proposalId, input.verdict, input.user.username, reason, JSON.stringify({ ...rule, statistics: pairedStatisticsNow(store, input.proposalId) }), input.nonce, decisionId, now);
    const promotion = followDecision(store.sqlite, { id: decisionId, proposalId: input.proposalId, verdict: input.verdict }, now);
    recordAudit(store, {
      ...userActor(input.user.id), action: `proposal.${input.verdict}`, targetKind: "proposal", targetId: input.proposalId, at: now,
      detail: { decisionId, reason, ruleVerdict: rule.verdict, ...(promotion ? { promotion: `${promotion.kind} ${promotion.label}` } : {}) },
    });
    return { ok: true, decisionId, promotion, rule };
  })();
}

/**
 * The paired statistics the reviewer saw (newest comparison), kept with the decision. The per-task table is
 * left out: it is derivable from the stored rollouts and would make every decision tens of KB.
 */
function pairedStatisticsNow(store: Store, proposalId: string) {
  const newest = getProposalComparison(store, proposalId)?.comparisons.at(-1);
  if (!newest) return null;
  if (newest.kind !== "rollouts") return newest;
  const { tasks: _tasks, ...rest } = newest;
  return rest;
}
