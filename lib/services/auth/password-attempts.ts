// Every check of a password a person types goes through here — signing in (form and POST /api/v1/session)
// and the current password under Settings → Your account — so they share one limit per account (and per
// account and address): guesses made on one path count on the other, and a blocked account is refused on
// both, the right password included, until the window lets it try again. Nothing here writes to the store.
import "server-only";
import type { Store } from "../../../db/client";
import { attemptKeys, signInLimiters } from "./rate-limit";
import { userIdForUsername } from "./users";

export type LimitedCheck<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "blocked"; retryAfterSeconds: number };

/**
 * `check` resolves to what a correct password gives (non-null) or null for a wrong one. The attempt is
 * counted BEFORE the (slow, asynchronous) check: counting after it let any number of attempts sent at once
 * pass the limit, since each checked it before the first one failed. A correct password was never a failure.
 */
export async function limitedPasswordCheck<T>(account: { userId: string | null; username: string }, ip: string, check: () => Promise<T | null>): Promise<LimitedCheck<T>> {
  const { perUserAndIp, perUser } = signInLimiters();
  const keys = attemptKeys(account.userId, account.username, ip);
  if (perUserAndIp.isBlocked(keys.userAndIp) || perUser.isBlocked(keys.user)) {
    const wait = Math.max(perUserAndIp.retryAfterMs(keys.userAndIp), perUser.retryAfterMs(keys.user));
    return { ok: false, reason: "blocked", retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
  }
  perUserAndIp.recordFailure(keys.userAndIp);
  perUser.recordFailure(keys.user);
  const value = await check();
  if (value === null) return { ok: false, reason: "wrong" };
  perUserAndIp.reset(keys.userAndIp);
  perUser.retractLatest(keys.user);
  return { ok: true, value };
}

/** The account a typed username names, if any (a read only): its limiter state is pinned by id. */
export function accountOf(store: Store, username: string): { userId: string | null; username: string } {
  return { userId: userIdForUsername(store, username), username };
}

/** "in 14 minutes" / "in 40 seconds": when a blocked account may try again, for a person to read. */
export function retryIn(seconds: number): string {
  if (seconds < 90) return `in ${seconds} second${seconds === 1 ? "" : "s"}`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}
