import { describe, expect, it } from "vitest";
import { contrastRatio, parseHex, readableOn } from "@/lib/color/contrast";
import { EDITOR_THEMES, textBackgrounds } from "./editor-themes";

describe("contrast", () => {
  it("matches WCAG's published extremes and a hand-computed pair", () => {
    expect(contrastRatio(parseHex("#000"), parseHex("#fff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(parseHex("#777"), parseHex("#777"))).toBeCloseTo(1, 5);
    // #767676 on white is the well-known lightest grey that passes AA: 4.54.
    expect(contrastRatio(parseHex("#767676"), parseHex("#ffffff"))).toBeCloseTo(4.54, 2);
  });

  it("leaves a readable colour alone and darkens one that is not", () => {
    expect(readableOn("000080", [parseHex("#ffffff")], 4.5, "black")).toBe("#000080");
    const nudged = readableOn("#008000", [parseHex("#cfe8cf")], 4.5, "black");
    expect(nudged).not.toBe("#008000");
    expect(contrastRatio(parseHex(nudged), parseHex("#cfe8cf"))).toBeGreaterThanOrEqual(4.5);
  });
});

describe("editor themes", () => {
  it("Monaco's own comment green fails on its inserted-line tint (the axe finding this fixes)", () => {
    // vs's comment colour over vs's insertedLineBackground rgba(155,185,85,.2) on #fffffe.
    expect(contrastRatio(parseHex("#008000"), parseHex("#ebf1dd"))).toBeLessThan(4.5);
  });

  for (const [name, { palette, data }] of Object.entries(EDITOR_THEMES)) {
    it(`${name}: every token colour reads at AA on the editor and on every diff tint`, () => {
      const failing: string[] = [];
      for (const rule of data.rules) {
        if (!rule.foreground) continue;
        for (const bg of textBackgrounds(palette)) {
          const ratio = contrastRatio(parseHex(rule.foreground), bg);
          if (ratio < 4.5) failing.push(`${rule.token || "(default)"} #${rule.foreground}: ${ratio.toFixed(2)}`);
        }
      }
      expect(failing).toEqual([]);
      // Not inherited, so no base colour slips through, and the palette covers the tokens Monaco colours.
      expect(data.inherit).toBe(false);
      expect(data.rules.map((r) => r.token)).toEqual(expect.arrayContaining(["comment", "string", "keyword", "number", "type"]));
    });

    it(`${name}: the line numbers read on the diff gutter tints`, () => {
      const lineNumber = parseHex(data.colors["editorLineNumber.foreground"]!);
      for (const bg of textBackgrounds(palette)) expect(contrastRatio(lineNumber, bg)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
