// Signing in with username and password: the one function behind the sign-in form's server action and
// POST /api/v1/session. Input checks, the rate limit (lib/services/auth/password-attempts.ts, shared with the
// current-password check under Settings) and the password check; only a correct pair creates a session.
// A refused attempt writes nothing to the store (no audit row: the limiter's memory is the record of
// failures, so a flood of guesses cannot fill the disk).
import "server-only";
import { z } from "zod";
import type { Store } from "../../../db/client";
import { MAX_PASSWORD_LENGTH } from "./passwords";
import { accountOf, limitedPasswordCheck } from "./password-attempts";
import { createSession } from "./sessions";
import { authenticatePassword, type SessionUser } from "./users";
import { issueField } from "../../http/zod-issues";

export const SignInInput = z.strictObject({
  username: z.string("must be text").trim().min(1, "enter your username").max(64, "at most 64 characters"),
  password: z.string("must be text").min(1, "enter your password").max(MAX_PASSWORD_LENGTH, `at most ${MAX_PASSWORD_LENGTH} characters`),
});

export const TOO_MANY_ATTEMPTS = "too many attempts, try again later";
export const WRONG_CREDENTIALS = "wrong username or password";

export type SignInResult =
  | { ok: true; user: SessionUser; session: { value: string; expiresAt: number } }
  | { ok: false; status: 400; field: string; error: string }
  | { ok: false; status: 401; error: string }
  | { ok: false; status: 429; error: string; retryAfterSeconds: number };

// The proxy nearest to us appends the address it saw last; without a proxy Next fills it in.
export function clientIp(headers: { get(name: string): string | null }): string {
  const forwarded = headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || headers.get("x-real-ip") || "unknown";
}

export async function signInWithPassword(store: Store, input: unknown, ip: string): Promise<SignInResult> {
  const parsed = SignInInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issueField(issue, "body");
    const message = issue.code === "invalid_type" && issue.path.length === 0 ? "must be an object {username, password}" : issue.message;
    return { ok: false, status: 400, field, error: `${field}: ${message}` };
  }
  const { username, password } = parsed.data;
  const attempt = await limitedPasswordCheck(accountOf(store, username), ip, () => authenticatePassword(store, username, password));
  if (!attempt.ok && attempt.reason === "blocked") return { ok: false, status: 429, error: TOO_MANY_ATTEMPTS, retryAfterSeconds: attempt.retryAfterSeconds };
  if (!attempt.ok) return { ok: false, status: 401, error: WRONG_CREDENTIALS };
  return { ok: true, user: attempt.value, session: createSession(store, attempt.value.id, { method: "password" }) };
}
