"use client";
// The "Connect a trainer" panel: an admin mints an expiring token for one experiment in place — ingest, plus
// read of that experiment when the trainer waits on the review gate — and every snippet below fills it in with
// this server's address and the experiment. The snippet texts come from lib/connect/trainer-snippets.
import { useActionState, useState } from "react";
import type { ActionResult, ActionState } from "@/lib/services/auth/action-result";
import { trainerSnippets, type Snippet } from "@/lib/connect/trainer-snippets";
import type { MintedConnectToken as Minted } from "@/lib/connect/minted-token";
import { FormError } from "@/components/settings/form-message";

const DEFAULT_EXPERIMENT = "my-experiment";

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

function SnippetCard({ snippet, minted }: { snippet: Snippet; minted: Minted | null }) {
  const headingId = `snippet-${snippet.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h3 id={headingId}>{snippet.title}</h3>
      <p className="muted">{snippet.note}</p>
      {snippet.needsRead && minted && !minted.scopes.includes("read") && (
        <p className="small">
          <strong>This token cannot read:</strong> wait_for_decision would be refused. Mint another with &ldquo;The
          trainer waits for reviews&rdquo; ticked.
        </p>
      )}
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
  const [experiment, setExperiment] = useState(DEFAULT_EXPERIMENT);
  const minted = state && "ok" in state ? state : null;
  // Once minted, the snippets name the experiment the token is for (its read is confined to it).
  const snippets = trainerSnippets({ serverUrl, token: minted?.secret ?? null, experiment: minted?.experiment ?? (experiment.trim() || DEFAULT_EXPERIMENT) });

  return (
    <div>
      {action ? (
        <section className="card" aria-labelledby="mint-heading">
          <h2 id="mint-heading">1. Mint a token for the trainer</h2>
          <p className="muted">
            Scoped to <code>ingest</code> into this one experiment (it posts events there and nowhere else; it cannot
            administer), and, when the trainer waits for reviews, to <code>read</code> of this experiment only (<code>wait_for_decision</code> reads its
            proposal&rsquo;s decision; nothing else of the lab). Always expiring. It is shown once; revoke it under
            Settings.
          </p>
          <form action={formAction} className="form" aria-label="Mint a token for the trainer">
            <div className="form-row">
              <label htmlFor="connect-token-name">Token name</label>
              <input id="connect-token-name" name="name" required maxLength={100} defaultValue="trainer" />
            </div>
            <div className="form-row">
              <label htmlFor="connect-token-experiment">Experiment</label>
              <input
                id="connect-token-experiment"
                name="experiment"
                required
                maxLength={256}
                value={experiment}
                onChange={(e) => setExperiment(e.target.value)}
              />
            </div>
            <div className="form-row">
              <label>
                <input type="checkbox" name="reviewGate" /> The trainer waits for reviews (<code>wait_for_decision</code>): also
                read this experiment
              </label>
            </div>
            <div className="form-row">
              <label htmlFor="connect-token-expiry">Expires in (days)</label>
              <input id="connect-token-expiry" name="expiresInDays" type="number" min={1} max={365} defaultValue={30} required />
            </div>
            <FormError state={state} />
            <button type="submit" className="button" disabled={pending}>
              Mint token
            </button>
          </form>
          {minted && (
            <div role="status">
              <p>
                Token &ldquo;{minted.name}&rdquo; created, expires {new Date(minted.expiresAt).toISOString().slice(0, 10)}: it may{" "}
                {minted.scopes.includes("read") ? <>send events and read experiment &ldquo;{minted.experiment}&rdquo;</> : "send events"}.
                It is filled into the snippets below; copy it now, it will not be shown again.
              </p>
              <p>
                <code aria-label="Token">{minted.secret}</code> <CopyButton text={minted.secret} label="token" />
              </p>
            </div>
          )}
        </section>
      ) : (
        <p className="muted">
          Only admins mint tokens: ask one for a token with the ingest scope (and read, for the review gate), then put it
          where the snippets say.
        </p>
      )}
      <h2>2. Pick your trainer</h2>
      <p className="muted">
        Server address: <code aria-label="Server address">{serverUrl}</code>
      </p>
      {snippets.map((snippet) => (
        <SnippetCard key={snippet.id} snippet={snippet} minted={minted} />
      ))}
    </div>
  );
}
