"use client";
// The "Connect a trainer" panel: an admin mints an ingest-only, expiring token in place, and every snippet
// below fills it in with this server's address. The snippet texts come from lib/connect/trainer-snippets.
import { useActionState, useState } from "react";
import type { ActionResult, ActionState } from "@/lib/auth/action-result";
import { trainerSnippets, type Snippet } from "@/lib/connect/trainer-snippets";
import { FormError } from "@/components/settings/form-message";

type Minted = { name: string; secret: string; prefix: string; expiresAt: number };

interface Props {
  serverUrl: string;
  /** Only admins mint tokens; others see the snippets with a placeholder. */
  action: ((state: ActionState<Minted>, formData: FormData) => Promise<ActionResult<Minted>>) | null;
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      aria-label={`Copy ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? "Copied" : "Copy"}
    </button>
  );
}

function SnippetCard({ snippet }: { snippet: Snippet }) {
  const headingId = `snippet-${snippet.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{snippet.title}</h3>
      <p className="muted">{snippet.note}</p>
      <pre>
        <code aria-label={`${snippet.title} snippet`}>{snippet.code}</code>
      </pre>
      <p className="small">
        <strong>What arrives:</strong> {snippet.arrives}
        {snippet.testedWith && <> Tested with {snippet.testedWith}.</>}
      </p>
      <CopyButton text={snippet.code} label={`${snippet.title} snippet`} />
    </section>
  );
}

const noAction = async (): Promise<ActionResult<Minted>> => ({ error: "only admins mint tokens" });

export function ConnectTrainer({ serverUrl, action }: Props) {
  const [state, formAction, pending] = useActionState(action ?? noAction, null);
  const minted = state && "ok" in state ? state : null;
  const snippets = trainerSnippets({ serverUrl, token: minted?.secret ?? null });

  return (
    <div>
      {action ? (
        <section className="card" aria-labelledby="mint-heading">
          <h2 id="mint-heading">1. Mint an ingest token</h2>
          <p className="muted">
            Scoped to <code>ingest</code> (it can post events, not read or administer) and expiring. It is shown once;
            revoke it under Settings.
          </p>
          <form action={formAction} className="form" aria-label="Mint ingest token">
            <div className="form-row">
              <label htmlFor="connect-token-name">Token name</label>
              <input id="connect-token-name" name="name" required maxLength={100} defaultValue="trainer" />
            </div>
            <div className="form-row">
              <label htmlFor="connect-token-expiry">Expires in (days)</label>
              <input id="connect-token-expiry" name="expiresInDays" type="number" min={1} max={365} defaultValue={30} required />
            </div>
            <FormError state={state} />
            <button type="submit" className="button" disabled={pending}>
              Mint ingest token
            </button>
          </form>
          {minted && (
            <div role="status">
              <p>
                Token &ldquo;{minted.name}&rdquo; created, expires {new Date(minted.expiresAt).toISOString().slice(0, 10)}. It is
                filled into the snippets below; copy it now, it will not be shown again.
              </p>
              <p>
                <code aria-label="Ingest token">{minted.secret}</code> <CopyButton text={minted.secret} label="token" />
              </p>
            </div>
          )}
        </section>
      ) : (
        <p className="muted">Only admins mint tokens: ask one for an ingest token, then put it where the snippets say.</p>
      )}
      <h2>2. Pick your trainer</h2>
      <p className="muted">
        Server address: <code aria-label="Server address">{serverUrl}</code>
      </p>
      {snippets.map((snippet) => (
        <SnippetCard key={snippet.id} snippet={snippet} />
      ))}
    </div>
  );
}
