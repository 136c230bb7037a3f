"use client";
// One revoke button per token row; revoking is immediate and cannot be undone (the token answers 401 "token
// revoked" after, and a trainer using it stops reaching the dashboard), so it asks first.
import { useActionState } from "react";
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";
import { FormError } from "./form-message";

interface Props {
  id: string;
  name: string;
  action: (state: ActionState, formData: FormData) => Promise<ActionResult>;
}

export function RevokeTokenButton({ id, name, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form
      action={formAction}
      onSubmit={(e) => {
        if (!window.confirm(`Revoke the token “${name}”? Anything using it is refused from now on; this cannot be undone.`)) e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button-danger" disabled={pending} aria-label={`Revoke token ${name}`}>
        Revoke
      </button>
      <FormError state={state} />
    </form>
  );
}
