"use client";
// One read-only Monaco editor; only use-editor-module.ts imports it (dynamically, in the browser). With
// `mark`, every line carries the diff editor's own inserted (or deleted) line decoration: a file that exists
// on one side only, shown whole rather than as a diff against an empty file.
import { useMemo } from "react";
import Editor, { type OnMount } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import "./monaco-environment";
import { READ_ONLY_OPTIONS } from "./editor-options";
import { useMonacoTheme } from "./use-monaco-theme";
import { whenPainted } from "./when-painted";

export interface MonacoViewEditorProps {
  value: string;
  language: string;
  ariaLabel: string;
  mark?: "added" | "removed";
  /** Called once the editor shows the text (the frame then drops its plain-text fallback). */
  onReady: () => void;
}

const MARKS: Record<NonNullable<MonacoViewEditorProps["mark"]>, Monaco.editor.IModelDecorationOptions> = {
  added: { isWholeLine: true, className: "line-insert", marginClassName: "gutter-insert", linesDecorationsClassName: "insert-sign codicon codicon-diff-insert" },
  removed: { isWholeLine: true, className: "line-delete", marginClassName: "gutter-delete", linesDecorationsClassName: "delete-sign codicon codicon-diff-remove" },
};

export default function MonacoViewEditor({ value, language, ariaLabel, mark, onReady }: MonacoViewEditorProps) {
  const theme = useMonacoTheme();
  const options = useMemo<Monaco.editor.IStandaloneEditorConstructionOptions>(() => ({ ...READ_ONLY_OPTIONS, ariaLabel }), [ariaLabel]);
  const onMount: OnMount = (editor) => {
    const model = editor.getModel();
    if (mark && model) {
      const lines = model.getLineCount();
      // A final newline leaves an empty last line that is not a line of the file.
      const last = lines > 1 && model.getLineLength(lines) === 0 ? lines - 1 : lines;
      editor.createDecorationsCollection([{ range: { startLineNumber: 1, startColumn: 1, endLineNumber: last, endColumn: 1 }, options: MARKS[mark] }]);
    }
    whenPainted(onReady);
  };
  return <Editor value={value} language={language} theme={theme} options={options} height="100%" onMount={onMount} loading={null} />;
}
