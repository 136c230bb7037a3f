// The incumbent's lineage, root first (H0 → H1 → H2): the path the history puts before everything else,
// each step a link to the version's entry in the tree.
import type { HistoryVersion } from "@/lib/harness-history/types";
import { versionAnchor } from "@/lib/harness-history/history-query";
import styles from "./harness-history.module.css";

export function LineageStrip({ path, incumbentLabel }: { path: HistoryVersion[]; incumbentLabel: string | null }) {
  if (path.length === 0) return null;
  return (
    <ol className={styles.lineage} aria-label="Lineage of the incumbent">
      {path.map((v, i) => (
        <li key={v.id}>
          <a href={`#${versionAnchor(v.id)}`}>{v.label}</a>
          {i === path.length - 1 && incumbentLabel !== null && <span className="badge badge-success">incumbent {incumbentLabel}</span>}
        </li>
      ))}
    </ol>
  );
}
