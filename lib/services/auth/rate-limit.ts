// In-memory failure counting for every password check (the sign-in form, POST /api/v1/session, and the
// current password under Settings). One server process serves the lab (one SQLite writer), so process
// memory is the right place: a refused attempt writes nothing to the store. A restart forgetting the
// counts is acceptable; junk usernames evicting an account's count is not (see createFailureLimiter).
import "server-only";

export interface FailureLimiter {
  isBlocked(key: string, now?: number): boolean;
  /** How long until a blocked key may try again (0 when it is not blocked), for a Retry-After header. */
  retryAfterMs(key: string, now?: number): number;
  recordFailure(key: string, now?: number): void;
  /** Takes back the latest attempt counted for a key (it turned out to be a success). */
  retractLatest(key: string): void;
  reset(key: string): void;
}

/**
 * Blocks a key after `max` failures within `windowMs` (sliding window). Memory is bounded two ways: keys
 * `pinned` says belong to a real account are never evicted (there are as many as accounts × addresses that
 * tried within the window; entries whose failures all left the window are swept), and every other key (a
 * username nobody has) lives in a map of at most `maxKeys` that drops its oldest key when full. So a flood
 * of junk usernames can only evict other junk: it cannot reset the count that protects an account.
 */
export function createFailureLimiter(options: { max: number; windowMs: number; maxKeys?: number; pinned?: (key: string) => boolean }): FailureLimiter {
  const evictable = new Map<string, number[]>();
  const kept = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 10_000;
  let sweepAt = SWEEP_FLOOR;
  const mapOf = (key: string) => (options.pinned?.(key) ? kept : evictable);
  const recent = (key: string, now: number) => {
    const failures = mapOf(key);
    const inWindow = (failures.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (inWindow.length === 0) failures.delete(key);
    else failures.set(key, inWindow);
    return inWindow;
  };
  /** Drops pinned entries with no failure left in the window: forgetting them resets nothing. */
  const sweep = (now: number) => {
    for (const [key, times] of kept) if (times.every((at) => now - at >= options.windowMs)) kept.delete(key);
    sweepAt = Math.max(SWEEP_FLOOR, kept.size * 2);
  };
  return {
    isBlocked: (key, now = Date.now()) => recent(key, now).length >= options.max,
    retryAfterMs(key, now = Date.now()) {
      const inWindow = recent(key, now);
      if (inWindow.length < options.max) return 0;
      // Unblocked once the failures older than the newest max-1 have left the window.
      return Math.max(0, inWindow[inWindow.length - options.max] + options.windowMs - now);
    },
    recordFailure(key, now = Date.now()) {
      const failures = mapOf(key);
      if (failures === evictable) {
        // A flood of distinct junk keys must not grow memory without bound; the oldest junk goes first.
        if (!evictable.has(key) && evictable.size >= maxKeys) evictable.delete(evictable.keys().next().value as string);
      } else if (!kept.has(key) && kept.size >= sweepAt) {
        sweep(now);
      }
      failures.set(key, [...recent(key, now), now]);
    },
    retractLatest(key) {
      const failures = mapOf(key);
      const times = failures.get(key);
      if (!times) return;
      times.pop();
      if (times.length === 0) failures.delete(key);
    },
    reset: (key) => void mapOf(key).delete(key),
  };
}

const SWEEP_FLOOR = 1_024;

/** The limiter keys of one attempt: an account by its id (pinned), a username nobody has by its name. */
export interface AttemptKeys {
  user: string;
  userAndIp: string;
}

const ACCOUNT_PREFIX = "user:";

export function attemptKeys(userId: string | null, username: string, ip: string): AttemptKeys {
  const user = userId !== null ? `${ACCOUNT_PREFIX}${userId}` : `name:${username.toLowerCase()}`;
  return { user, userAndIp: `${user}|ip:${ip}` };
}

const isAccountKey = (key: string) => key.startsWith(ACCOUNT_PREFIX);

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const limiters = globalThis as unknown as { __harnessLabPasswordLimiters?: { perUserAndIp: FailureLimiter; perUser: FailureLimiter } };

/**
 * Per username+IP as the issue asks; the looser per-username limit bounds guessing by a client that
 * forges X-Forwarded-For to look like many addresses. Kept on globalThis to survive dev reloads.
 */
export function signInLimiters(): { perUserAndIp: FailureLimiter; perUser: FailureLimiter } {
  limiters.__harnessLabPasswordLimiters ??= {
    perUserAndIp: createFailureLimiter({ max: 10, windowMs: FIFTEEN_MINUTES, pinned: isAccountKey }),
    perUser: createFailureLimiter({ max: 100, windowMs: FIFTEEN_MINUTES, pinned: isAccountKey }),
  };
  return limiters.__harnessLabPasswordLimiters;
}
