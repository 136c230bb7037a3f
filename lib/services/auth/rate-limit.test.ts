import { describe, expect, it } from "vitest";
import { attemptKeys, createFailureLimiter, signInLimiters } from "./rate-limit";

describe("failure limiter", () => {
  it("blocks after max failures within the window and forgets them after it", () => {
    const limiter = createFailureLimiter({ max: 3, windowMs: 1000 });
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked("k", i)).toBe(false);
      limiter.recordFailure("k", i);
    }
    expect(limiter.isBlocked("k", 10)).toBe(true);
    expect(limiter.isBlocked("other", 10)).toBe(false);
    expect(limiter.isBlocked("k", 1002)).toBe(false);
    limiter.recordFailure("k", 1003);
    limiter.reset("k");
    expect(limiter.isBlocked("k", 1004)).toBe(false);
  });

  it("says how long a blocked key must wait", () => {
    const limiter = createFailureLimiter({ max: 2, windowMs: 1000 });
    limiter.recordFailure("k", 100);
    expect(limiter.retryAfterMs("k", 150)).toBe(0);
    limiter.recordFailure("k", 300);
    expect(limiter.retryAfterMs("k", 400)).toBe(700);
    expect(limiter.retryAfterMs("k", 1100)).toBe(0);
  });

  it("takes back the latest counted attempt, so a success does not count toward the limit", () => {
    const limiter = createFailureLimiter({ max: 2, windowMs: 1000 });
    limiter.recordFailure("u", 0);
    limiter.recordFailure("u", 10);
    expect(limiter.isBlocked("u", 20)).toBe(true);
    limiter.retractLatest("u");
    expect(limiter.isBlocked("u", 20)).toBe(false);
    limiter.retractLatest("u");
    limiter.retractLatest("u");
    limiter.recordFailure("u", 30);
    expect(limiter.isBlocked("u", 40)).toBe(false);
  });

  it("bounds memory by evicting the oldest keys", () => {
    const limiter = createFailureLimiter({ max: 1, windowMs: 1000, maxKeys: 2 });
    limiter.recordFailure("a", 0);
    limiter.recordFailure("b", 0);
    limiter.recordFailure("c", 0);
    expect(limiter.isBlocked("a", 1)).toBe(false);
    expect(limiter.isBlocked("c", 1)).toBe(true);
  });

  it("never evicts an account's count: more than 10,000 junk usernames leave the real user blocked (issue 13, finding 8)", () => {
    // The limiters the sign-in form and the Settings password check really use.
    const { perUserAndIp, perUser } = signInLimiters();
    const real = attemptKeys("u-real", "alice", "10.0.0.1");
    for (let i = 0; i < 100; i++) {
      if (i < 10) perUserAndIp.recordFailure(real.userAndIp, 1_000 + i);
      perUser.recordFailure(real.user, 1_000 + i);
    }
    expect(perUserAndIp.isBlocked(real.userAndIp, 2_000)).toBe(true);
    expect(perUser.isBlocked(real.user, 2_000)).toBe(true);
    for (let i = 0; i < 10_001; i++) {
      const junk = attemptKeys(null, `junk-${i}`, "10.0.0.1");
      perUserAndIp.recordFailure(junk.userAndIp, 2_000);
      perUser.recordFailure(junk.user, 2_000);
    }
    expect(perUserAndIp.isBlocked(real.userAndIp, 3_000)).toBe(true);
    expect(perUser.isBlocked(real.user, 3_000)).toBe(true);
    // The junk itself is still bounded: the oldest junk username was evicted.
    const first = attemptKeys(null, "junk-0", "10.0.0.1");
    perUserAndIp.recordFailure(first.userAndIp, 2_001);
    expect(perUserAndIp.retryAfterMs(first.userAndIp, 2_002)).toBe(0);
  });

  it("keys an account by its id, a username nobody has by its name, so neither can stand in for the other", () => {
    expect(attemptKeys("abc", "Alice", "1.2.3.4")).toEqual({ user: "user:abc", userAndIp: "user:abc|ip:1.2.3.4" });
    expect(attemptKeys(null, "user:abc", "1.2.3.4").user).toBe("name:user:abc");
  });

  it("sweeps pinned entries whose failures all left the window, and only those", () => {
    const limiter = createFailureLimiter({ max: 1, windowMs: 1000, pinned: () => true });
    for (let i = 0; i < 5_000; i++) limiter.recordFailure(`old-${i}`, 0);
    limiter.recordFailure("fresh", 5_000);
    for (let i = 0; i < 5_000; i++) limiter.recordFailure(`new-${i}`, 5_500);
    expect(limiter.isBlocked("fresh", 5_600)).toBe(true);
    expect(limiter.isBlocked("new-0", 5_600)).toBe(true);
  });
});
