import { describe, expect, it } from "vitest";
import { inboxHref, parseInboxFilter, proposalPath } from "./inbox-filter";

describe("the inbox filter in the URL", () => {
  it("reads every filter and writes it back in one order", () => {
    const { filter, problems } = parseInboxFilter({ status: "pending", experiment: "exp 1", epoch: "2", round: "0", kind: "tool_hook", decided: "none" });
    expect(problems).toEqual([]);
    expect(filter).toEqual({ experiment: "exp 1", epoch: 2, round: 0, kind: "tool_hook", status: "pending", decided: "none" });
    expect(inboxHref(filter)).toBe("/proposals?experiment=exp+1&epoch=2&round=0&kind=tool_hook&status=pending&decided=none");
    expect(parseInboxFilter(Object.fromEntries(new URL(`http://x${inboxHref(filter)}`).searchParams)).filter).toEqual(filter);
  });

  it("drops and names what it cannot use, keeping the rest; empty means any", () => {
    const { filter, problems } = parseInboxFilter({ epoch: "-1", status: "maybe", decided: ["rule", "human"], kind: "", round: "3" });
    expect(filter).toEqual({ round: 3 });
    expect(problems).toEqual(["epoch: must be a whole number", "status: one of pending, accepted, rejected, superseded", "decided: give one value"]);
    expect(inboxHref({})).toBe("/proposals");
  });

  it("encodes proposal ids into their page's address", () => {
    expect(proposalPath("ref:e1/r0 proposal%")).toBe("/proposals/ref%3Ae1%2Fr0%20proposal%25");
  });
});
