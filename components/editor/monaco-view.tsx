"use client";
// One file in a read-only Monaco editor (an unchanged harness file, a hook's current code). Loaded in the
// browser only, like MonacoDiff.
import dynamic from "next/dynamic";
import { EditorLoading } from "./editor-loading";
import { editorHeight, lineCount } from "./editor-height";
import styles from "./editor.module.css";

export interface MonacoViewProps {
  value: string;
  /** A Monaco language id, e.g. from languageForPath in lib/harness-diff/language.ts. */
  language: string;
  /** Names the editor for screen readers. */
  ariaLabel: string;
  /** Pixels; by default it grows with the text up to a screenful. */
  height?: number;
}

const MonacoViewEditor = dynamic(() => import("./monaco-view-editor"), { ssr: false, loading: EditorLoading });

export function MonacoView(props: MonacoViewProps) {
  const height = props.height ?? editorHeight(lineCount(props.value));
  return (
    <div role="group" aria-label={props.ariaLabel} className={styles.frame} style={{ height }}>
      <MonacoViewEditor {...props} />
    </div>
  );
}
