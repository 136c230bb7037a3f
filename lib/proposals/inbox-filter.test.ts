import { describe, expect, it } from "vitest";
import { inboxHref, parseInboxFilter, proposalPath, withDefaultKind } from "./inbox-filter";

describe("the inbox filter in the URL", () => {
  it("reads every filter and writes it back in one order", () => {
    const { filter, problems } = parseInboxFilter({ status: "pending", experiment: "exp 1", epoch: "2", round: "0", kind: "tool_hook", decided: "none" });
    expect(problems).toEqual([]);
    expect(filter).toEqual({ experiment: "exp 1", epoch: 2, round: 0, kind: "tool_hook", status: "pending", decided: "none" });
    expect(inboxHref(filter)).toBe("/proposals?experiment=exp+1&epoch=2&round=0&kind=tool_hook&status=pending&decided=none");
    expect(parseInboxFilter(Object.fromEntries(new URL(`http://x${inboxHref(filter)}`).searchParams)).filter).toEqual(filter);
  });

  it("drops and names what it cannot use, keeping the rest; empty means any, except the kind", () => {
    const { filter, problems } = parseInboxFilter({ epoch: "-1", status: "maybe", decided: ["rule", "human"], kind: "", round: "3" });
    expect(filter).toEqual({ round: 3, kind: "tool_hook" });
    expect(problems).toEqual(["epoch: must be a whole number", "status: one of pending, accepted, rejected, superseded", "decided: give one value"]);
    expect(parseInboxFilter({ kind: "teacher" })).toEqual({ filter: { kind: "tool_hook" }, problems: ["kind: one of tool_hook, engineer_patch, any"] });
  });

  it("shows teacher proposals by default, every kind with kind=any, and always writes the kind into the address", () => {
    expect(parseInboxFilter({}).filter).toEqual({ kind: "tool_hook" });
    expect(parseInboxFilter({ kind: "any" }).filter).toEqual({});
    expect(inboxHref({})).toBe("/proposals?kind=any");
    expect(inboxHref(parseInboxFilter({}).filter)).toBe("/proposals?kind=tool_hook");
    expect(parseInboxFilter(Object.fromEntries(new URL(`http://x${inboxHref({ status: "pending" })}`).searchParams)).filter).toEqual({ status: "pending" });
  });

  it("redirects an address without a kind to the same address with the default kind, keeping bad values to be named", () => {
    expect(withDefaultKind({})).toBe("/proposals?kind=tool_hook");
    expect(withDefaultKind({ experiment: "exp 1", epoch: "soon", kind: "" })).toBe("/proposals?experiment=exp+1&epoch=soon&kind=tool_hook");
    expect(withDefaultKind({ kind: "any" })).toBeNull();
    expect(withDefaultKind({ kind: "engineer_patch", status: "pending" })).toBeNull();
  });

  it("encodes proposal ids into their page's address", () => {
    expect(proposalPath("ref:e1/r0 proposal%")).toBe("/proposals/ref%3Ae1%2Fr0%20proposal%25");
  });
});
