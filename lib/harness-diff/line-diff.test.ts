import { describe, expect, it } from "vitest";
import { countLineChanges, splitLines } from "./line-diff";

/** Textbook LCS by dynamic programming: the reference the fast path must agree with. */
function lcsCounts(before: string, after: string) {
  const a = splitLines(before);
  const b = splitLines(after);
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
    }
  }
  const common = table[0][0];
  return { added: b.length - common, removed: a.length - common };
}

/** A small seeded generator so the random cases are the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

describe("countLineChanges", () => {
  it("counts one changed line as one removed and one added", () => {
    const before = "def bash(cmd):\n    return run(cmd)\n";
    const after = "def bash(cmd):\n    return run(cmd, timeout=60)\n";
    expect(countLineChanges(before, after)).toEqual({ added: 1, removed: 1, exact: true });
  });

  it("counts a new file as all added and a deleted file as all removed", () => {
    expect(countLineChanges("", "a\nb\nc\n")).toEqual({ added: 3, removed: 0, exact: true });
    expect(countLineChanges("a\nb\n", "")).toEqual({ added: 0, removed: 2, exact: true });
  });

  it("finds an insertion in the middle without counting the lines around it", () => {
    expect(countLineChanges("a\nb\nc\nd\n", "a\nb\nX\nY\nc\nd\n")).toEqual({ added: 2, removed: 0, exact: true });
  });

  it("counts a changed final newline as a change to the last line, like git", () => {
    expect(countLineChanges("a\nb", "a\nb\n")).toEqual({ added: 1, removed: 1, exact: true });
  });

  it("reports nothing for identical texts", () => {
    expect(countLineChanges("x\ny\n", "x\ny\n")).toEqual({ added: 0, removed: 0, exact: true });
  });

  it("agrees with a textbook LCS on random edits", () => {
    const random = seeded(7);
    const alphabet = ["a", "b", "c", "d", "return x", ""];
    for (let round = 0; round < 300; round++) {
      const make = () => Array.from({ length: Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("\n");
      const before = make();
      const after = make();
      const result = countLineChanges(before, after);
      if (before === after) continue;
      const reference = lcsCounts(before, after);
      // Texts that differ only in blank trailing structure count as a last-line change (see above).
      if (reference.added === 0 && reference.removed === 0) continue;
      expect({ added: result.added, removed: result.removed }, `${JSON.stringify(before)} → ${JSON.stringify(after)}`).toEqual(reference);
    }
  });

  it("stops at the work budget and estimates, saying so", () => {
    const before = Array.from({ length: 2000 }, (_, i) => `old ${i}`).join("\n");
    const after = Array.from({ length: 2000 }, (_, i) => `new ${i}`).join("\n");
    const result = countLineChanges(before, after, 1000);
    expect(result.exact).toBe(false);
    // Every line differs, so even the estimate is right here.
    expect(result).toMatchObject({ added: 2000, removed: 2000 });
  });

  it("handles a large file with a small change exactly and quickly", () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`);
    const changed = [...lines];
    changed[25_000] = "changed";
    changed.splice(40_000, 0, "inserted");
    const started = performance.now();
    expect(countLineChanges(lines.join("\n"), changed.join("\n"))).toEqual({ added: 2, removed: 1, exact: true });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
