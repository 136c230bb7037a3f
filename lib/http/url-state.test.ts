// parseUrlState: an address's parameters become a typed state; each unusable one is dropped and named, the rest
// still applies, so a page shows what it could use and says what it could not.
import { describe, expect, it } from "vitest";
import { parseUrlState, urlMatching, urlOneOf, urlText, urlWholeNumber } from "./url-state";

const fields = { q: urlText(5), epoch: urlWholeNumber(3), status: urlOneOf(["open", "done"] as const), id: urlMatching(/^h\d+$/, "must be h<number>") };

describe("parseUrlState", () => {
  it("types what it can use and names what it cannot", () => {
    expect(parseUrlState({ q: "abc", epoch: "12", status: "open", id: "h3", other: "x" }, fields)).toEqual({
      state: { q: "abc", epoch: 12, status: "open", id: "h3" }, problems: [],
    });
    expect(parseUrlState({ q: "abcdef", epoch: "-1", status: ["open", "done"], id: "x" }, fields)).toEqual({
      state: {}, problems: ["q: at most 5 characters", "epoch: must be a whole number", "status: give one value", "id: must be h<number>"],
    });
  });

  it("treats empty as absent, trims when asked, and may take a repeated parameter's first value", () => {
    expect(parseUrlState({ q: "", epoch: "  " }, fields, { trim: true })).toEqual({ state: {}, problems: [] });
    expect(parseUrlState({ q: " ab " }, fields, { trim: true }).state).toEqual({ q: "ab" });
    expect(parseUrlState({ status: ["done", "open"] }, fields, { repeated: "first" })).toEqual({ state: { status: "done" }, problems: [] });
  });
});
