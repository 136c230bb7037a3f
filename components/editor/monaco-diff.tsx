"use client";
// The one Monaco diff of the app (read-only): harness diffs, engineer patches against a target's hooks.
// Monaco touches `window` as soon as it loads, so the editor itself is loaded in the browser only
// (next/dynamic, ssr: false); this wrapper renders the frame at its final height straight away so the page
// does not jump when the editor arrives.
import dynamic from "next/dynamic";
import { EditorLoading } from "./editor-loading";
import { editorHeight, lineCount } from "./editor-height";
import styles from "./editor.module.css";

export interface MonacoDiffProps {
  /** The old text (left side, or the deleted lines inline). */
  original: string;
  /** The new text. */
  modified: string;
  /** A Monaco language id, e.g. from languageForPath in lib/harness-diff/language.ts. */
  language: string;
  mode: "side-by-side" | "inline";
  /** Pixels; by default it grows with the text up to a screenful. */
  height?: number;
  /** Names the diff for screen readers (the frame is a labelled group). */
  ariaLabel: string;
}

const MonacoDiffEditor = dynamic(() => import("./monaco-diff-editor"), { ssr: false, loading: EditorLoading });

export function MonacoDiff(props: MonacoDiffProps) {
  const height = props.height ?? editorHeight(visibleLines(props.original, props.modified, props.mode));
  return (
    <div role="group" aria-label={props.ariaLabel} className={styles.frame} style={{ height }} data-diff-mode={props.mode}>
      <MonacoDiffEditor {...props} />
    </div>
  );
}

/** About how many rows the diff shows: inline adds the deleted lines (those the new text lacks) to the new text. */
function visibleLines(original: string, modified: string, mode: MonacoDiffProps["mode"]): number {
  if (mode === "side-by-side") return Math.max(lineCount(original), lineCount(modified));
  const kept = new Set(modified.split("\n"));
  return lineCount(modified) + original.split("\n").filter((line) => !kept.has(line)).length;
}
