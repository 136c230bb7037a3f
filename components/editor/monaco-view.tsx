"use client";
// One file in a read-only Monaco editor (an unchanged harness file, a hook's current code). Like MonacoDiff:
// the first render shows the file as plain numbered text, Monaco takes over once it is up.
import { useCallback, useState } from "react";
import { EditorFrame } from "./editor-frame";
import { editorHeight, lineCount } from "./editor-height";
import { PlainCode } from "./plain-code";
import { preloadEditors, useViewEditor } from "./use-editor-module";

preloadEditors();

export interface MonacoViewProps {
  value: string;
  /** A Monaco language id, e.g. from languageForPath in lib/harness-diff/language.ts. */
  language: string;
  /** Names the editor for screen readers. */
  ariaLabel: string;
  /** Pixels; by default it grows with the text up to a screenful. */
  height?: number;
}

export function MonacoView({ value, language, ariaLabel, height }: MonacoViewProps) {
  const ViewEditor = useViewEditor();
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  return (
    <EditorFrame label={ariaLabel} height={height ?? editorHeight(lineCount(value))} ready={ready} fallback={<PlainCode text={value} label={`${ariaLabel} (text)`} />}>
      {ViewEditor && <ViewEditor value={value} language={language} ariaLabel={ariaLabel} onReady={onReady} />}
    </EditorFrame>
  );
}
