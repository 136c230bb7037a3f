"use client";
// Changes your own password; users who came in by a sign-in link set their first one here.
import { useActionState } from "react";
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";
import { FormError } from "./form-message";

interface Props {
  hasPassword: boolean;
  action: (state: ActionState, formData: FormData) => Promise<ActionResult>;
}

export function ChangePasswordForm({ hasPassword, action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="form" aria-label={hasPassword ? "Change password" : "Set password"}>
      {hasPassword ? (
        <div className="form-row">
          <label htmlFor="current-password">Current password</label>
          <input id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
        </div>
      ) : (
        <p className="muted">You signed in with a one-time link; set a password to sign in with it next time.</p>
      )}
      <div className="form-row">
        <label htmlFor="new-password">New password</label>
        <input id="new-password" name="newPassword" type="password" autoComplete="new-password" required minLength={8} />
      </div>
      <div className="form-row">
        <label htmlFor="confirm-password">Confirm new password</label>
        <input id="confirm-password" name="confirmPassword" type="password" autoComplete="new-password" required minLength={8} />
      </div>
      <FormError state={state} />
      {state && "ok" in state && (
        <p role="status">Password saved. Other browsers signed in as you were signed out.</p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {hasPassword ? "Change password" : "Set password"}
      </button>
    </form>
  );
}
