// Settings: your account for everyone signed in; API tokens and users for admins only (both drawn by the one
// DataTable).
import Link from "next/link";
import { getStore } from "@/db/client";
import { jobTemplatesPath } from "@/lib/http/page-links";
import { listApiTokens, type ApiTokenInfo } from "@/lib/services/auth/api-tokens";
import { requireUser } from "@/lib/services/auth/current-user";
import { listUsers, userHasPassword, type UserInfo } from "@/lib/services/auth/users";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { CreateTokenForm } from "@/components/settings/create-token-form";
import { CreateUserForm } from "@/components/settings/create-user-form";
import { DataTable, type Column } from "@/components/tables/data-table";
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

type TokenRow = ApiTokenInfo & { state: string };

const TOKEN_COLUMNS: Column<TokenRow>[] = [
  {
    id: "name",
    label: "Name",
    header: "Name",
    value: (t) => t.name,
    cell: (t) => (
      <>
        {t.name}
        {t.jobId && <span className="muted"> (job {t.jobId})</span>}
      </>
    ),
  },
  { id: "prefix", label: "Prefix", header: "Prefix", priority: 2, cell: (t) => <code>{t.prefix}…</code> },
  // A Connect token's read is confined to its experiment (lib/services/auth/read-scope.ts): the list says so.
  { id: "scopes", label: "Scopes", header: "Scopes", value: (t) => t.scopes.map((s) => (s === "read" && t.experimentId ? `read (experiment ${t.experimentId} only)` : s)).join(", ") },
  { id: "created", label: "Created", header: "Created", priority: 3, cell: (t) => <When at={t.createdAt} /> },
  { id: "expires", label: "Expires", header: "Expires", priority: 3, cell: (t) => <When at={t.expiresAt} empty="never" /> },
  { id: "last-used", label: "Last used", header: "Last used", priority: 2, cell: (t) => <When at={t.lastUsedAt} empty="never" /> },
  { id: "status", label: "Status", header: "Status", cell: (t) => (t.state === "revoked" ? <>revoked <When at={t.revokedAt} /></> : t.state) },
  {
    id: "actions",
    label: "Actions",
    header: <span className="muted">Actions</span>,
    cell: (t) => (t.state === "revoked" ? null : <RevokeTokenButton id={t.id} name={t.name} action={revokeApiTokenAction} />),
  },
];

function TokensTable({ tokens, now }: { tokens: ApiTokenInfo[]; now: number }) {
  if (tokens.length === 0) return <p className="muted">No API tokens yet.</p>;
  const rows = tokens.map((token) => ({ ...token, state: tokenState(token, now) }));
  return <DataTable columns={TOKEN_COLUMNS} rows={rows} rowKey={(t) => t.id} label="API tokens" rowHeaders={false} />;
}

const USER_COLUMNS: Column<UserInfo>[] = [
  { id: "username", label: "Username", header: "Username", value: (u) => u.username },
  { id: "display-name", label: "Display name", header: "Display name", priority: 2, value: (u) => u.displayName },
  { id: "role", label: "Role", header: "Role", value: (u) => u.role },
  { id: "password", label: "Password", header: "Password", priority: 2, cell: (u) => (u.hasPassword ? "set" : <span className="muted">link only</span>) },
  { id: "created", label: "Created", header: "Created", priority: 3, cell: (u) => <When at={u.createdAt} /> },
];

function UsersTable({ users }: { users: UserInfo[] }) {
  return <DataTable columns={USER_COLUMNS} rows={users} rowKey={(u) => u.id} label="Users" rowHeaders={false} />;
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
