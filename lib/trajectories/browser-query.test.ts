import { describe, expect, it } from "vitest";
import {
  browserHref, browserSearchParams, describeFilters, flattenSearchParams, ftsMatchExpression, parseBrowserParams,
  searchWords, stateFromPageParams, toggleSort, withFilter, withoutParam, type BrowserState,
} from "./browser-query";
import { decodeBrowserCursor, encodeBrowserCursor } from "./browser-cursor";

const parse = (query: string, strict = false) => {
  const flat = flattenSearchParams(new URLSearchParams(query));
  if (!flat.ok) return { ok: false as const, problem: flat.problem };
  return parseBrowserParams(flat.params, { strict });
};

const everything: BrowserState = {
  filter: {
    experiment: "exp 1/a", run: "run:1", purpose: "comparison", epoch: 2, step: 17, harnessVersion: "H2", checkpoint: "ckpt-45",
    task: "swe-bench:astropy__astropy-12907", benchmark: "swe-bench-verified", outcome: "unknown", success: false, exitStatus: "LimitsExceeded",
    truncated: true, rewardMin: -0.5, rewardMax: 1, turnsMin: 3, turnsMax: 60, hook: "pre_action", q: "ValueError \"tests\"",
  },
  sort: { key: "reward", dir: "asc" },
};

describe("browser URL state", () => {
  it("round-trips every filter and the sort through the URL", () => {
    const query = browserSearchParams(everything).toString();
    const back = parse(query);
    expect(back).toEqual({ ok: true, state: everything });
    // Serialising the parsed state gives the same URL: a copied link is stable.
    expect(back.ok && browserSearchParams(back.state).toString()).toBe(query);
  });

  it("writes the default state as the bare path and leaves the default sort out", () => {
    expect(browserHref({ filter: {}, sort: { key: "created", dir: "desc" } })).toBe("/trajectories");
    expect(browserHref({ filter: { outcome: "failure" }, sort: { key: "created", dir: "desc" } })).toBe("/trajectories?outcome=failure");
    expect(browserHref({ filter: {}, sort: { key: "created", dir: "asc" } })).toBe("/trajectories?sort=created&dir=asc");
  });

  it("encodes ids with spaces, slashes and colons so they come back unchanged", () => {
    const state: BrowserState = { filter: { task: "swe-bench:a/b c&d=e", experiment: "x?y#z" }, sort: { key: "created", dir: "desc" } };
    const href = browserHref(state);
    expect(href).not.toContain(" ");
    expect(parse(href.split("?")[1])).toEqual({ ok: true, state });
  });

  it("treats empty form fields as no filter", () => {
    expect(parse("experiment=&q=%20%20&outcome=")).toEqual({ ok: true, state: { filter: {}, sort: { key: "created", dir: "desc" } } });
  });

  it.each([
    ["outcome=maybe", "outcome", /success, failure, unknown/],
    ["purpose=holiday", "purpose", /train, preparation/],
    ["step=-1", "step", /whole number/],
    ["epoch=1.5", "epoch", /whole number/],
    ["reward_min=abc", "reward_min", /number/],
    ["reward_min=1e999", "reward_min", /must be a finite number/],
    ["value_max=-1e400&value=advantage", "value_max", /must be a finite number/],
    ["step=99999999999999999999", "step", /at most 9007199254740991/],
    ["reward_min=1&reward_max=0", "reward_max", /at least reward_min/],
    ["turns_min=9&turns_max=3", "turns_max", /at least turns_min/],
    ["truncated=yes", "truncated", /true or false/],
    ["hook=somewhere", "hook", /pre_action/],
    ["sort=colour", "sort", /created, reward/],
    ["dir=up", "dir", /asc or desc/],
    ["q=***", "q", /no word/],
    [`q=${"x".repeat(201)}`, "q", /at most 200/],
    [`q=${Array.from({ length: 13 }, (_, i) => `w${i}`).join("+")}`, "q", /at most 12 words/],
    ["q=Value%00Error", "q", /control characters/],
    ["q=%00", "q", /control characters/],
    ["q=red%1B%5B31m+alert", "q", /control characters/],
    ["q=two%0Alines", "q", /control characters/],
    ["q=del%7F", "q", /control characters/],
    ["outcome=success&outcome=failure", "outcome", /more than once/],
  ])("refuses %s naming %s", (query, field, message) => {
    const result = parse(query);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problem.field).toBe(field);
      expect(result.problem.message).toMatch(message);
    }
  });

  it("ignores unknown parameters on the page but names them in strict (API) mode", () => {
    expect(parse("utm_source=mail&outcome=failure").ok).toBe(true);
    const strict = parse("colour=red", true);
    expect(strict.ok === false && strict.problem).toEqual({ field: "colour", message: "is not a parameter of this endpoint" });
  });

  it("opens a page URL with bad parameters by leaving each one out and saying why", () => {
    const { state, problems } = stateFromPageParams({ outcome: "maybe", hook: "pre_action", sort: "colour", step: ["1", "2"], utm: "x" });
    expect(state).toEqual({ filter: { hook: "pre_action" }, sort: { key: "created", dir: "desc" } });
    expect(problems.map((p) => p.field)).toEqual(["step", "outcome", "sort"]);
  });

  it("flips the direction of the sorted column and starts another column descending", () => {
    const state: BrowserState = { filter: {}, sort: { key: "created", dir: "desc" } };
    expect(toggleSort(state, "created").sort).toEqual({ key: "created", dir: "asc" });
    expect(toggleSort(toggleSort(state, "created"), "created").sort).toEqual({ key: "created", dir: "desc" });
    expect(toggleSort({ ...state, sort: { key: "reward", dir: "asc" } }, "turns").sort).toEqual({ key: "turns", dir: "desc" });
  });

  it("drops run, harness version and checkpoint when the experiment changes, not otherwise", () => {
    const state: BrowserState = { filter: { experiment: "a", run: "a-run", harnessVersion: "a-H1", checkpoint: "a-c", outcome: "failure" }, sort: { key: "created", dir: "desc" } };
    expect(withFilter(state, { experiment: "b" }).filter).toEqual({ experiment: "b", outcome: "failure" });
    expect(withFilter(state, { outcome: undefined }).filter).toEqual({ experiment: "a", run: "a-run", harnessVersion: "a-H1", checkpoint: "a-c" });
  });

  it("describes active filters in URL order and removes one by its parameter", () => {
    const labels = describeFilters({ hook: "pre_action", outcome: "failure", experiment: "e", q: "boom" });
    expect(labels.map((l) => l.param)).toEqual(["experiment", "outcome", "hook", "q"]);
    expect(labels.find((l) => l.param === "hook")?.label).toBe("hook fired at: pre_action");
    expect(withoutParam({ hook: "pre_action", outcome: "failure" }, "hook")).toEqual({ outcome: "failure" });
  });
});

describe("full-text search expression", () => {
  it("quotes every word as a phrase so FTS5 syntax is searched as text", () => {
    expect(ftsMatchExpression('"foo" OR bar*')).toBe('"""foo""" "OR" "bar*"');
    expect(ftsMatchExpression("NEAR(a b)")).toBe('"NEAR(a" "b)"');
    expect(ftsMatchExpression("col:value ^start -not")).toBe('"col:value" "^start" "-not"');
  });

  it("keeps only words with a letter or digit, in any script", () => {
    expect(searchWords("  ValueError  --  ***  Größe 42 ")).toEqual(["ValueError", "Größe", "42"]);
  });
});

describe("browser cursor", () => {
  it("round-trips, including a null value (inside the unknowns)", () => {
    for (const value of [12.5, 0, -3, null]) {
      const cursor = { key: "reward" as const, dir: "asc" as const, value, id: "r:1/ä" };
      expect(decodeBrowserCursor(encodeBrowserCursor(cursor), { key: "reward", dir: "asc" })).toEqual({ ok: true, cursor });
    }
  });

  it("refuses a cursor of another sort order or one it did not issue", () => {
    const text = encodeBrowserCursor({ key: "reward", dir: "asc", value: 1, id: "x" });
    const other = decodeBrowserCursor(text, { key: "reward", dir: "desc" });
    expect(other.ok === false && other.message).toMatch(/another sort order/);
    for (const bad of ["zzz", Buffer.from("[1,2]").toString("base64url"), Buffer.from('["reward","asc","1","x"]').toString("base64url")]) {
      expect(decodeBrowserCursor(bad, { key: "reward", dir: "asc" }).ok).toBe(false);
    }
  });
});

describe("stateFromPageParams on the one address parser", () => {
  it("drops only the bad parameters, naming each, and keeps the rest", () => {
    const { state, problems } = stateFromPageParams({ reward_min: "0.5", reward_max: "0.1", run: " r 1 ", dir: "sideways", task: ["a", "b"] });
    expect(state).toEqual({ filter: { rewardMin: 0.5, run: "r 1" }, sort: { key: "created", dir: "desc" } });
    expect(problems).toEqual([
      { field: "task", message: "is given more than once" },
      { field: "reward_max", message: "must be at least reward_min" },
      { field: "dir", message: "must be asc or desc" },
    ]);
  });
});
