// Writes of the auth tables: users, sessions, sign-in links, API tokens. Each write and its audit row commit in
// one transaction. lib/services/auth makes the secrets and hashes and decides what a result means; this module only
// stores them, so no service names a table.
import "server-only";
import { and, eq, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { Store } from "../client";
import { apiTokens, sessions, signInLinks, users } from "../schema";
import { recordAudit } from "./audit-log";
import { SYSTEM_ACTOR, userActor, type AuditActor } from "../../lib/domain/audit-actor";
import type { Role } from "../../lib/domain/vocabulary";
import { activeUserRow, countUsers, liveApiTokenNamed, sessionRowByHash, userRowByUsername, type ApiTokenRow, type UserRow } from "../queries/auth";
import { writeTransaction } from "../write-transaction";

export interface NewUserRow {
  id: string;
  username: string;
  displayName: string | null;
  role: Role;
  passwordHash: string | null;
}

/** Audited as "user.create". Call inside a transaction when it is one step of several. */
export function insertUser(store: Store, input: NewUserRow, actor: AuditActor): UserRow {
  const row = store.db.insert(users).values({ ...input, createdAt: Date.now() }).returning().get();
  recordAudit(store, {
    ...actor,
    action: "user.create",
    targetKind: "user",
    targetId: row.id,
    detail: { username: row.username, role: row.role, withPassword: input.passwordHash !== null },
  });
  return row;
}

/** The new user's row, or null when the username (in any case) is taken. */
export function insertUserUnlessTaken(store: Store, input: NewUserRow, actor: AuditActor): UserRow | null {
  return writeTransaction(store, (): UserRow | null => (userRowByUsername(store, input.username) ? null : insertUser(store, input, actor)));
}

export interface NewSignInLink {
  tokenHash: string;
  userId: string;
  now: number;
  expiresAt: number;
}

export function insertSignInLink(store: Store, link: NewSignInLink, actor: AuditActor = SYSTEM_ACTOR): void {
  writeTransaction(store, () => {
    store.db.insert(signInLinks).values({ tokenHash: link.tokenHash, userId: link.userId, createdAt: link.now, expiresAt: link.expiresAt }).run();
    recordAudit(store, { ...actor, action: "sign_in_link.create", targetKind: "user", targetId: link.userId, at: link.now });
  });
}

/** On an empty users table only: the first admin and its sign-in link, together; null when there are users. */
export function insertFirstAdmin(store: Store, admin: NewUserRow, link: Omit<NewSignInLink, "userId">): UserRow | null {
  return writeTransaction(store, (): UserRow | null => {
    if (countUsers(store) > 0) return null;
    const row = insertUser(store, admin, SYSTEM_ACTOR);
    insertSignInLink(store, { ...link, userId: row.id });
    return row;
  });
}

export type ConsumeSignInLinkRowResult = { ok: true; user: UserRow } | { ok: false; error: "invalid" | "used" | "expired" };

/** Marks the link used and returns its (enabled) user; the used_at guard makes it single-use across processes. */
export function consumeSignInLinkRow(store: Store, tokenHash: string, now: number): ConsumeSignInLinkRowResult {
  return writeTransaction(store, (): ConsumeSignInLinkRowResult => {
    const link = store.db.select().from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).get();
    if (!link) return { ok: false, error: "invalid" };
    if (link.usedAt !== null) return { ok: false, error: "used" };
    if (link.expiresAt <= now) return { ok: false, error: "expired" };
    const user = activeUserRow(store, link.userId);
    if (!user) return { ok: false, error: "invalid" };
    const marked = store.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt)))
      .run();
    if (marked.changes !== 1) return { ok: false, error: "used" };
    return { ok: true, user };
  });
}

export function updatePasswordHash(store: Store, userId: string, passwordHash: string, actor: AuditActor): void {
  writeTransaction(store, () => {
    store.db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    recordAudit(store, { ...actor, action: "user.password_set", targetKind: "user", targetId: userId });
  });
}

/** A new session row; expired rows are swept on the way (keeps the table small without a cron job). */
export function insertSession(store: Store, session: { idHash: string; userId: string; now: number; expiresAt: number; method: string }): void {
  writeTransaction(store, () => {
    store.db.delete(sessions).where(lte(sessions.expiresAt, session.now)).run();
    store.db.insert(sessions).values({ idHash: session.idHash, userId: session.userId, createdAt: session.now, expiresAt: session.expiresAt }).run();
    recordAudit(store, { ...userActor(session.userId), action: "sign_in", targetKind: "user", targetId: session.userId, detail: { method: session.method }, at: session.now });
  });
}

/** Whether a session was removed; only a real one is audited as "sign_out". */
export function deleteSessionRow(store: Store, idHash: string): boolean {
  return writeTransaction(store, () => {
    const row = sessionRowByHash(store, idHash);
    if (!row) return false;
    store.db.delete(sessions).where(eq(sessions.idHash, idHash)).run();
    recordAudit(store, { ...userActor(row.userId), action: "sign_out", targetKind: "user", targetId: row.userId });
    return true;
  });
}

/** The user's sessions but the one kept (`keepIdHash`, "" for none); returns how many went. */
export function deleteOtherSessionRows(store: Store, userId: string, keepIdHash: string): number {
  return store.db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))).run().changes;
}

export type NewApiTokenRow = Omit<ApiTokenRow, "revokedAt" | "lastUsedAt">;

/** False when a live token people named already has the name (a job's tokens are tied to the job, not checked). */
export function insertApiToken(store: Store, token: NewApiTokenRow): boolean {
  return writeTransaction(store, (): boolean => {
    if (!token.jobId && liveApiTokenNamed(store, token.name, token.createdAt)) return false;
    store.db.insert(apiTokens).values(token).run();
    recordAudit(store, {
      ...(token.createdBy ? userActor(token.createdBy) : SYSTEM_ACTOR),
      action: "token.create",
      targetKind: "api_token",
      targetId: token.id,
      detail: { name: token.name, prefix: token.prefix, scopes: token.scopes, expiresAt: token.expiresAt, jobId: token.jobId, experimentId: token.experimentId },
      at: token.createdAt,
    });
    return true;
  });
}

export type RevokeApiTokenResult = { ok: true } | { ok: false; error: "not_found" | "already_revoked" };

export function revokeApiTokenRow(store: Store, id: string, actor: AuditActor, now: number): RevokeApiTokenResult {
  return writeTransaction(store, (): RevokeApiTokenResult => {
    const row = store.db.select({ revokedAt: apiTokens.revokedAt, name: apiTokens.name }).from(apiTokens).where(eq(apiTokens.id, id)).get();
    if (!row) return { ok: false, error: "not_found" };
    if (row.revokedAt !== null) return { ok: false, error: "already_revoked" };
    store.db.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id)).run();
    recordAudit(store, { ...actor, action: "token.revoke", targetKind: "api_token", targetId: id, detail: { name: row.name }, at: now });
    return { ok: true };
  });
}

/**
 * last_used_at at most once per `resolutionMs`: writing it on every request would turn each read into a write.
 * The WHERE clause keeps the throttle correct when several processes share the database.
 */
export function touchApiTokenLastUsed(store: Store, id: string, now: number, resolutionMs: number): void {
  store.db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, now - resolutionMs + 1))))
    .run();
}
