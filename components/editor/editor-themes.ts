// The editors' two themes: Monaco's own "vs" and "vs-dark" token colours, each nudged until it reads at WCAG AA
// (4.5:1) on every background a diff paints behind text. Monaco's palette alone does not: its comment green
// (#008000) on its inserted-line tint is 4.4:1, and every line of an added file is inserted, so axe flagged the
// proposal page. The diff tints are set here too (opaque, so what the text sits on is known) and the test
// (editor-themes.test.ts) measures every token colour on every one of them.
// Pure data: monaco-environment.ts registers the themes, use-monaco-theme.ts picks one.
import type * as Monaco from "monaco-editor";
import { parseHex, readableOn, type Rgb } from "@/lib/color/contrast";

export const LIGHT_THEME = "harness-lab-light";
export const DARK_THEME = "harness-lab-dark";

/** AA for normal text, with a little room so rounding never lands on the line. */
export const MIN_TEXT_CONTRAST = 4.6;

interface Palette {
  base: "vs" | "vs-dark";
  editor: { background: string; foreground: string; lineNumber: string };
  diff: { insertedLine: string; insertedText: string; removedLine: string; removedText: string };
  /** Monaco's token colours for this base (node_modules/monaco-editor/esm/vs/editor/standalone/common/themes.js). */
  tokens: Record<string, string>;
}

const LIGHT: Palette = {
  base: "vs",
  editor: { background: "#fffffe", foreground: "#000000", lineNumber: "#237893" },
  diff: { insertedLine: "#e6ffec", insertedText: "#abf2bc", removedLine: "#ffebe9", removedText: "#ffcecb" },
  tokens: {
    invalid: "cd3131", variable: "001188", "variable.predefined": "4864aa", constant: "dd0000", comment: "008000",
    number: "098658", "number.hex": "3030c0", regexp: "800000", annotation: "808080", type: "008080",
    delimiter: "000000", "delimiter.html": "383838", "delimiter.xml": "0000ff", tag: "800000", "tag.id.pug": "4f76ac",
    "tag.class.pug": "4f76ac", "meta.scss": "800000", metatag: "e00000", "metatag.content.html": "ff0000",
    "metatag.html": "808080", "metatag.xml": "808080", key: "863b00", "string.key.json": "a31515",
    "string.value.json": "0451a5", "attribute.name": "ff0000", "attribute.value": "0451a5",
    "attribute.value.number": "098658", "attribute.value.unit": "098658", "attribute.value.html": "0000ff",
    "attribute.value.xml": "0000ff", string: "a31515", "string.html": "0000ff", "string.sql": "ff0000",
    "string.yaml": "0451a5", keyword: "0000ff", "keyword.json": "0451a5", "keyword.flow": "af00db",
    "keyword.flow.scss": "0000ff", "operator.scss": "666666", "operator.sql": "778899", "operator.swift": "666666",
    "predefined.sql": "c700c7",
  },
};

const DARK: Palette = {
  base: "vs-dark",
  editor: { background: "#1e1e1e", foreground: "#d4d4d4", lineNumber: "#858585" },
  diff: { insertedLine: "#1c3325", insertedText: "#2a5236", removedLine: "#3c1f22", removedText: "#5c2a2f" },
  tokens: {
    invalid: "f44747", variable: "74b0df", "variable.predefined": "4864aa", "variable.parameter": "9cdcfe",
    constant: "569cd6", comment: "608b4e", number: "b5cea8", "number.hex": "5bb498", regexp: "b46695",
    annotation: "cc6666", type: "3dc9b0", delimiter: "dcdcdc", "delimiter.html": "808080", "delimiter.xml": "808080",
    tag: "569cd6", "tag.id.pug": "4f76ac", "tag.class.pug": "4f76ac", "meta.scss": "a79873", "meta.tag": "ce9178",
    metatag: "dd6a6f", "metatag.content.html": "9cdcfe", "metatag.html": "569cd6", "metatag.xml": "569cd6",
    key: "9cdcfe", "string.key.json": "9cdcfe", "string.value.json": "ce9178", "attribute.name": "9cdcfe",
    "attribute.value": "ce9178", "attribute.value.number.css": "b5cea8", "attribute.value.unit.css": "b5cea8",
    "attribute.value.hex.css": "d4d4d4", string: "ce9178", "string.sql": "ff0000", keyword: "569cd6",
    "keyword.flow": "c586c0", "keyword.json": "ce9178", "keyword.flow.scss": "569cd6", "operator.scss": "909090",
    "operator.sql": "778899", "operator.swift": "909090", "predefined.sql": "ff00ff",
  },
};

/** Every background text can sit on in this palette's editors (the diff tints are opaque). */
export function textBackgrounds(palette: Palette): Rgb[] {
  const { background } = palette.editor;
  const { insertedLine, insertedText, removedLine, removedText } = palette.diff;
  return [background, insertedLine, insertedText, removedLine, removedText].map(parseHex);
}

function themeData(palette: Palette): Monaco.editor.IStandaloneThemeData {
  const backgrounds = textBackgrounds(palette);
  const towards = palette.base === "vs" ? "black" : "white";
  const readable = (color: string) => readableOn(color, backgrounds, MIN_TEXT_CONTRAST, towards).slice(1);
  return {
    base: palette.base,
    // Not inherited: a base rule left out here would keep Monaco's unreadable colour.
    inherit: false,
    rules: [
      { token: "", foreground: readable(palette.editor.foreground), background: palette.editor.background.slice(1) },
      ...Object.entries(palette.tokens).map(([token, color]) => ({ token, foreground: readable(color) })),
    ],
    colors: {
      "editor.background": palette.editor.background,
      "editor.foreground": palette.editor.foreground,
      "editorLineNumber.foreground": `#${readable(palette.editor.lineNumber)}`,
      "diffEditor.insertedLineBackground": palette.diff.insertedLine,
      "diffEditor.insertedTextBackground": palette.diff.insertedText,
      "diffEditor.removedLineBackground": palette.diff.removedLine,
      "diffEditor.removedTextBackground": palette.diff.removedText,
      "diffEditorGutter.insertedLineBackground": palette.diff.insertedLine,
      "diffEditorGutter.removedLineBackground": palette.diff.removedLine,
    },
  };
}

export const EDITOR_THEMES: Record<typeof LIGHT_THEME | typeof DARK_THEME, { palette: Palette; data: Monaco.editor.IStandaloneThemeData }> = {
  [LIGHT_THEME]: { palette: LIGHT, data: themeData(LIGHT) },
  [DARK_THEME]: { palette: DARK, data: themeData(DARK) },
};
