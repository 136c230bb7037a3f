"use client";
// Creates an API token and shows its secret exactly once; the server keeps only a hash.
import { useActionState, useState } from "react";
import { TOKEN_SCOPES } from "@/lib/domain/vocabulary";
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";
import { FormError } from "./form-message";

type CreatedToken = { name: string; secret: string; prefix: string; expiresAt: number | null };

interface Props {
  action: (state: ActionState<CreatedToken>, formData: FormData) => Promise<ActionResult<CreatedToken>>;
}

const SCOPE_HINTS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  ingest: "post events",
  read: "read data",
  admin: "everything (implies the others)",
};

export function CreateTokenForm({ action }: Props) {
  const [state, formAction, pending] = useActionState(action, null);
  const [copied, setCopied] = useState(false);
  const created = state && "ok" in state ? state : null;

  return (
    <div>
      <form action={formAction} className="form" aria-label="Create API token">
        <div className="form-row">
          <label htmlFor="token-name">Token name</label>
          <input id="token-name" name="name" required maxLength={100} placeholder="e.g. ci-ingest" />
        </div>
        <fieldset className="form-row">
          <legend>Scopes</legend>
          {TOKEN_SCOPES.map((scope) => (
            <label key={scope}>
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read"} /> {scope}{" "}
              <span className="muted">({SCOPE_HINTS[scope]})</span>
            </label>
          ))}
        </fieldset>
        <div className="form-row">
          <label htmlFor="token-expiry">Expires in (days)</label>
          <input id="token-expiry" name="expiresInDays" type="number" min={1} max={3650} placeholder="never" />
        </div>
        <FormError state={state} />
        <button type="submit" className="button" disabled={pending}>
          Create token
        </button>
      </form>
      {created && (
        <div className="card" role="status">
          <p>
            Token &ldquo;{created.name}&rdquo; created. Copy it now: it will not be shown again.
          </p>
          <p>
            <code aria-label="New token secret" data-testid="new-token-secret">
              {created.secret}
            </code>{" "}
            <button
              type="button"
              className="button"
              onClick={() => {
                void navigator.clipboard?.writeText(created.secret).then(() => setCopied(true));
              }}
            >
              {copied ? "Copied" : "Copy"}
            </button>
          </p>
          <p className="muted">Send it as the header: Authorization: Bearer &lt;token&gt;</p>
        </div>
      )}
    </div>
  );
}
