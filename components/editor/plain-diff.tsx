// The diff as plain text rows, in the page's first render: readable at once, before (or without) Monaco.
// Removed rows are <del> and added rows <ins>, so assistive technology announces them as such; the line
// numbers are decoration (aria-hidden), the "+"/"−" signs stay in the text so a copy keeps the diff.
import { diffHunks } from "@/lib/harness-diff/diff-hunks";
import { formatCount } from "@/lib/format";
import styles from "./plain-text.module.css";

interface Props {
  /** null: the file does not exist on that side (added or removed), so nothing is shown as removed or added there. */
  original: string | null;
  modified: string | null;
  label: string;
}

const skippedLabel = (n: number) => `⋯ ${formatCount(n)} unchanged ${n === 1 ? "line" : "lines"}`;

export function PlainDiff({ original, modified, label }: Props) {
  const diff = diffHunks(original, modified);
  return (
    <pre className={styles.text} aria-label={label} tabIndex={0}>
      {diff.hunks.length === 0 && <span className={styles.skipped}>No line differs.</span>}
      {diff.hunks.map((hunk, h) => (
        <span key={h} className={styles.hunk}>
          {hunk.skippedBefore > 0 && <span className={styles.skipped}>{skippedLabel(hunk.skippedBefore)}</span>}
          {hunk.rows.map((row, i) => {
            const numbers = (
              <span className={styles.numbers} aria-hidden="true">
                <span>{row.oldLine ?? ""}</span>
                <span>{row.newLine ?? ""}</span>
              </span>
            );
            if (row.kind === "added") return <ins key={i} className={styles.added}>{numbers}+ {row.text}</ins>;
            if (row.kind === "removed") return <del key={i} className={styles.removed}>{numbers}- {row.text}</del>;
            return <span key={i} className={styles.row}>{numbers}{"  "}{row.text}</span>;
          })}
        </span>
      ))}
      {diff.hunks.length > 0 && diff.skippedAfter > 0 && <span className={styles.skipped}>{skippedLabel(diff.skippedAfter)}</span>}
    </pre>
  );
}
