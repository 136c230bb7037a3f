"use client";
// One read-only Monaco editor; only monaco-view.tsx imports it (dynamically, in the browser).
import { useMemo } from "react";
import Editor from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import "./monaco-environment";
import { READ_ONLY_OPTIONS } from "./editor-options";
import { EditorLoading } from "./editor-loading";
import { useMonacoTheme } from "./use-monaco-theme";
import type { MonacoViewProps } from "./monaco-view";

export default function MonacoViewEditor({ value, language, ariaLabel }: MonacoViewProps) {
  const theme = useMonacoTheme();
  const options = useMemo<Monaco.editor.IStandaloneEditorConstructionOptions>(() => ({ ...READ_ONLY_OPTIONS, ariaLabel }), [ariaLabel]);
  return <Editor value={value} language={language} theme={theme} options={options} height="100%" loading={<EditorLoading />} />;
}
