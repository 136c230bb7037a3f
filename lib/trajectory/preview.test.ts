import { describe, expect, it } from "vitest";
import { countLines, fieldSize, formatBytes, previewCharsFor, previewText, PREVIEW_CHARS, sizeHint, summarizeField, utf8Bytes } from "./preview";

describe("previewText", () => {
  it("keeps a short text whole", () => {
    expect(previewText("short\ntext")).toBe("short\ntext");
  });

  it("cuts a long text at the character limit", () => {
    expect(previewText("x".repeat(5_000), 2_000)).toHaveLength(2_000);
  });

  it("cuts after the line limit even when the characters would fit", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i}`).join("\n");
    const preview = previewText(text, 2_000, 24);
    expect(preview.split("\n")).toHaveLength(24);
    expect(preview.endsWith("line 23")).toBe(true);
  });

  it("never splits a surrogate pair", () => {
    const text = "a" + "😀".repeat(10);
    const preview = previewText(text, 4);
    expect(preview).toBe("a😀");
  });
});

describe("summarizeField", () => {
  it("carries the whole size only when the preview is shorter than the text", () => {
    expect(summarizeField("content", "hi")).toEqual({ key: "content", preview: "hi" });
    const long = summarizeField("observation", "y".repeat(870_000));
    expect(long).toMatchObject({ key: "observation", full: { length: 870_000, bytes: 870_000, lines: 1 } });
    expect(long.preview.length).toBeLessThanOrEqual(2_000);
  });

  it("measures a whole field from its preview", () => {
    expect(fieldSize(summarizeField("content", "é\nb"))).toEqual({ length: 3, bytes: 4, lines: 2 });
    expect(fieldSize(summarizeField("observation", "z".repeat(5_000)))).toEqual({ length: 5_000, bytes: 5_000, lines: 1 });
  });
});

describe("sizes", () => {
  it("counts lines the way an editor shows them", () => {
    expect(countLines("")).toBe(0);
    expect(countLines("a")).toBe(1);
    expect(countLines("a\nb")).toBe(2);
    expect(countLines("a\nb\n")).toBe(2);
  });

  it("counts UTF-8 bytes of multi-byte text", () => {
    expect(utf8Bytes("aé€😀")).toBe(Buffer.byteLength("aé€😀"));
  });

  it("formats sizes for people", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(12_400)).toBe("12.4 KB");
    expect(formatBytes(868_167)).toBe("868 KB");
    expect(formatBytes(2_059_830)).toBe("2.1 MB");
    expect(sizeHint({ bytes: 868_167, lines: 16_588 })).toBe("868 KB · 16,588 lines");
    expect(sizeHint({ bytes: 10, lines: 1 })).toBe("10 B · 1 line");
  });
});

describe("previewCharsFor", () => {
  it("keeps full previews while the rollout's previews fit the budget", () => {
    expect(previewCharsFor([100, 5_000, 870_000], 400_000)).toBe(PREVIEW_CHARS);
  });

  it("shortens previews so thousands of long fields stay within the budget", () => {
    const lengths = Array.from({ length: 6_000 }, () => 10_000);
    const chars = previewCharsFor(lengths, 400_000);
    expect(chars).toBeLessThan(PREVIEW_CHARS);
    expect(chars * lengths.length).toBeLessThanOrEqual(400_000 * 1.01 + 240 * lengths.length);
    expect(previewCharsFor(Array.from({ length: 100_000 }, () => 10_000), 400_000)).toBe(240);
  });
});
