// The launch form's text diff must show every changed line of a hostile file, and stay bounded.
import { describe, expect, it } from "vitest";
import { changedLines } from "./changed-lines";

describe("changedLines", () => {
  it("shows the removed and added lines between the common head and tail", () => {
    expect(changedLines("a\nb\nc\n", "a\nx\ny\nc\n")).toEqual({ startLine: 2, lines: ["- b", "+ x", "+ y"], omitted: 0 });
  });

  it("shows a whole new file as added", () => {
    expect(changedLines("", "evil()\n").lines).toEqual(["+ evil()"]);
  });

  it("caps a long change and counts what it left out", () => {
    const big = Array.from({ length: 10 }, (_, i) => `line ${i}`).join("\n");
    expect(changedLines("", big, 4)).toMatchObject({ lines: ["+ line 0", "+ line 1", "+ line 2", "+ line 3"], omitted: 6 });
  });

  it("says so when only line endings differ", () => {
    expect(changedLines("a\n", "a").lines).toEqual(["(only line endings or the final newline differ)"]);
  });
});
