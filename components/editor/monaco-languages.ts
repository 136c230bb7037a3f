// The syntax colourings a harness file can ask for (the ids of lib/harness-diff/language.ts), and no others.
// Each registration is a few lines; the grammar itself loads only when a file in that language opens.
import "monaco-editor/languages/definitions/css/register";
import "monaco-editor/languages/definitions/dockerfile/register";
import "monaco-editor/languages/definitions/html/register";
import "monaco-editor/languages/definitions/ini/register";
import "monaco-editor/languages/definitions/javascript/register";
import "monaco-editor/languages/definitions/markdown/register";
import "monaco-editor/languages/definitions/python/register";
import "monaco-editor/languages/definitions/shell/register";
import "monaco-editor/languages/definitions/sql/register";
import "monaco-editor/languages/definitions/typescript/register";
import "monaco-editor/languages/definitions/xml/register";
import "monaco-editor/languages/definitions/yaml/register";
import type * as Monaco from "monaco-editor/editor/editor.api";

/**
 * JSON: Monaco's own comes with a language service and its worker (validation, completion) that a read-only
 * viewer never uses. This grammar colours its keys, strings, numbers and literals.
 */
const JSON_GRAMMAR: Monaco.languages.IMonarchLanguage = {
  tokenizer: {
    root: [
      [/"(?:[^"\\]|\\.)*"(?=\s*:)/, "type"],
      [/"(?:[^"\\]|\\.)*"/, "string"],
      [/-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/, "number"],
      [/\b(?:true|false|null)\b/, "keyword"],
      [/[{}[\],:]/, "delimiter"],
    ],
  },
};

export function registerLanguages(monaco: typeof Monaco): void {
  if (monaco.languages.getLanguages().some((l) => l.id === "json")) return;
  monaco.languages.register({ id: "json", extensions: [".json"], aliases: ["JSON"] });
  monaco.languages.setMonarchTokensProvider("json", JSON_GRAMMAR);
}
