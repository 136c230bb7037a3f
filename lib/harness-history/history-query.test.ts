import { describe, expect, it } from "vitest";
import { historyHref, parseHistoryQuery, versionAnchor } from "./history-query";

const known = new Set(["exp:harness/H0", "exp:harness/H2 final"]);

describe("parseHistoryQuery", () => {
  it("keeps known versions, the filter and expand=all", () => {
    expect(parseHistoryQuery({ base: "exp:harness/H0", candidate: " exp:harness/H2 final ", q: "pre_action", expand: "all" }, known)).toEqual({
      query: { base: "exp:harness/H0", candidate: "exp:harness/H2 final", q: "pre_action", expand: "all" },
      problems: [],
    });
    expect(parseHistoryQuery({ base: "", q: "  " }, known)).toEqual({ query: {}, problems: [] });
  });

  it("drops and names what it cannot use", () => {
    const { query, problems } = parseHistoryQuery({ base: "nope", candidate: ["a", "b"], q: "x".repeat(201), expand: "yes" }, known);
    expect(query).toEqual({});
    expect(problems).toEqual([
      "base: no harness version “nope” in this experiment",
      "candidate: give one value",
      "q: at most 200 characters",
      "expand: must be “all” or absent",
    ]);
  });
});

describe("historyHref", () => {
  it("encodes ids and keeps a canonical order", () => {
    expect(historyHref("e 1", { q: "a b", candidate: "c/2", base: "b:1", expand: "all" }, "harness-diff")).toBe(
      "/experiments/e%201/harness?base=b%3A1&candidate=c%2F2&q=a%20b&expand=all#harness-diff",
    );
    expect(historyHref("e", {})).toBe("/experiments/e/harness");
  });

  it("round-trips through the parser", () => {
    const href = historyHref("e", { base: "exp:harness/H0", candidate: "exp:harness/H2 final" });
    const params = Object.fromEntries(new URL(href, "http://x").searchParams);
    expect(parseHistoryQuery(params, known).query).toEqual({ base: "exp:harness/H0", candidate: "exp:harness/H2 final" });
  });
});

describe("versionAnchor", () => {
  it("gives distinct, element-id-safe anchors", () => {
    const anchors = ["a:b", "a_3a_b", "a b", "a/b", "H0"].map(versionAnchor);
    expect(new Set(anchors).size).toBe(anchors.length);
    for (const a of anchors) expect(a).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});
