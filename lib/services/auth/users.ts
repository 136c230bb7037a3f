// People who may use the lab, the first admin of a fresh install, and one-time sign-in links.
import "server-only";
import type { Store } from "../../../db/client";
import { activeUserRow, listUserRows, userIdByUsername, userPasswordHash, userRowByUsername, type UserRow } from "../../../db/queries/auth";
import { consumeSignInLinkRow, insertFirstAdmin, insertSignInLink, insertUserUnlessTaken, updatePasswordHash } from "../../../db/mutations/auth";
import type { Role } from "../../domain/vocabulary";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./passwords";
import { newId, randomToken, sha256Hex } from "./secrets";
import { SYSTEM_ACTOR, type AuditActor } from "../../domain/audit-actor";

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
  const row = insertUserUnlessTaken(store, newUserRow(input, passwordHash), actor);
  return row ? { ok: true, user: toSessionUser(row) } : { ok: false, error: "username_taken" };
}

function newUserRow(input: CreateUserInput, passwordHash: string | null) {
  return { id: newId(), username: input.username, displayName: input.displayName?.trim() || null, role: input.role, passwordHash };
}

export function findUserByUsername(store: Store, username: string): SessionUser | null {
  const row = userRowByUsername(store, username);
  return row && row.disabledAt === null ? toSessionUser(row) : null;
}

/** The id of the account a username names (disabled ones included), or null: for the sign-in limiter. */
export function userIdForUsername(store: Store, username: string): string | null {
  return userIdByUsername(store, username);
}

export function getUserById(store: Store, id: string): SessionUser | null {
  const row = activeUserRow(store, id);
  return row ? toSessionUser(row) : null;
}

export function listUsers(store: Store): UserInfo[] {
  return listUserRows(store).map((row) => ({ ...toSessionUser(row), createdAt: row.createdAt, disabledAt: row.disabledAt, hasPassword: row.passwordHash !== null }));
}

export type FirstAdminResult = { created: false } | { created: true; user: SessionUser; link: string; expiresAt: number };

/**
 * On a fresh install there is nobody who could create users, so the first start creates "admin"
 * without a password and prints a one-time link, like Jupyter's token URL. Later starts do nothing;
 * `harness-lab sign-in-link` makes new links.
 */
export function ensureFirstAdmin(store: Store, baseUrl: string, print: (line: string) => void = console.log): FirstAdminResult {
  const now = Date.now();
  const token = randomToken("hl_link_");
  const expiresAt = now + SIGN_IN_LINK_TTL_MS;
  const admin = insertFirstAdmin(store, newUserRow({ username: FIRST_ADMIN_USERNAME, role: "admin" }, null), { tokenHash: sha256Hex(token), now, expiresAt });
  const result: FirstAdminResult = admin ? { created: true, user: toSessionUser(admin), link: signInLinkUrl(baseUrl, token), expiresAt } : { created: false };
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
  insertSignInLink(store, { tokenHash: sha256Hex(token), userId, now, expiresAt }, options.actor);
  return { token, expiresAt };
}

export type SignInLinkError = "invalid" | "used" | "expired";
export type ConsumeSignInLinkResult = { ok: true; user: SessionUser } | { ok: false; error: SignInLinkError };

export function consumeSignInLink(store: Store, token: string, now: number = Date.now()): ConsumeSignInLinkResult {
  if (!token) return { ok: false, error: "invalid" };
  const result = consumeSignInLinkRow(store, sha256Hex(token), now);
  return result.ok ? { ok: true, user: toSessionUser(result.user) } : result;
}

export async function setPassword(store: Store, userId: string, password: string, actor: AuditActor): Promise<void> {
  const passwordHash = await hashPassword(password);
  updatePasswordHash(store, userId, passwordHash, actor);
}

/** The user for a correct username/password pair; null otherwise, in about the same time either way. */
export async function authenticatePassword(store: Store, username: string, password: string): Promise<SessionUser | null> {
  const row = userRowByUsername(store, username);
  if (!row || row.disabledAt !== null || !row.passwordHash) return verifyAgainstDummy(password).then(() => null);
  return (await verifyPassword(password, row.passwordHash)) ? toSessionUser(row) : null;
}

/** For "change your password": users who came in by link have no password yet and need no current one. */
export async function checkCurrentPassword(store: Store, userId: string, password: string): Promise<"ok" | "wrong" | "no_password"> {
  const passwordHash = userPasswordHash(store, userId);
  if (!passwordHash) return "no_password";
  return (await verifyPassword(password, passwordHash)) ? "ok" : "wrong";
}

export function userHasPassword(store: Store, userId: string): boolean {
  return Boolean(userPasswordHash(store, userId));
}
