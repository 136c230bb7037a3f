// In-memory failure counting for the sign-in form. One server process serves the lab (one SQLite
// writer), so process memory is the right place; a restart forgetting the counts is acceptable.
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

/** Blocks a key after `max` failures within `windowMs` (sliding window). */
export function createFailureLimiter(options: { max: number; windowMs: number; maxKeys?: number }): FailureLimiter {
  const failures = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 10_000;
  const recent = (key: string, now: number) => {
    const kept = (failures.get(key) ?? []).filter((at) => now - at < options.windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    isBlocked: (key, now = Date.now()) => recent(key, now).length >= options.max,
    retryAfterMs(key, now = Date.now()) {
      const kept = recent(key, now);
      if (kept.length < options.max) return 0;
      // Unblocked once the failures older than the newest max-1 have left the window.
      return Math.max(0, kept[kept.length - options.max] + options.windowMs - now);
    },
    recordFailure(key, now = Date.now()) {
      // A flood of distinct keys must not grow memory without bound; the oldest keys go first.
      if (!failures.has(key) && failures.size >= maxKeys) failures.delete(failures.keys().next().value as string);
      failures.set(key, [...recent(key, now), now]);
    },
    retractLatest(key) {
      const kept = failures.get(key);
      if (!kept) return;
      kept.pop();
      if (kept.length === 0) failures.delete(key);
    },
    reset: (key) => void failures.delete(key),
  };
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const limiters = globalThis as unknown as { __harnessLabSignInLimiters?: { perUserAndIp: FailureLimiter; perUser: FailureLimiter } };

/**
 * Per username+IP as the issue asks; the looser per-username limit bounds guessing by a client that
 * forges X-Forwarded-For to look like many addresses. Kept on globalThis to survive dev reloads.
 */
export function signInLimiters(): { perUserAndIp: FailureLimiter; perUser: FailureLimiter } {
  limiters.__harnessLabSignInLimiters ??= {
    perUserAndIp: createFailureLimiter({ max: 10, windowMs: FIFTEEN_MINUTES }),
    perUser: createFailureLimiter({ max: 100, windowMs: FIFTEEN_MINUTES }),
  };
  return limiters.__harnessLabSignInLimiters;
}
