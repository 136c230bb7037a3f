// What the decide action takes and answers, shared by the inbox, the proposal page and app/proposals/actions.ts.
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";

export interface DecisionDone {
  verdict: "accept" | "reject";
  /** e.g. "promote H2" or "demote H1"; absent when the incumbent did not change. */
  promotion?: string;
  /** The promoted (or taken back) version in the one naming (lib/domain/harness-naming.ts promotionSubject). */
  subject?: string;
}

export type DecideState = ActionState<DecisionDone>;

/** The server action (FormData: proposalId, verdict, reason, nonce). */
export type DecideAction = (state: DecideState, formData: FormData) => Promise<ActionResult<DecisionDone>>;

export function decisionForm(input: { proposalId: string; verdict: "accept" | "reject"; reason: string; nonce: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) form.set(key, value);
  return form;
}

/**
 * What a reject means, said where a reviewer rejects: a teacher's rejected idea can come back revised (the
 * reason is what the teacher reads), while an engineer patch is simply not applied — the engineer learns from
 * its measured reward, not from the reason, which stays in the decision history and the audit log.
 */
export function rejectMeaning(kind: "tool_hook" | "engineer_patch"): string {
  return kind === "engineer_patch"
    ? "A rejected engineer patch is not applied to the harness and never becomes the incumbent; its reward on its failure packets stays as measured (the engineer is trained on that reward, not on a reviewer's reason), and the reason is kept in the decision history."
    : "A rejected idea can come back revised: the teacher's next proposal can use the reason.";
}

/** The reject dialog's request for a reason. */
export const rejectHint = (kind: "tool_hook" | "engineer_patch") => `Say why you reject it. ${rejectMeaning(kind)}`;

/**
 * "Approved “x”; its candidate is now the incumbent H2." (or "… H0+x (numbered H1 in promotion order)": the
 * version that was promoted, by its own label) — what a screen reader and the eye get after a decision.
 */
export function describeDecision(title: string, done: DecisionDone): string {
  const what = done.verdict === "accept" ? "Approved" : "Rejected";
  if (!done.promotion) return `${what} “${title}”.`;
  const [kind, stored] = done.promotion.split(" ");
  const label = done.subject ?? stored;
  return kind === "promote"
    ? `${what} “${title}”; its candidate is now the incumbent ${label}.`
    : `${what} “${title}”; ${label} is no longer the incumbent.`;
}
