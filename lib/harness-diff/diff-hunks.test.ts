import { describe, expect, it } from "vitest";
import { countLineChanges, splitLines } from "./line-diff";
import { diffHunks, type DiffRow } from "./diff-hunks";

const rows = (diff: ReturnType<typeof diffHunks>): DiffRow[] => diff.hunks.flatMap((h) => h.rows);
const sign = (row: DiffRow) => (row.kind === "added" ? "+" : row.kind === "removed" ? "-" : " ");
const render = (diff: ReturnType<typeof diffHunks>) => rows(diff).map((r) => sign(r) + r.text);

/** Replays the rows: the kept and removed rows give the old text, the kept and added the new. */
function replay(all: DiffRow[]) {
  return { before: all.filter((r) => r.kind !== "added").map((r) => r.text), after: all.filter((r) => r.kind !== "removed").map((r) => r.text) };
}

function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe("diffHunks", () => {
  it("shows an added file as all added lines, with nothing removed (no empty old side)", () => {
    const diff = diffHunks(null, "a\nb\n");
    expect(render(diff)).toEqual(["+a", "+b"]);
    expect(rows(diff).map((r) => r.newLine)).toEqual([1, 2]);
    expect(diff.removed).toBe(0);
  });

  it("shows a removed file as all removed lines", () => {
    const diff = diffHunks("only\n", null);
    expect(render(diff)).toEqual(["-only"]);
    expect(diff.added).toBe(0);
  });

  it("keeps three lines of context around a change and counts what it leaves out", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
    const after = before.replace("line 10", "line ten");
    const diff = diffHunks(before, after);
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0].skippedBefore).toBe(6);
    expect(render(diff)).toEqual([" line 7", " line 8", " line 9", "-line 10", "+line ten", " line 11", " line 12", " line 13"]);
    expect(diff.hunks[0].rows[3]).toMatchObject({ oldLine: 10, newLine: null });
    expect(diff.hunks[0].rows[4]).toMatchObject({ oldLine: null, newLine: 10 });
    expect(diff.skippedAfter).toBe(7);
  });

  it("splits far-apart changes into separate hunks", () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i}`);
    const after = [...before];
    after[2] = "x";
    after[25] = "y";
    const diff = diffHunks(before.join("\n"), after.join("\n"));
    expect(diff.hunks).toHaveLength(2);
    expect(diff.hunks[1].skippedBefore).toBe(16);
    expect(diff.skippedAfter).toBe(1);
  });

  it("has no rows when only the kind changed", () => {
    const diff = diffHunks("same\n", "same\n");
    expect(diff.hunks).toEqual([]);
    expect(diff.skippedAfter).toBe(1);
  });

  it("agrees with the shortest edit's counts and replays both texts, random edits included", () => {
    const random = seeded(7);
    for (let round = 0; round < 200; round++) {
      const words = ["a", "b", "c", "d", "e"];
      const make = () => Array.from({ length: Math.floor(random() * 25) }, () => words[Math.floor(random() * words.length)]).join("\n");
      const before = make();
      const after = make();
      const diff = diffHunks(before, after, Number.MAX_SAFE_INTEGER);
      const counts = countLineChanges(before, after);
      if (splitLines(before).join("\n") !== splitLines(after).join("\n")) expect({ added: diff.added, removed: diff.removed }).toEqual({ added: counts.added, removed: counts.removed });
      expect(replay(rows(diff))).toEqual({ before: splitLines(before), after: splitLines(after) });
    }
  });

  it("past the work budget still gives a correct diff: the changed middle removed, then added", () => {
    const before = "head\n1\n2\n3\ntail\n";
    const after = "head\n3\n1\n2\ntail\n";
    const diff = diffHunks(before, after, 3, 0);
    expect(render(diff)).toEqual([" head", "-1", "-2", "-3", "+3", "+1", "+2", " tail"]);
  });
});
