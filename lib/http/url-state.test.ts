// parseUrlState: an address's parameters become a typed state; each unusable one is dropped and named, the rest
// still applies, so a page shows what it could use and says what it could not.
import { describe, expect, it } from "vitest";
import { parseUrlFields, parseUrlState, unknownUrlParams, urlList, urlMatching, urlOneOf, urlPageNumber, urlRawOf, urlText, urlWholeNumber } from "./url-state";

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

describe("parseUrlFields and the strict reader's helpers", () => {
  it("names each problem's field in the order of the fields, with the repeated message asked for", () => {
    expect(parseUrlFields({ epoch: "x", q: ["a", "b"] }, fields, { repeatedMessage: "give it once" }).problems).toEqual([
      { field: "q", message: "give it once" },
      { field: "epoch", message: "must be a whole number" },
    ]);
  });

  it("reads a query string with repeats as lists, and names the parameters it does not know", () => {
    const raw = urlRawOf("?q=a%2Cb&q=c&epoch=3&colour=red");
    expect(raw).toEqual({ q: ["a,b", "c"], epoch: "3", colour: "red" });
    expect(unknownUrlParams(raw, Object.keys(fields))).toEqual(["colour"]);
  });

  it("reads lists and page numbers, refusing bad ones by name", () => {
    const list = { runs: urlList(2, 3), page: urlPageNumber };
    expect(parseUrlFields({ runs: " a, b ,a,", page: "12" }, list)).toEqual({ state: { runs: ["a", "b"], page: 12 }, problems: [] });
    expect(parseUrlFields({ runs: "a,b,c", page: "0" }, list).problems).toEqual([
      { field: "runs", message: "at most 2 entries" },
      { field: "page", message: "must be a page number (1, 2, …)" },
    ]);
    expect(parseUrlFields({ runs: "abcd", page: "1e3" }, list).problems.map((p) => p.field)).toEqual(["runs", "page"]);
  });
});
