"use client";
// A unified diff as text: file headers, hunk headers, added and removed lines coloured, the touched
// files listed with their +/- counts (each jumps to its file). Virtualized lines, so a 16,000-line
// patch keeps a small DOM.
import { useMemo, useState } from "react";
import { parseUnifiedDiff, type DiffLineKind } from "@/lib/trajectory/unified-diff";
import { VirtualLines } from "./virtual-lines";
import styles from "./diff-view.module.css";

const LINE_CLASSES: Record<DiffLineKind, string | undefined> = {
  file: styles.file,
  meta: styles.meta,
  hunk: styles.hunk,
  add: styles.add,
  del: styles.del,
  context: undefined,
  note: styles.meta,
};

export function DiffView({ text, label }: { text: string; label: string }) {
  const diff = useMemo(() => parseUnifiedDiff(text), [text]);
  const lines = useMemo(() => diff.lines.map((l) => ({ start: l.start, end: l.end, className: LINE_CLASSES[l.kind] })), [diff]);
  const [jump, setJump] = useState<number | null>(null);
  return (
    <div className={styles.diff}>
      {diff.files.length > 0 && (
        <ul className={styles.files} aria-label="Files changed">
          {diff.files.map((f, i) => (
            <li key={i}>
              <button type="button" className={styles.fileButton} onClick={() => setJump(f.line)}>
                <span className="mono">{f.newPath ?? f.oldPath ?? "?"}</span>
              </button>{" "}
              {f.oldPath === null && <span className="badge badge-success">new</span>}
              {f.newPath === null && <span className="badge badge-danger">deleted</span>}{" "}
              <span className={styles.added}>+{f.added}</span> <span className={styles.removed}>−{f.removed}</span>
            </li>
          ))}
        </ul>
      )}
      <VirtualLines text={text} lines={lines} label={label} scrollToLine={jump} />
    </div>
  );
}
