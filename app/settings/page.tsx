// Settings: your account for everyone signed in; API tokens and users for admins only.
import Link from "next/link";
import { getStore } from "@/db/client";
import { jobTemplatesPath } from "@/lib/http/page-links";
import { listApiTokens, type ApiTokenInfo } from "@/lib/auth/api-tokens";
import { requireUser } from "@/lib/auth/current-user";
import { listUsers, userHasPassword, type UserInfo } from "@/lib/auth/users";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { CreateTokenForm } from "@/components/settings/create-token-form";
import { CreateUserForm } from "@/components/settings/create-user-form";
import { RevokeTokenButton } from "@/components/settings/revoke-token-button";
import { changePasswordAction, createApiTokenAction, createUserAction, revokeApiTokenAction } from "./actions";

export const dynamic = "force-dynamic";

function When({ at, empty = "—" }: { at: number | null; empty?: string }) {
  if (at === null) return <span className="muted">{empty}</span>;
  const iso = new Date(at).toISOString();
  return <time dateTime={iso}>{iso.slice(0, 16).replace("T", " ")} UTC</time>;
}

function tokenState(token: ApiTokenInfo, now: number): string {
  if (token.revokedAt !== null) return "revoked";
  if (token.expiresAt !== null && token.expiresAt <= now) return "expired";
  return "active";
}

function TokensTable({ tokens, now }: { tokens: ApiTokenInfo[]; now: number }) {
  if (tokens.length === 0) return <p className="muted">No API tokens yet.</p>;
  return (
    <div className="table-wrap">
    <table className="table" aria-label="API tokens">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Prefix</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Expires</th>
          <th scope="col">Last used</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="muted">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => {
          const state = tokenState(token, now);
          return (
            <tr key={token.id}>
              <td>
                {token.name}
                {token.jobId && <span className="muted"> (job {token.jobId})</span>}
              </td>
              <td>
                <code>{token.prefix}…</code>
              </td>
              <td>{token.scopes.join(", ")}</td>
              <td>
                <When at={token.createdAt} />
              </td>
              <td>
                <When at={token.expiresAt} empty="never" />
              </td>
              <td>
                <When at={token.lastUsedAt} empty="never" />
              </td>
              <td>{state === "revoked" ? <>revoked <When at={token.revokedAt} /></> : state}</td>
              <td>{state === "revoked" ? null : <RevokeTokenButton id={token.id} name={token.name} action={revokeApiTokenAction} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

function UsersTable({ users }: { users: UserInfo[] }) {
  return (
    <div className="table-wrap">
    <table className="table" aria-label="Users">
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Display name</th>
          <th scope="col">Role</th>
          <th scope="col">Password</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.id}>
            <td>{user.username}</td>
            <td>{user.displayName ?? <span className="muted">—</span>}</td>
            <td>{user.role}</td>
            <td>{user.hasPassword ? "set" : <span className="muted">link only</span>}</td>
            <td>
              <When at={user.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}

export default async function SettingsPage() {
  const user = await requireUser("viewer");
  const store = getStore();
  const isAdmin = user.role === "admin";
  const now = Date.now();

  return (
    <main>
      <h1>Settings</h1>
      <p className="muted">
        Also here: <Link href={jobTemplatesPath()}>job templates</Link> — the commands a launch may run
        {isAdmin ? " (admins create and edit them)" : " (read-only for you)"}.
      </p>

      <section className="card" aria-labelledby="account-heading">
        <h2 id="account-heading">Your account</h2>
        <p>
          Signed in as <strong>{user.displayName ?? user.username}</strong> ({user.username}, role {user.role}).
        </p>
        <ChangePasswordForm hasPassword={userHasPassword(store, user.id)} action={changePasswordAction} />
      </section>

      {isAdmin && (
        <section className="card" aria-labelledby="tokens-heading">
          <h2 id="tokens-heading">API tokens</h2>
          <p className="muted">
            For scripts, CI and trainers. Scopes: ingest posts events, read reads data, admin implies both. A token is shown
            once when created; only its prefix is kept visible.
          </p>
          <p>
            To send a training run here, <Link href="/connect">connect a trainer</Link>: it mints an ingest token and shows
            the snippet for your trainer.
          </p>
          <CreateTokenForm action={createApiTokenAction} />
          <TokensTable tokens={listApiTokens(store)} now={now} />
        </section>
      )}

      {isAdmin && (
        <section className="card" aria-labelledby="users-heading">
          <h2 id="users-heading">Users</h2>
          <p className="muted">Viewers read; reviewers also decide on proposals; admins manage tokens, users and jobs.</p>
          <UsersTable users={listUsers(store)} />
          <CreateUserForm action={createUserAction} />
        </section>
      )}
    </main>
  );
}
