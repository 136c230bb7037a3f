"use client";
// The one Monaco diff of the app (read-only): harness diffs, engineer patches against a target's hooks.
// The first render already shows the diff as plain text (PlainDiff), so the change is readable at once and
// without JavaScript; Monaco, loaded in the browser only and fetched as soon as this module runs, takes over
// when its editor is up. A file that exists on one side only (null) is shown as one editor with every line
// added (or removed), not as a diff against an empty file, which drew a false deleted line "1 −" while the
// counts said −0.
import { useCallback, useState } from "react";
import { EditorFrame } from "./editor-frame";
import { editorHeight, lineCount } from "./editor-height";
import { PlainDiff } from "./plain-diff";
import { preloadEditors, useDiffEditor, useViewEditor } from "./use-editor-module";

preloadEditors();

export interface MonacoDiffProps {
  /** The old text (left side, or the deleted lines inline); null when the file is new. */
  original: string | null;
  /** The new text; null when the file was removed. */
  modified: string | null;
  /** A Monaco language id, e.g. from languageForPath in lib/harness-diff/language.ts. */
  language: string;
  mode: "side-by-side" | "inline";
  /** Pixels; by default it grows with the text up to a screenful. */
  height?: number;
  /** Names the diff for screen readers (the frame is a labelled group). */
  ariaLabel: string;
}

export function MonacoDiff({ original, modified, language, mode, height, ariaLabel }: MonacoDiffProps) {
  const DiffEditor = useDiffEditor();
  const ViewEditor = useViewEditor();
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  const oneSide = original === null || modified === null;
  const lines = oneSide ? lineCount(modified ?? original ?? "") : visibleLines(original, modified, mode);

  let editor = null;
  if (original === null || modified === null) {
    const mark = original === null ? "added" : "removed";
    if (ViewEditor) editor = <ViewEditor value={modified ?? original ?? ""} language={language} ariaLabel={`${ariaLabel}: ${mark === "added" ? "new file" : "removed file"}`} mark={mark} onReady={onReady} />;
  } else if (DiffEditor) {
    editor = <DiffEditor original={original} modified={modified} language={language} mode={mode} ariaLabel={ariaLabel} onReady={onReady} />;
  }

  return (
    <EditorFrame label={ariaLabel} height={height ?? editorHeight(lines)} ready={ready} diffMode={mode}
      fallback={<PlainDiff original={original} modified={modified} label={`${ariaLabel} (text)`} />}>
      {editor}
    </EditorFrame>
  );
}

/** About how many rows the diff shows: inline adds the deleted lines (those the new text lacks) to the new text. */
function visibleLines(original: string, modified: string, mode: MonacoDiffProps["mode"]): number {
  if (mode === "side-by-side") return Math.max(lineCount(original), lineCount(modified));
  const kept = new Set(modified.split("\n"));
  return lineCount(modified) + original.split("\n").filter((line) => !kept.has(line)).length;
}
