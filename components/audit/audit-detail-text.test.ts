import { describe, expect, it } from "vitest";
import { auditDetailText } from "./audit-detail-text";

describe("audit detail values", () => {
  it("shows epoch milliseconds under a time key as a UTC date", () => {
    expect(auditDetailText("expiresAt", Date.UTC(2026, 11, 1, 18, 20))).toBe("2026-12-01 18:20 UTC");
    expect(auditDetailText("finished_at", Date.UTC(2027, 0, 2, 3, 4))).toBe("2027-01-02 03:04 UTC");
  });

  it("leaves counts, small numbers, strings and objects as they are", () => {
    expect(auditDetailText("tokensRevoked", 1_796_149_200_000)).toBe("1796149200000");
    expect(auditDetailText("expiresAt", 42)).toBe("42");
    expect(auditDetailText("reason", "cancelled by admin")).toBe("cancelled by admin");
    expect(auditDetailText("scopes", ["ingest"])).toBe('["ingest"]');
    expect(auditDetailText("expiresAt", null)).toBe("null");
  });
});
