// The paper's rule applied to one mechanism-level skill, shown beside its text: "passes", or "flagged" with
// each reason and the offending snippet highlighted.
import { KIND_LABELS, type MechanismCheck, type MechanismRuleKind } from "@/lib/skills/mechanism-check";
import { formatCount } from "@/lib/format";
import { Badge } from "@/components/ui/badge";
import styles from "./skills.module.css";

/** Findings listed per skill; a text that trips more is a hint, and the count says how many more. */
const SHOWN = 12;
/** A fenced block can be long; the highlight in the text shows all of it. */
const SNIPPET_CHARS = 100;

const KIND_ORDER: MechanismRuleKind[] = ["path", "symbol", "code"];

function clip(s: string): string {
  return s.length > SNIPPET_CHARS ? `${s.slice(0, SNIPPET_CHARS)}…` : s;
}

export function MechanismCheckResult({ check, textChars }: { check: MechanismCheck; textChars: number }) {
  const partial = check.checkedChars < textChars && (
    <p className="muted small">Checked the first {formatCount(check.checkedChars)} characters.</p>
  );
  if (check.passes) {
    return (
      <aside className={`${styles.check} ${styles.passes}`} aria-label="Mechanism check">
        <Badge tone="success">passes</Badge>{" "}
        <span className="muted">no repository path, code symbol or literal code found.</span>
        {partial}
      </aside>
    );
  }
  const kinds = KIND_ORDER.filter((k) => check.findings.some((f) => f.kind === k)).map((k) => KIND_LABELS[k]);
  return (
    <aside className={`${styles.check} ${styles.flagged}`} aria-label="Mechanism check">
      <Badge tone="danger">flagged</Badge> <span>contains {kinds.join(", ")}: a mechanism-level skill must not.</span>
      <ul>
        {check.findings.slice(0, SHOWN).map((f) => (
          <li key={`${f.start}-${f.rule}`}>
            {KIND_LABELS[f.kind]}, {f.reason}:{" "}
            <code>
              <mark className={styles.mark}>{clip(f.snippet)}</mark>
            </code>
          </li>
        ))}
      </ul>
      {check.findings.length > SHOWN && <p className="muted small">and {formatCount(check.findings.length - SHOWN)} more.</p>}
      {partial}
    </aside>
  );
}
