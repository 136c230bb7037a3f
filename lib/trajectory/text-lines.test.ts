import { describe, expect, it } from "vitest";
import { displayLines, lineIndexAt } from "./text-lines";

const texts = (text: string, max?: number) => displayLines(text, max).map(([s, e]) => text.slice(s, e));

describe("displayLines", () => {
  it("splits at newlines", () => {
    expect(texts("a\nbb\n\nccc")).toEqual(["a", "bb", "", "ccc"]);
  });

  it("does not add an empty line after a trailing newline, but keeps an empty text as one line", () => {
    expect(texts("a\nb\n")).toEqual(["a", "b"]);
    expect(texts("")).toEqual([""]);
  });

  it("cuts over-long lines into chunks that together are the line", () => {
    expect(texts("abcdefg\nhi", 3)).toEqual(["abc", "def", "g", "hi"]);
  });

  it("handles a long field without newlines in bounded chunks", () => {
    const lines = displayLines("x".repeat(870_000), 1_000);
    expect(lines).toHaveLength(870);
    expect(lines.every(([s, e]) => e - s <= 1_000)).toBe(true);
  });
});

describe("lineIndexAt", () => {
  const lines = displayLines("a\nbb\n\nccc"); // starts 0, 2, 5, 6

  it("finds the line an offset falls on", () => {
    expect(lineIndexAt(lines, 0)).toBe(0);
    expect(lineIndexAt(lines, 3)).toBe(1);
    expect(lineIndexAt(lines, 5)).toBe(2);
    expect(lineIndexAt(lines, 8)).toBe(3);
    expect(lineIndexAt(lines, 99)).toBe(3);
  });
});
