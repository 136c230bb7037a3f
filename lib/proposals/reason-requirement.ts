// When a person's decision on a proposal must say why: the one rule, with the words the server refuses with
// and the hints the decision form and the inbox show before anyone submits. Pure, so the server's check
// (db/mutations/record-human-decision.ts) and the two client components cannot drift apart.

/** The acceptance rule's judgement of a proposal, as the reviewer sees it. */
export interface RuleJudgement {
  verdict: "accept" | "reject" | null;
  reason: string;
}

/**
 * When a decision needs a reason, the message saying why; null when it may go without one. A reject always
 * says why (a rejected idea may come back, and its author needs to know what to change); an approve needs one
 * when it overrules the acceptance rule or when there is no comparison for the rule to judge by.
 */
export function reasonRequirement(verdict: "accept" | "reject", rule: RuleJudgement): string | null {
  if (verdict === "reject") {
    return rule.verdict === "accept" ? `the acceptance rule says accept (${rule.reason}): say why you reject it` : "say why you reject it";
  }
  if (rule.verdict === "reject") return `the acceptance rule says reject (${rule.reason}): say why you approve it against it`;
  if (rule.verdict === null) return `the rule cannot judge (${rule.reason}): say why you approve it`;
  return null;
}

/** The decision form's hint: what the rule says and which decisions need a reason. */
export function decisionReasonHint(rule: RuleJudgement): string {
  if (reasonRequirement("accept", rule) === null) return `The acceptance rule says accept (${rule.reason}). A reject needs a reason.`;
  if (rule.verdict === "reject") return `The acceptance rule says reject (${rule.reason}). Approving against it needs a reason, and so does a reject.`;
  return `The rule cannot judge (${rule.reason}). Either decision needs a reason.`;
}

/** Why an approve needs a reason (the inbox asks for one before approving), or null when it needs none. */
export function approveReasonHint(rule: RuleJudgement): string | null {
  if (reasonRequirement("accept", rule) === null) return null;
  return rule.verdict === "reject"
    ? `The acceptance rule says reject (${rule.reason}). Approving against it needs a reason.`
    : `The rule cannot judge (${rule.reason}). Approving needs a reason.`;
}
