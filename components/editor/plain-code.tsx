// One file as plain numbered text, in the page's first render: readable at once, before (or without) Monaco.
// The line numbers are decoration (aria-hidden); `mark` colours every line as added or removed for a file
// that exists on one side only.
import { splitLines } from "@/lib/harness-diff/line-diff";
import styles from "./plain-text.module.css";

interface Props {
  text: string;
  label: string;
  mark?: "added" | "removed";
}

export function PlainCode({ text, label, mark }: Props) {
  const lines = splitLines(text);
  const Row = mark === "added" ? "ins" : mark === "removed" ? "del" : "span";
  const rowClass = mark === "added" ? styles.added : mark === "removed" ? styles.removed : styles.row;
  const sign = mark === "added" ? "+ " : mark === "removed" ? "- " : "";
  return (
    <pre className={styles.text} aria-label={label} tabIndex={0}>
      {lines.length === 0 && <span className={styles.skipped}>Empty file.</span>}
      {lines.map((line, i) => (
        <Row key={i} className={rowClass}>
          <span className={styles.numbers} aria-hidden="true">
            <span>{i + 1}</span>
          </span>
          {sign}
          {line}
        </Row>
      ))}
    </pre>
  );
}
