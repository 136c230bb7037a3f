import { describe, expect, it } from "vitest";
import { errorWithStack, logLine, logText } from "./log-text";

describe("logText", () => {
  it("makes control characters visible: ESC as \\x1b, newline as \\n, CR, tab, NUL, DEL, C1", () => {
    expect(logText("a\u001b[2Jb")).toBe("a\\x1b[2Jb");
    expect(logText("one\ntwo\rthree\tfour")).toBe("one\\ntwo\\rthree\\tfour");
    expect(logText("\u0000\u007f\u009b")).toBe("\\x00\\x7f\\x9b");
  });
  it("escapes the backslash, so an escape in the log is never ambiguous", () => {
    expect(logText("C:\\x1b")).toBe("C:\\\\x1b");
  });
  it("escapes Unicode line separators and bidirectional overrides", () => {
    expect(logText("a\u2028b\u202ec\u2066d")).toBe("a\\u2028b\\u202ec\\u2066d");
  });
  it("leaves ordinary text, including non-Latin letters, as it is", () => {
    expect(logText("critic/score/mean — Größe 読み")).toBe("critic/score/mean — Größe 読み");
  });
  it("prints errors as their message and other values through String()", () => {
    expect(logText(new Error("bad\nline"))).toBe("bad\\nline");
    expect(logText(409)).toBe("409");
    expect(logText(undefined)).toBe("undefined");
  });
  it("errorWithStack keeps the stack, which logLine folds onto one line", () => {
    const error = new Error("boom");
    expect(errorWithStack(error)).toContain("\n    at ");
    expect(logLine`crash: ${errorWithStack(error)}`).not.toContain("\n");
  });
});

describe("logLine", () => {
  it("escapes every interpolated value and keeps the literal text", () => {
    const key = "x\nHarness Lab: one-time sign-in link: http://evil.example/sign-in/link?token=hl_link_x\u001b[2J";
    const line = logLine`ingest refused (400) for ${"ingest-token"}: event 0 values.${key}: bad`;
    expect(line.split("\n")).toHaveLength(1);
    expect(line).not.toContain("\u001b");
    expect(line).toBe("ingest refused (400) for ingest-token: event 0 values.x\\nHarness Lab: one-time sign-in link: http://evil.example/sign-in/link?token=hl_link_x\\x1b[2J: bad");
  });
});
