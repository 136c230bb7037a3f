"use client";
// Approve or reject on the proposal page, whatever its status: changing one's mind is a new decision. The
// hint says when a reason is required (lib/proposals/reason-requirement.ts, the rule the server checks too)
// and what a reject means for this kind of proposal (rejectMeaning). The hidden nonce is this rendering's:
// a double submit is refused and writes nothing.
import { useActionState } from "react";
import { FormError } from "@/components/settings/form-message";
import { decisionReasonHint, type RuleJudgement } from "@/lib/proposals/reason-requirement";
import { describeDecision, rejectMeaning, type DecideAction } from "./decision-types";
import styles from "./proposals.module.css";

interface Props {
  proposalId: string;
  title: string;
  kind: "tool_hook" | "engineer_patch";
  nonce: string;
  rule: RuleJudgement;
  action: DecideAction;
}

export function DecisionForm({ proposalId, title, kind, nonce, rule, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={styles.decisionForm} aria-label="Decide">
      <input type="hidden" name="proposalId" value={proposalId} />
      <input type="hidden" name="nonce" value={nonce} />
      <p className="muted small" id="decision-hint">
        {decisionReasonHint(rule)} {rejectMeaning(kind)}
      </p>
      <div className="form-row">
        <label htmlFor="decision-reason">Reason</label>
        <textarea id="decision-reason" name="reason" maxLength={4000} aria-describedby="decision-hint" />
      </div>
      <div className={styles.decisionButtons}>
        <button type="submit" name="verdict" value="accept" className="button" disabled={pending}>
          Approve
        </button>
        <button type="submit" name="verdict" value="reject" className="button button-danger" disabled={pending}>
          Reject
        </button>
      </div>
      <FormError state={state} />
      {state && "ok" in state && (
        <p role="status" className={styles.liveMessage}>
          {describeDecision(title, state)}
        </p>
      )}
    </form>
  );
}
