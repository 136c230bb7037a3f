"use client";
// The Monaco diff editor itself; only monaco-diff.tsx imports it (dynamically, in the browser).
import { useLayoutEffect, useMemo, useRef } from "react";
import { DiffEditor, type DiffOnMount } from "@monaco-editor/react";
import type * as Monaco from "monaco-editor";
import "./monaco-environment";
import { READ_ONLY_OPTIONS } from "./editor-options";
import { EditorLoading } from "./editor-loading";
import { useMonacoTheme } from "./use-monaco-theme";
import type { MonacoDiffProps } from "./monaco-diff";

export default function MonacoDiffEditor({ original, modified, language, mode, ariaLabel }: MonacoDiffProps) {
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
      loading={<EditorLoading />}
    />
  );
}
