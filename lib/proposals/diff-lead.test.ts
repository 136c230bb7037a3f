import { describe, expect, it } from "vitest";
import { proposalDiffLead } from "./diff-lead";
import { diffHeading } from "../domain/harness-naming";

const base = { id: "h1", label: "H1" };
const candidate = { id: "cand", label: "H1+refuse_unhelpful_edit" };

describe("a proposal's harness diff", () => {
  it("is headed by both versions' labels, never by a role", () => {
    expect(diffHeading(base, candidate)).toBe("H1 → H1+refuse_unhelpful_edit");
  });

  it("says the base is the incumbent while the proposal waits", () => {
    expect(proposalDiffLead({ base, candidate, incumbent: { harnessVersionId: "h1", label: "H0", versionLabel: "H1", proposalId: null } }))
      .toBe("The proposal's base H1 to its candidate H1+refuse_unhelpful_edit; the base is the incumbent.");
  });

  // Issue 40's reproduction: after the approval the candidate is the incumbent, numbered H1 in promotion order
  // while "H1" is the base; the diff still compares the base with the candidate and says so.
  it("after an accept names the candidate as the incumbent by its own label", () => {
    expect(proposalDiffLead({ base, candidate, incumbent: { harnessVersionId: "cand", label: "H1", versionLabel: "H1+refuse_unhelpful_edit", proposalId: "p" } }))
      .toBe("The proposal's base H1 to its candidate H1+refuse_unhelpful_edit; the candidate is now the incumbent (H1+refuse_unhelpful_edit (numbered H1 in promotion order)).");
  });

  it("names a third version when the incumbent moved on", () => {
    expect(proposalDiffLead({ base, candidate, incumbent: { harnessVersionId: "h2", label: "H2", versionLabel: "H2", proposalId: "p2" } }))
      .toBe("The proposal's base H1 to its candidate H1+refuse_unhelpful_edit; the incumbent is now H2, neither of them.");
    expect(proposalDiffLead({ base, candidate, incumbent: null })).toBe("The proposal's base H1 to its candidate H1+refuse_unhelpful_edit.");
  });
});
