// People who may use the lab, the first admin of a fresh install, and one-time sign-in links.
import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { signInLinks, users } from "../../db/schema";
import type { Store } from "../../db/client";
import type { Role } from "../domain/vocabulary";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { newId, randomToken, sha256Hex } from "./secrets";
import { recordAudit } from "../../db/mutations/audit-log";
import { SYSTEM_ACTOR, type AuditActor } from "../domain/audit-actor";

export interface SessionUser {
  id: string;
  username: string;
  displayName: string | null;
  role: Role;
}

export interface UserInfo extends SessionUser {
  createdAt: number;
  disabledAt: number | null;
  hasPassword: boolean;
}

export const FIRST_ADMIN_USERNAME = "admin";
export const SIGN_IN_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Letters, digits, dot, underscore, dash; 2–64 characters, starting with a letter or digit. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,63}$/;

type UserRow = typeof users.$inferSelect;

const toSessionUser = (row: UserRow): SessionUser => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  role: row.role,
});

export interface CreateUserInput {
  username: string;
  role: Role;
  password?: string;
  displayName?: string;
}

export type CreateUserResult = { ok: true; user: SessionUser } | { ok: false; error: "username_taken" | "invalid_username" };

/** Audited as "user.create"; `actor` is the admin who did it (or the system for the first admin). */
export async function createUser(store: Store, input: CreateUserInput, actor: AuditActor = SYSTEM_ACTOR): Promise<CreateUserResult> {
  if (!USERNAME_PATTERN.test(input.username)) return { ok: false, error: "invalid_username" };
  // Hash before the transaction: better-sqlite3 transactions are synchronous and must not await.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return store.sqlite.transaction((): CreateUserResult => {
    if (findUserRow(store, input.username)) return { ok: false, error: "username_taken" };
    return { ok: true, user: insertUser(store, { ...input, passwordHash }, actor) };
  })();
}

function insertUser(store: Store, input: CreateUserInput & { passwordHash: string | null }, actor: AuditActor): SessionUser {
  const row = store.db
    .insert(users)
    .values({
      id: newId(),
      username: input.username,
      displayName: input.displayName?.trim() || null,
      role: input.role,
      passwordHash: input.passwordHash,
      createdAt: Date.now(),
    })
    .returning()
    .get();
  recordAudit(store, {
    ...actor,
    action: "user.create",
    targetKind: "user",
    targetId: row.id,
    detail: { username: row.username, role: row.role, withPassword: input.passwordHash !== null },
  });
  return toSessionUser(row);
}

// Usernames are unique regardless of case, so "Admin" cannot shadow "admin" on the sign-in form.
function findUserRow(store: Store, username: string): UserRow | undefined {
  return store.db.select().from(users).where(sql`${users.username} = ${username} COLLATE NOCASE`).get();
}

export function findUserByUsername(store: Store, username: string): SessionUser | null {
  const row = findUserRow(store, username);
  return row && row.disabledAt === null ? toSessionUser(row) : null;
}

/** The id of the account a username names (disabled ones included), or null: for the sign-in limiter. */
export function userIdForUsername(store: Store, username: string): string | null {
  return store.db.select({ id: users.id }).from(users).where(sql`${users.username} = ${username} COLLATE NOCASE`).get()?.id ?? null;
}

export function getUserById(store: Store, id: string): SessionUser | null {
  const row = store.db.select().from(users).where(and(eq(users.id, id), isNull(users.disabledAt))).get();
  return row ? toSessionUser(row) : null;
}

export function listUsers(store: Store): UserInfo[] {
  return store.db
    .select()
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.username))
    .all()
    .map((row) => ({ ...toSessionUser(row), createdAt: row.createdAt, disabledAt: row.disabledAt, hasPassword: row.passwordHash !== null }));
}

export type FirstAdminResult = { created: false } | { created: true; user: SessionUser; link: string; expiresAt: number };

/**
 * On a fresh install there is nobody who could create users, so the first start creates "admin"
 * without a password and prints a one-time link, like Jupyter's token URL. Later starts do nothing;
 * `harness-lab sign-in-link` makes new links.
 */
export function ensureFirstAdmin(store: Store, baseUrl: string, print: (line: string) => void = console.log): FirstAdminResult {
  const result = store.sqlite.transaction((): FirstAdminResult => {
    const existing = store.db.select({ n: sql<number>`count(*)` }).from(users).get();
    if ((existing?.n ?? 0) > 0) return { created: false };
    const user = insertUser(store, { username: FIRST_ADMIN_USERNAME, role: "admin", passwordHash: null }, SYSTEM_ACTOR);
    const { token, expiresAt } = createSignInLink(store, user.id);
    return { created: true, user, link: signInLinkUrl(baseUrl, token), expiresAt };
  })();
  if (result.created) {
    print(
      [
        "",
        `Harness Lab: created the first user "${FIRST_ADMIN_USERNAME}" (role admin).`,
        "Open this one-time link within 24 hours to sign in, then set a password under Settings:",
        `    ${result.link}`,
        "",
      ].join("\n"),
    );
  }
  return result;
}

export function signInLinkUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/sign-in/link?token=${encodeURIComponent(token)}`;
}

/** The token is returned once; only its sha256 is stored. */
export function createSignInLink(
  store: Store,
  userId: string,
  options: { ttlMs?: number; actor?: AuditActor; now?: number } = {},
): { token: string; expiresAt: number } {
  const now = options.now ?? Date.now();
  const token = randomToken("hl_link_");
  const expiresAt = now + (options.ttlMs ?? SIGN_IN_LINK_TTL_MS);
  store.sqlite.transaction(() => {
    store.db.insert(signInLinks).values({ tokenHash: sha256Hex(token), userId, createdAt: now, expiresAt }).run();
    recordAudit(store, { ...(options.actor ?? SYSTEM_ACTOR), action: "sign_in_link.create", targetKind: "user", targetId: userId, at: now });
  })();
  return { token, expiresAt };
}

export type SignInLinkError = "invalid" | "used" | "expired";
export type ConsumeSignInLinkResult = { ok: true; user: SessionUser } | { ok: false; error: SignInLinkError };

export function consumeSignInLink(store: Store, token: string, now: number = Date.now()): ConsumeSignInLinkResult {
  if (!token) return { ok: false, error: "invalid" };
  const tokenHash = sha256Hex(token);
  return store.sqlite.transaction((): ConsumeSignInLinkResult => {
    const link = store.db.select().from(signInLinks).where(eq(signInLinks.tokenHash, tokenHash)).get();
    if (!link) return { ok: false, error: "invalid" };
    if (link.usedAt !== null) return { ok: false, error: "used" };
    if (link.expiresAt <= now) return { ok: false, error: "expired" };
    const user = getUserById(store, link.userId);
    if (!user) return { ok: false, error: "invalid" };
    // The used_at guard makes the link single-use even if another process consumed it meanwhile.
    const marked = store.db
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, tokenHash), isNull(signInLinks.usedAt)))
      .run();
    if (marked.changes !== 1) return { ok: false, error: "used" };
    return { ok: true, user };
  })();
}

export async function setPassword(store: Store, userId: string, password: string, actor: AuditActor): Promise<void> {
  const passwordHash = await hashPassword(password);
  store.sqlite.transaction(() => {
    store.db.update(users).set({ passwordHash }).where(eq(users.id, userId)).run();
    recordAudit(store, { ...actor, action: "user.password_set", targetKind: "user", targetId: userId });
  })();
}

/** The user for a correct username/password pair; null otherwise, in about the same time either way. */
export async function authenticatePassword(store: Store, username: string, password: string): Promise<SessionUser | null> {
  const row = findUserRow(store, username);
  if (!row || row.disabledAt !== null || !row.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(password, row.passwordHash)) ? toSessionUser(row) : null;
}

/** For "change your password": users who came in by link have no password yet and need no current one. */
export async function checkCurrentPassword(store: Store, userId: string, password: string): Promise<"ok" | "wrong" | "no_password"> {
  const row = store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!row?.passwordHash) return "no_password";
  return (await verifyPassword(password, row.passwordHash)) ? "ok" : "wrong";
}

export function userHasPassword(store: Store, userId: string): boolean {
  const row = store.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return Boolean(row?.passwordHash);
}
