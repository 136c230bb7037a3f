import { describe, expect, it } from "vitest";
import { pageParam, parseSkillsQuery, readSkillsQuery, skillsPath } from "./links";

describe("skillsPath", () => {
  it("encodes the experiment id and every filter, and leaves defaults out", () => {
    expect(skillsPath("exp/1 a")).toBe("/experiments/exp%2F1%20a/skills");
    expect(skillsPath("e", { kind: "mechanism", task: "swe:a/b&c", flagged: true, page: 3 })).toBe(
      "/experiments/e/skills?kind=mechanism&task=swe%3Aa%2Fb%26c&flagged=1&page=3",
    );
    expect(skillsPath("e", { page: 1, flagged: false })).toBe("/experiments/e/skills");
  });

  it("round-trips through parseSkillsQuery", () => {
    const q = { kind: "hint" as const, task: "swe:a/b&c=d", flagged: true, page: 2 };
    const url = new URL(skillsPath("e", q), "http://x");
    expect(parseSkillsQuery(Object.fromEntries(url.searchParams))).toEqual(q);
  });
});

describe("parseSkillsQuery", () => {
  it("ignores unknown kinds, repeated values, oversized task ids and bad pages", () => {
    expect(parseSkillsQuery({ kind: "tool", task: ["a", "b"], flagged: "yes", page: "0" })).toEqual({
      kind: undefined, task: undefined, flagged: false, page: 1,
    });
    expect(parseSkillsQuery({ task: "x".repeat(257) }).task).toBeUndefined();
    expect(parseSkillsQuery({}).page).toBe(1);
  });

  it("reads a page number only when it is a plain positive integer", () => {
    expect(["2", "17"].map(pageParam)).toEqual([2, 17]);
    expect(["-1", "1.5", "2e3", " 3", "99999999", ""].map(pageParam)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe("readSkillsQuery", () => {
  it("names each value it drops by its field", () => {
    expect(readSkillsQuery({ kind: "tool", task: "x".repeat(257), flagged: "yes", page: "0" })).toEqual({
      query: { kind: undefined, task: undefined, flagged: false, page: 1 },
      problems: ["kind: one of mechanism, hint, bank", "task: at most 256 characters", "flagged: must be 1 (flagged only) or left out", "page: must be a page number (1, 2, …)"],
    });
  });
});
