// One side's header on the compare page: outcome, harness version, checkpoint, run, figures, and the
// way back to its own viewer.
import Link from "next/link";
import type { RolloutHeader } from "@/db/queries/rollout-view";
import { formatCount, formatNumber } from "@/lib/format";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";
import { harnessVersionsPath, rolloutPath, runPath, stepPath } from "@/lib/http/page-links";
import styles from "./compare-view.module.css";

export function CompareSideHeader({ side, rollout: r }: { side: "Left" | "Right"; rollout: RolloutHeader }) {
  return (
    <section className={`card ${styles.side}`} aria-label={`${side}: ${r.id}`}>
      <div className={styles.sideTitle}>
        <strong>{side}</strong>
        <RolloutOutcomeBadge success={r.success} reward={r.reward} />
        {r.harnessLabel && (
          <Link href={harnessVersionsPath(r.experimentId)} className="badge badge-outline" title="Harness version">{r.harnessLabel}</Link>
        )}
        {r.truncated && <span className="badge badge-warning">truncated{r.truncationKind ? ` (${r.truncationKind})` : ""}</span>}
      </div>
      <Link href={rolloutPath(r.id)} className="mono small">{r.id}</Link>
      <dl className="key-values small">
        <dt>Run</dt>
        <dd><Link href={runPath(r.runId)}>{r.runName ?? r.runId}</Link>{r.step !== null && <> · <Link href={stepPath(r.runId, r.step)}>step {r.step}</Link></>}</dd>
        <dt>Checkpoint</dt>
        <dd>{r.checkpointName ?? r.checkpointId ?? "—"}</dd>
        <dt>Reward</dt>
        <dd>{formatNumber(r.reward)}</dd>
        <dt>Exit status</dt>
        <dd>{r.exitStatus ?? "—"}</dd>
        <dt>Turns</dt>
        <dd>{formatCount(r.numTurns)}</dd>
      </dl>
    </section>
  );
}
