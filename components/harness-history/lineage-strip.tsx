// The incumbent's lineage, root first (H0 → H1 → H2): the main line the history puts before everything else,
// identical versions shown as one step ("H0 = H1" when H1 was recorded with H0's files), each step a link to
// the version's entry in the tree.
import type { MainLineStep } from "@/lib/harness-history/history-names";
import { versionAnchor } from "@/lib/harness-history/history-query";
import styles from "./harness-history.module.css";

export function LineageStrip({ steps, incumbentLabel }: { steps: MainLineStep[]; incumbentLabel: string | null }) {
  if (steps.length === 0) return null;
  return (
    <ol className={styles.lineage} aria-label="Lineage of the incumbent">
      {steps.map((s, i) => (
        <li key={s.version.id}>
          <a href={`#${versionAnchor(s.version.id)}`} title={s.same.length > 1 ? "these versions hold the same files" : undefined}>{s.text}</a>
          {i === steps.length - 1 && incumbentLabel !== null && <span className="badge badge-success">{incumbentLabel}</span>}
        </li>
      ))}
    </ol>
  );
}
