"use client";
// Creates a user. Without a password the admin gets a one-time sign-in link to pass on instead.
import { useActionState } from "react";
import { ROLES } from "@/lib/domain/vocabulary";
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";
import { FormError } from "./form-message";

type CreatedUser = { username: string; signInLink: string | null };

interface Props {
  action: (state: ActionState<CreatedUser>, formData: FormData) => Promise<ActionResult<CreatedUser>>;
}

export function CreateUserForm({ action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const created = state && "ok" in state ? state : null;
  return (
    <div>
      <form action={formAction} className="form" aria-label="Create user">
        <div className="form-row">
          <label htmlFor="user-username">Username</label>
          <input id="user-username" name="username" required autoComplete="off" />
        </div>
        <div className="form-row">
          <label htmlFor="user-display-name">Display name (optional)</label>
          <input id="user-display-name" name="displayName" autoComplete="off" />
        </div>
        <div className="form-row">
          <label htmlFor="user-role">Role</label>
          <select id="user-role" name="role" defaultValue="viewer">
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        </div>
        <div className="form-row">
          <label htmlFor="user-password">Initial password (optional)</label>
          <input id="user-password" name="password" type="password" autoComplete="new-password" />
          <span className="muted">Leave empty to get a one-time sign-in link instead.</span>
        </div>
        <FormError state={state} />
        <button type="submit" className="button" disabled={pending}>
          Create user
        </button>
      </form>
      {created && (
        <div className="card" role="status">
          <p>User &ldquo;{created.username}&rdquo; created.</p>
          {created.signInLink && (
            <p>
              One-time sign-in link (valid 24 hours, shown once): <code>{created.signInLink}</code>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
