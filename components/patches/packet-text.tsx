// A failure packet's text, collapsed behind its size: packets can be long and the patches are what a reader
// usually came for. Model-produced text: rendered as React text only.
import { formatCount } from "@/lib/format";
import styles from "./patches.module.css";

interface Props {
  preview: string | null;
  chars: number;
  lines: number;
}

export function PacketText({ preview, chars, lines }: Props) {
  if (preview === null || chars === 0) return <p className="muted">This packet has no text.</p>;
  return (
    <details className={styles.text}>
      <summary>
        Packet text ({formatCount(lines)} {lines === 1 ? "line" : "lines"}, {formatCount(chars)} {chars === 1 ? "character" : "characters"})
      </summary>
      <pre className="code-block">{preview}</pre>
      {preview.length < chars && (
        <p className="muted small">
          Showing the first {formatCount(preview.length)} of {formatCount(chars)} characters.
        </p>
      )}
    </details>
  );
}
