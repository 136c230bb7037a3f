"use client";
// Approve or reject one proposal, with a reason (required to reject). The decision is appended and audited.
import { useActionState } from "react";
import type { ActionResult, ActionState } from "@/lib/auth/action-result";
import { FormError } from "@/components/settings/form-message";

interface Props {
  proposalId: string;
  title: string;
  action: (state: ActionState, formData: FormData) => Promise<ActionResult>;
}

export function DecideProposalForm({ proposalId, title, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="decide-form">
      <input type="hidden" name="proposalId" value={proposalId} />
      <label>
        <span className="visually-hidden">Reason for {title}</span>
        <input name="reason" placeholder="reason" aria-label={`Reason for ${title}`} maxLength={4000} />
      </label>
      <button type="submit" name="verdict" value="accept" className="button button-small" disabled={pending} aria-label={`Approve ${title}`}>
        Approve
      </button>
      <button type="submit" name="verdict" value="reject" className="button button-small button-danger" disabled={pending} aria-label={`Reject ${title}`}>
        Reject
      </button>
      <FormError state={state} />
    </form>
  );
}
