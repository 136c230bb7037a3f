import { describe, expect, it } from "vitest";
import { findInText, findInTurns, highlightPieces, queryPattern, rangesOverlapping } from "./find-matches";

const pattern = (q: string) => queryPattern(q)!;

describe("findInText", () => {
  it("matches case-insensitively and literally", () => {
    expect(findInText("Error: error (ERROR)", pattern("error"))).toEqual([[0, 5], [7, 12], [14, 19]]);
    expect(findInText("a.b axb a.b", pattern("a.b"))).toEqual([[0, 3], [8, 11]]);
    expect(findInText("x(1) x(", pattern("x("))).toEqual([[0, 2], [5, 7]]);
  });

  it("gives the same result when the pattern is reused (no leftover position)", () => {
    const p = pattern("ab");
    expect(findInText("abab", p)).toHaveLength(2);
    expect(findInText("ab", p)).toHaveLength(1);
  });

  it("stops at the limit", () => {
    expect(findInText("aaaaaa", pattern("a"), 4)).toHaveLength(4);
  });
});

describe("findInTurns", () => {
  const turns = [
    { idx: 0, fields: [["content", "Fix the failing test"]] as Array<[string, string]> },
    { idx: 1, fields: [["reasoning", "The test fails"], ["observation", "1 test failed, 2 tests passed"]] as Array<[string, string]> },
    { idx: 2, fields: [["content", "nothing here"]] as Array<[string, string]> },
  ];

  it("lists matches in turn, field and position order with field coordinates", () => {
    const { matches, truncated } = findInTurns(turns, "test");
    expect(truncated).toBe(false);
    expect(matches).toEqual([
      [0, "content", 16, 20],
      [1, "reasoning", 4, 8],
      [1, "observation", 2, 6],
      [1, "observation", 17, 21],
    ]);
  });

  it("caps the number of matches and says so", () => {
    const { matches, truncated } = findInTurns(turns, "test", 2);
    expect(matches).toHaveLength(2);
    expect(truncated).toBe(true);
  });

  it("finds nothing for an empty query", () => {
    expect(findInTurns(turns, "").matches).toEqual([]);
  });
});

describe("highlightPieces", () => {
  it("cuts text into plain and marked pieces and flags the active match", () => {
    const pieces = highlightPieces("a test and a test", [[2, 6], [13, 17]], [13, 17]);
    expect(pieces.map((p) => [p.text, p.mark, p.active])).toEqual([
      ["a ", false, false],
      ["test", true, false],
      [" and a ", false, false],
      ["test", true, true],
    ]);
    expect(pieces.map((p) => p.text).join("")).toBe("a test and a test");
  });

  it("clips matches to a slice of a longer field given by its offset", () => {
    // The slice "st and" starts at 4 in "a test and a test"; the first match [2, 6] is half inside.
    const pieces = highlightPieces("st and", [[2, 6], [13, 17]], null, 4);
    expect(pieces.map((p) => [p.text, p.mark, p.start])).toEqual([
      ["st", true, 4],
      [" and", false, 6],
    ]);
  });

  it("returns the text as one plain piece without matches", () => {
    expect(highlightPieces("plain", [], null)).toEqual([{ text: "plain", start: 0, mark: false, active: false }]);
    expect(highlightPieces("", [], null)).toEqual([{ text: "", start: 0, mark: false, active: false }]);
  });
});

describe("rangesOverlapping", () => {
  const ranges: Array<[number, number]> = [[0, 2], [5, 8], [10, 12], [20, 25]];

  it("returns the ranges a line [start, end) touches", () => {
    expect(rangesOverlapping(ranges, 6, 11)).toEqual([[5, 8], [10, 12]]);
    expect(rangesOverlapping(ranges, 2, 5)).toEqual([]);
    expect(rangesOverlapping(ranges, 24, 100)).toEqual([[20, 25]]);
    expect(rangesOverlapping([], 0, 10)).toEqual([]);
  });
});
