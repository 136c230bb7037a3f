// The reason rule and the hints the client shows before submitting say the same thing for every rule verdict:
// a hint that promised "no reason needed" where the server refuses one would make a reviewer's approve fail.
import { describe, expect, it } from "vitest";
import { approveReasonHint, decisionReasonHint, reasonRequirement, type RuleJudgement } from "./reason-requirement";

const rules: RuleJudgement[] = [
  { verdict: "accept", reason: "Δ +6.0 pp, p = 0.01" },
  { verdict: "reject", reason: "Δ −2.0 pp" },
  { verdict: null, reason: "no comparison yet" },
];

describe("reason requirement", () => {
  it("a reject always needs a reason; an approve only against the rule or without one", () => {
    expect(rules.map((r) => reasonRequirement("reject", r) !== null)).toEqual([true, true, true]);
    expect(rules.map((r) => reasonRequirement("accept", r) !== null)).toEqual([false, true, true]);
    expect(reasonRequirement("accept", rules[1])).toBe("the acceptance rule says reject (Δ −2.0 pp): say why you approve it against it");
  });

  it("the inbox asks for an approve's reason exactly when the server requires one", () => {
    for (const rule of rules) expect(approveReasonHint(rule) !== null).toBe(reasonRequirement("accept", rule) !== null);
    expect(approveReasonHint(rules[2])).toBe("The rule cannot judge (no comparison yet). Approving needs a reason.");
  });

  it("the decision form's hint names the decisions that need a reason", () => {
    expect(decisionReasonHint(rules[0])).toBe("The acceptance rule says accept (Δ +6.0 pp, p = 0.01). A reject needs a reason.");
    expect(decisionReasonHint(rules[1])).toContain("Approving against it needs a reason, and so does a reject.");
    expect(decisionReasonHint(rules[2])).toContain("Either decision needs a reason.");
  });
});
