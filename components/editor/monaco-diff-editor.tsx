"use client";
// The Monaco diff editor itself; only use-editor-module.ts imports it (dynamically, in the browser).
import { useLayoutEffect, useMemo, useRef } from "react";
import { DiffEditor, type DiffOnMount } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import "./monaco-environment";
import { READ_ONLY_OPTIONS } from "./editor-options";
import { useMonacoTheme } from "./use-monaco-theme";
import { whenPainted } from "./when-painted";

export interface MonacoDiffEditorProps {
  original: string;
  modified: string;
  language: string;
  mode: "side-by-side" | "inline";
  ariaLabel: string;
  /** Called once the editor shows the text (the frame then drops its plain-text fallback). */
  onReady: () => void;
}

export default function MonacoDiffEditor({ original, modified, language, mode, ariaLabel, onReady }: MonacoDiffEditorProps) {
  const theme = useMonacoTheme();
  const editorRef = useRef<Monaco.editor.IStandaloneDiffEditor | null>(null);
  const options = useMemo<Monaco.editor.IDiffEditorConstructionOptions>(
    () => ({
      ...READ_ONLY_OPTIONS,
      originalEditable: false,
      renderSideBySide: mode === "side-by-side",
      // Otherwise Monaco silently switches to inline below ~900 px and the mode toggle would lie.
      useInlineViewWhenSpaceIsLimited: false,
      // Indentation is syntax in Python: a whitespace-only change is a change.
      ignoreTrimWhitespace: false,
      renderMarginRevertIcon: false,
      renderIndicators: true,
      hideUnchangedRegions: { enabled: true, contextLineCount: 3, minimumLineCount: 5, revealLineCount: 20 },
      originalAriaLabel: `${ariaLabel}: original`,
      modifiedAriaLabel: `${ariaLabel}: changed`,
    }),
    [mode, ariaLabel],
  );

  // @monaco-editor/react disposes the two text models before the diff widget that still shows them, which
  // Monaco reports as an error. Keep the library's hands off the models and release them here instead: layout
  // effect cleanups run before the library's own (passive) cleanup disposes the widget.
  useLayoutEffect(
    () => () => {
      const editor = editorRef.current;
      if (!editor) return;
      const models = editor.getModel();
      editor.setModel(null);
      models?.original.dispose();
      models?.modified.dispose();
    },
    [],
  );

  const onMount: DiffOnMount = (editor) => {
    editorRef.current = editor;
    whenPainted(onReady);
  };

  return (
    <DiffEditor
      original={original}
      modified={modified}
      language={language}
      theme={theme}
      options={options}
      height="100%"
      keepCurrentOriginalModel
      keepCurrentModifiedModel
      onMount={onMount}
      loading={null}
    />
  );
}
