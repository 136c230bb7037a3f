import { describe, expect, it } from "vitest";
import { auditHref, parseAuditFilter } from "./audit-filter";

describe("the audit page's filter", () => {
  it("round-trips action, actor and cursor through the URL", () => {
    const { filter, problems } = parseAuditFilter({ action: "proposal.accept", actor: "user:u 1", before: "42" });
    expect(problems).toEqual([]);
    expect(filter).toEqual({ action: "proposal.accept", actor: "user:u 1", before: 42 });
    expect(auditHref(filter)).toBe("/audit?action=proposal.accept&actor=user%3Au+1&before=42");
    expect(parseAuditFilter(Object.fromEntries(new URL(`http://x${auditHref(filter)}`).searchParams)).filter).toEqual(filter);
  });

  it("drops and names values it cannot use", () => {
    expect(parseAuditFilter({ actor: "root", before: "-3", action: ["a", "b"] })).toEqual({
      filter: {},
      problems: ["action: give one value", "actor: system, user:ID or token:ID", "before: must be an entry number"],
    });
    expect(auditHref({})).toBe("/audit");
  });
});
