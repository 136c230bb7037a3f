// Browser sessions: a random cookie value whose sha256 is the row key, so the database never holds
// a usable session id. Sign-in and sign-out are audited here, whichever route or action caused them.
import "server-only";
import type { Store } from "../../../db/client";
import { sessionRowByHash } from "../../../db/queries/auth";
import { deleteOtherSessionRows, deleteSessionRow, insertSession } from "../../../db/mutations/auth";
import { randomToken, sha256Hex } from "./secrets";
import { getUserById, type SessionUser } from "./users";

export const SESSION_COOKIE = "harness_lab_session";
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type SignInMethod = "password" | "link";

export function createSession(
  store: Store,
  userId: string,
  options: { method?: SignInMethod; now?: number } = {},
): { value: string; expiresAt: number } {
  const now = options.now ?? Date.now();
  const value = randomToken("hl_sess_");
  const expiresAt = now + SESSION_TTL_MS;
  insertSession(store, { idHash: sha256Hex(value), userId, now, expiresAt, method: options.method ?? "password" });
  return { value, expiresAt };
}

/** The signed-in user, or null for a missing, unknown or expired session or a disabled user. */
export function getSessionUser(store: Store, cookieValue: string | undefined | null, now: number = Date.now()): SessionUser | null {
  if (!cookieValue) return null;
  const row = sessionRowByHash(store, sha256Hex(cookieValue));
  if (!row || row.expiresAt <= now) return null;
  return getUserById(store, row.userId);
}

/** Returns whether a session was removed; only a real session produces a "sign_out" audit row. */
export function deleteSession(store: Store, cookieValue: string | undefined | null): boolean {
  if (!cookieValue) return false;
  return deleteSessionRow(store, sha256Hex(cookieValue));
}

/** After a password change, other browsers that knew the old password are signed out. */
export function deleteOtherSessions(store: Store, userId: string, keepCookieValue: string | undefined | null): number {
  const keep = keepCookieValue ? sha256Hex(keepCookieValue) : "";
  return deleteOtherSessionRows(store, userId, keep);
}

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  expires: Date;
}

/** `secure` only over https: a cookie marked secure is never sent back over plain http on localhost. */
export function sessionCookieOptions(secure: boolean, expiresAt: number): SessionCookieOptions {
  return { httpOnly: true, sameSite: "lax", secure, path: "/", expires: new Date(expiresAt) };
}

/** Next sets x-forwarded-proto on every request it serves; a TLS proxy in front sets it to https. */
export function isHttps(headers: Headers | { get(name: string): string | null }, url?: string): boolean {
  const forwarded = headers.get("x-forwarded-proto");
  if (forwarded) return forwarded.split(",")[0].trim() === "https";
  return url ? url.startsWith("https:") : false;
}

/** The value of one cookie from a raw Cookie header (route handlers get no parsed cookie jar). */
export function readCookie(cookieHeader: string | null, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    if (part.slice(0, at).trim() !== name) continue;
    const raw = part.slice(at + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The origin the browser used, for links printed or shown to people (sign-in links). */
export function requestBaseUrl(headers: Headers | { get(name: string): string | null }): string {
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000").split(",")[0].trim();
  return `${isHttps(headers) ? "https" : "http"}://${host}`;
}
