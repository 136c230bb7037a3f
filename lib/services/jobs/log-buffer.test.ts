import { describe, expect, it } from "vitest";
import { appendBounded } from "./log-buffer";

describe("appendBounded", () => {
  it("keeps everything under the bound", () => {
    expect(appendBounded({ text: "ab\n", cut: 0 }, "cd\n", 10)).toEqual({ text: "ab\ncd\n", cut: 0 });
  });

  it("drops the front at a line start and counts what it dropped", () => {
    // 12 chars, keep 10: would cut 2 ("aa"), the next line starts at 4 — 2 more, within a tenth of 10? no (2 > 1): cut mid-line.
    expect(appendBounded({ text: "aaa\nbbb\n", cut: 0 }, "ccc\n", 10)).toEqual({ text: "a\nbbb\nccc\n", cut: 2 });
    // Keep 40 of 52: the next line starts one character later, so the kept text starts with a whole line.
    expect(appendBounded({ text: "", cut: 5 }, `${"a".repeat(12)}\n${"b".repeat(38)}\n`, 40)).toEqual({ text: `${"b".repeat(38)}\n`, cut: 5 + 13 });
    // …but the next line start far away: cut mid-line rather than drop most of what we keep.
    expect(appendBounded({ text: "", cut: 0 }, `${"x".repeat(30)}\n${"y".repeat(20)}\n`, 40)).toEqual({ text: `${"x".repeat(18)}\n${"y".repeat(20)}\n`, cut: 12 });
  });

  it("stays bounded over many chunks", () => {
    let buf = { text: "", cut: 0 };
    for (let i = 0; i < 1000; i++) buf = appendBounded(buf, `line ${i}\n`, 100);
    expect(buf.text.length).toBeLessThanOrEqual(100);
    expect(buf.text.endsWith("line 999\n")).toBe(true);
    expect(buf.cut + buf.text.length).toBe(Array.from({ length: 1000 }, (_, i) => `line ${i}\n`).join("").length);
  });
});
