// A skill text with the check's findings highlighted: <mark> elements around React text, never HTML, so a
// skill that holds markup shows it as characters.
import { describeFinding, segmentText, type MechanismFinding } from "@/lib/skills/mechanism-check";
import styles from "./skills.module.css";

export function MarkedText({ text, findings }: { text: string; findings: readonly MechanismFinding[] }) {
  return (
    <>
      {segmentText(text, findings).map((segment, i) =>
        segment.findings.length === 0 ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <mark key={i} className={styles.mark} title={[...new Set(segment.findings.map(describeFinding))].join("; ")}>
            {segment.text}
          </mark>
        ),
      )}
    </>
  );
}
