"use client";
// The sign-in form; the server action answers with a message or redirects on success.
import { useActionState } from "react";
import type { ActionError, ActionState } from "@/lib/services/auth/action-result";

interface Props {
  action: (state: ActionState, formData: FormData) => Promise<ActionError>;
}

export function SignInForm({ action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="form">
      <div className="form-row">
        <label htmlFor="sign-in-username">Username</label>
        <input id="sign-in-username" name="username" autoComplete="username" required autoFocus />
      </div>
      <div className="form-row">
        <label htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      {state && "error" in state && (
        <p className="error" role="alert">
          {state.error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
