// Reads of the auth tables (users, sessions, sign-in links, API tokens) for lib/services/auth: rows only — what a row
// means (a session user, a live token) is decided by lib/services/auth, which never names a table itself.
import "server-only";
import { and, asc, desc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Store } from "../client";
import { apiTokens, jobs, sessions, users } from "../schema";

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type ApiTokenListRow = Omit<ApiTokenRow, "tokenHash">;

// Usernames are unique regardless of case, so "Admin" cannot shadow "admin" on the sign-in form.
export function userRowByUsername(store: Store, username: string): UserRow | undefined {
  return store.db.select().from(users).where(sql`${users.username} = ${username} COLLATE NOCASE`).get();
}

export function userIdByUsername(store: Store, username: string): string | null {
  return store.db.select({ id: users.id }).from(users).where(sql`${users.username} = ${username} COLLATE NOCASE`).get()?.id ?? null;
}

/** The user with this id unless disabled. */
export function activeUserRow(store: Store, id: string): UserRow | undefined {
  return store.db.select().from(users).where(and(eq(users.id, id), isNull(users.disabledAt))).get();
}

export function listUserRows(store: Store): UserRow[] {
  return store.db.select().from(users).orderBy(asc(users.createdAt), asc(users.username)).all();
}

export function userPasswordHash(store: Store, userId: string): string | null {
  return store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get()?.passwordHash ?? null;
}

export function countUsers(store: Store): number {
  return store.db.select({ n: sql<number>`count(*)` }).from(users).get()?.n ?? 0;
}

export function sessionRowByHash(store: Store, idHash: string): SessionRow | undefined {
  return store.db.select().from(sessions).where(eq(sessions.idHash, idHash)).get();
}

export function apiTokenRowByHash(store: Store, tokenHash: string): ApiTokenRow | undefined {
  return store.db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).get();
}

/** A live (not revoked, not expired) token with this name exists. */
export function liveApiTokenNamed(store: Store, name: string, now: number): boolean {
  return Boolean(store.db.select({ id: apiTokens.id }).from(apiTokens)
    .where(and(eq(apiTokens.name, name), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)))).get());
}

/** Everything but the hash, newest first. */
export function listApiTokenRows(store: Store): ApiTokenListRow[] {
  return store.db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      createdBy: apiTokens.createdBy,
      jobId: apiTokens.jobId,
      experimentId: apiTokens.experimentId,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .orderBy(desc(apiTokens.createdAt))
    .all();
}

export function jobExperimentId(store: Store, jobId: string): string | null {
  return store.db.select({ experimentId: jobs.experimentId }).from(jobs).where(eq(jobs.id, jobId)).get()?.experimentId ?? null;
}
