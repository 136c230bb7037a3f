// A person's accept/reject of a proposal: appended to the decisions (never rewritten) with the rule's verdict
// and the comparison's statistics at that moment, the proposal's status and the incumbent follow it
// (followDecision), and the audit log records who did it, all in one transaction: the same write as a
// trainer's decision event (writeDecision). Refusals write nothing.
import "server-only";
import { randomUUID } from "node:crypto";
import type { Store } from "../client";
import { userActor } from "../../lib/domain/audit-actor";
import { getRuleVerdict, type RuleVerdictSnapshot } from "../queries/proposal-rule-verdict";
import { getProposalComparison } from "../queries/proposal-comparison";
import type { PromotionChange } from "./follow-decision";
import { writeDecision } from "./write-decision";
import { reasonRequirement } from "../../lib/proposals/reason-requirement";
import { writeTransaction } from "../write-transaction";

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

export function recordHumanDecision(store: Store, input: HumanDecisionInput, now = Date.now()): HumanDecisionResult {
  const decisionId = randomUUID();
  return writeTransaction(store, (): HumanDecisionResult => {
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

    // A person's decision has no producer event to hash; its own id stands in, so it is never "the same" as another.
    const promotion = writeDecision(store.sqlite, {
      id: decisionId, proposalId: input.proposalId, verdict: input.verdict, actorKind: "human", actor: input.user.username, reason,
      ruleVerdict: JSON.stringify({ ...rule, statistics: pairedStatisticsNow(store, input.proposalId) }), nonce: input.nonce,
      contentHash: decisionId, at: now,
    }, { actor: userActor(input.user.id), detail: { decisionId, reason, ruleVerdict: rule.verdict } });
    return { ok: true, decisionId, promotion, rule };
  });
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
