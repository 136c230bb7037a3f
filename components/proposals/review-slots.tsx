// Plain stand-ins for the two panels composed into the proposal page by other parts of the dashboard:
// the Monaco harness diff (components/harness-diff/harness-diff.tsx) and the comparison panel
// (components/proposals/comparison-panel.tsx). Until they are composed in, the page shows what changed
// (file paths) and the comparison's raw counts, so a reviewer is never left with an empty section.
import Link from "next/link";
import type { ChangedFile, ProposalPage } from "@/db/queries/proposal-page";
import { formatCount, formatPercent } from "@/lib/format";
import styles from "./proposals.module.css";

export function ChangedFilesFallback({ files, base, candidate }: { files: ChangedFile[]; base: { id: string; label: string }; candidate: { id: string; label: string } }) {
  return (
    <div className={styles.slot}>
      <p className="small">
        Files changed from <span className="mono">{base.label}</span> to <span className="mono">{candidate.label}</span>:
      </p>
      {files.length === 0 ? (
        <p className="muted">None: both versions hold the same files.</p>
      ) : (
        <ul aria-label="Changed files">
          {files.map((f) => (
            <li key={f.path}>
              <span className="mono">{f.path}</span> <span className="muted small">({f.change})</span>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">
        Full files: <Link href={`/api/v1/harness-versions/${encodeURIComponent(candidate.id)}`}>candidate</Link> ·{" "}
        <Link href={`/api/v1/harness-versions/${encodeURIComponent(base.id)}`}>base</Link>
      </p>
    </div>
  );
}

const REPORTED_KEYS = ["base_pass_rate", "candidate_pass_rate", "base_trainable_rate", "candidate_trainable_rate"] as const;

export function ComparisonCountsFallback({ comparisons, rule }: { comparisons: ProposalPage["comparisons"]; rule: ProposalPage["rule"] }) {
  if (comparisons.length === 0) return <p className="muted">No candidate comparison has been stored for this proposal.</p>;
  return (
    <div className={styles.slot}>
      <ul aria-label="Comparisons">
        {comparisons.map((c) => (
          <li key={c.id}>
            <span className="mono">{c.id}</span>: {formatCount(c.baseRollouts)} base and {formatCount(c.candidateRollouts)} candidate rollouts
            {c.reported && (
              <span className="muted small">
                {" "}
                · reported: {REPORTED_KEYS.filter((k) => typeof c.reported?.[k] === "number").map((k) => `${k.replaceAll("_", " ")} ${formatPercent(c.reported![k])}`).join(", ")}
              </span>
            )}
          </li>
        ))}
      </ul>
      {rule.base && rule.candidate && (
        <p className="small">
          Pass rate {formatPercent(rule.base.passRate)} → {formatPercent(rule.candidate.passRate)}, trainable rate{" "}
          {formatPercent(rule.base.trainableRate)} → {formatPercent(rule.candidate.trainableRate)} (from the {rule.source === "rollouts" ? "comparison rollouts" : "reported numbers"}).
        </p>
      )}
    </div>
  );
}
