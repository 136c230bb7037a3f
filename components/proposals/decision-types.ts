// What the decide action takes and answers, shared by the inbox, the proposal page and app/proposals/actions.ts.
import type { ActionResult, ActionState } from "@/lib/auth/action-result";

export interface DecisionDone {
  verdict: "accept" | "reject";
  /** e.g. "promote H2" or "demote H1"; absent when the incumbent did not change. */
  promotion?: string;
}

export type DecideState = ActionState<DecisionDone>;

/** The server action (FormData: proposalId, verdict, reason, nonce). */
export type DecideAction = (state: DecideState, formData: FormData) => Promise<ActionResult<DecisionDone>>;

export function decisionForm(input: { proposalId: string; verdict: "accept" | "reject"; reason: string; nonce: string }): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) form.set(key, value);
  return form;
}

/** "Approved “x”; its candidate is now the incumbent H2." — what a screen reader and the eye get after a decision. */
export function describeDecision(title: string, done: DecisionDone): string {
  const what = done.verdict === "accept" ? "Approved" : "Rejected";
  if (!done.promotion) return `${what} “${title}”.`;
  const [kind, label] = done.promotion.split(" ");
  return kind === "promote"
    ? `${what} “${title}”; its candidate is now the incumbent ${label}.`
    : `${what} “${title}”; ${label} is no longer the incumbent.`;
}
