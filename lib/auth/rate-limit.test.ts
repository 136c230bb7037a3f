import { describe, expect, it } from "vitest";
import { createFailureLimiter } from "./rate-limit";

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
});
