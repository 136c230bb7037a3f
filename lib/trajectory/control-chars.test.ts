import { describe, expect, it } from "vitest";
import { showControlChars, stripAnsi } from "./control-chars";

describe("showControlChars", () => {
  it("shows an ANSI colour sequence as visible text, keeping the length", () => {
    const raw = "\u001b[31mred\u001b[0m";
    const shown = showControlChars(raw);
    expect(shown).toBe("␛[31mred␛[0m");
    expect(shown.length).toBe(raw.length);
    expect(shown).not.toMatch(/\u001b/);
  });

  it("keeps tabs, newlines and carriage returns, which the text layout needs", () => {
    expect(showControlChars("a\tb\r\nc")).toBe("a\tb\r\nc");
  });

  it("makes NUL, backspace, bell and DEL visible", () => {
    expect(showControlChars("\u0000\u0008\u0007\u007f")).toBe("␀␈␇␡");
  });

  it("returns ordinary text unchanged, markup included (it is text, never HTML)", () => {
    const text = '<script>alert(1)</script> <img src=x onerror="x()">';
    expect(showControlChars(text)).toBe(text);
  });
});

describe("stripAnsi", () => {
  it("removes colour and cursor sequences and OSC hyperlinks", () => {
    expect(stripAnsi("\u001b[1;31mERROR\u001b[0m done\u001b[2K")).toBe("ERROR done");
    expect(stripAnsi("\u001b]8;;http://x\u0007link\u001b]8;;\u0007")).toBe("link");
  });
});

describe("showControlChars called repeatedly", () => {
  it("gives the same answer every time (no regexp state leaks between calls)", () => {
    for (let i = 0; i < 3; i++) expect(showControlChars("xx\u001b")).toBe("xx␛");
  });
});
