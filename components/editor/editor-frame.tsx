// The box a Monaco editor lives in: its final height from the first render (the page does not jump), the
// plain text on top until the editor reports it is up, the editor underneath laid out at full size all along
// (Monaco measures its container; a hidden one would measure zero) but inert, out of the focus order and the
// accessibility tree. A labelled group for screen readers.
import type { ReactNode } from "react";
import styles from "./editor.module.css";

interface Props {
  label: string;
  height: number;
  /** True once Monaco shows the text: the plain fallback goes away. */
  ready: boolean;
  fallback: ReactNode;
  children: ReactNode;
  diffMode?: string;
}

export function EditorFrame({ label, height, ready, fallback, children, diffMode }: Props) {
  return (
    <div role="group" aria-label={label} className={styles.frame} style={{ height }} data-diff-mode={diffMode} data-editor-ready={ready ? "true" : undefined}>
      {!ready && <div className={styles.fallback}>{fallback}</div>}
      {/* Inert as well as aria-hidden until ready: Monaco mounts its focusable textarea before it paints, and a
          focusable element under aria-hidden alone is reachable by Tab yet unnamed to a screen reader (axe's
          aria-hidden-focus hit the proposal page when it ran in that window). */}
      <div className={styles.editor} aria-hidden={ready ? undefined : true} inert={!ready}>
        {children}
      </div>
    </div>
  );
}
