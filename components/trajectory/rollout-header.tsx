// The viewer's header: what was attempted, how it ended, what it cost, and links to where it belongs
// (task, experiment, run, training step, GRPO group, harness version, checkpoint). Server-rendered.
import Link from "next/link";
import type { RolloutHeader as Header } from "@/db/queries/rollout-view";
import { formatCount, formatDateTime, formatDuration, formatNumber } from "@/lib/format";
import { formatBytes } from "@/lib/trajectory/preview";
import { StatGrid, Stat } from "@/components/ui/stat";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";
import {
  experimentPath, groupPath, harnessVersionsPath, runPath, sourceFilePath, stepPath, taskPath,
} from "@/lib/http/page-links";
import styles from "./rollout-header.module.css";

function tokens(r: Header): string {
  if (r.promptTokens === null && r.completionTokens === null) return "—";
  return formatCount((r.promptTokens ?? 0) + (r.completionTokens ?? 0));
}

export function RolloutHeader({ rollout: r, actions }: { rollout: Header; actions?: React.ReactNode }) {
  return (
    <header className="page-header">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <Link href="/experiments">Experiments</Link> / <Link href={experimentPath(r.experimentId)}>{r.experimentName}</Link> /{" "}
        <Link href={runPath(r.runId)}>{r.runName ?? r.runId}</Link> / <span className="mono">{r.id}</span>
      </nav>
      <div className="title-row">
        <h1 className={styles.title}>{r.taskKey}</h1>
        <RolloutOutcomeBadge success={r.success} reward={r.reward} />
        <span className="badge badge-outline" title="Purpose">{r.purpose}</span>
        {r.truncated && <span className="badge badge-warning">truncated{r.truncationKind ? ` (${r.truncationKind})` : ""}</span>}
      </div>
      {r.taskTitle && <p className="muted">{r.taskTitle}</p>}

      <StatGrid label="Rollout figures">
        <Stat label="Reward" value={formatNumber(r.reward)} detail={r.reward === null ? "never established" : undefined} />
        <Stat label="Exit status" value={<span className={styles.smallValue}>{r.exitStatus ?? "—"}</span>} />
        <Stat label="Turns" value={formatCount(r.numTurns)} />
        <Stat label="Tokens" value={tokens(r)}
          detail={r.promptTokens !== null || r.completionTokens !== null ? `${formatCount(r.promptTokens)} prompt · ${formatCount(r.completionTokens)} completion` : undefined} />
        <Stat label="Cost" value={r.costUsd === null ? "—" : `$${r.costUsd.toFixed(r.costUsd < 1 ? 4 : 2)}`} />
        <Stat label="Duration" value={formatDuration(r.durationMs)} />
      </StatGrid>

      <dl className={styles.links} aria-label="Where this rollout belongs">
        <div>
          <dt>Task</dt>
          <dd><Link href={taskPath(r.taskId)} className="mono">{r.taskKey}</Link> <span className="muted small">{r.benchmark}</span></dd>
        </div>
        <div>
          <dt>Run</dt>
          <dd><Link href={runPath(r.runId)}>{r.runName ?? r.runId}</Link> <span className="muted small">{r.runKind}</span></dd>
        </div>
        <div>
          <dt>Step</dt>
          <dd>{r.step === null ? "—" : <Link href={stepPath(r.runId, r.step)}>step {r.step}</Link>}{r.epoch !== null && <span className="muted small"> · epoch {r.epoch}</span>}</dd>
        </div>
        <div>
          <dt>GRPO group</dt>
          <dd>
            {r.groupId === null ? "—" : r.step === null ? <span className="mono">{r.groupId}</span> : (
              <Link href={groupPath(r.runId, r.step, r.groupId)} className="mono">{r.groupId}</Link>
            )}
            {r.sampleIndex !== null && <span className="muted small"> · sample {r.sampleIndex}</span>}
          </dd>
        </div>
        <div>
          <dt>Harness version</dt>
          <dd>{r.harnessVersionId === null ? "—" : <Link href={harnessVersionsPath(r.experimentId)} title={r.harnessVersionId}>{r.harnessLabel ?? r.harnessVersionId}</Link>}</dd>
        </div>
        <div>
          <dt>Checkpoint</dt>
          <dd>{r.checkpointId === null ? "—" : <span title={r.checkpointId}>{r.checkpointName ?? r.checkpointId}{r.checkpointStep !== null && <span className="muted small"> · step {r.checkpointStep}</span>}</span>}</dd>
        </div>
        <div>
          <dt>Experiment</dt>
          <dd><Link href={experimentPath(r.experimentId)}>{r.experimentName}</Link></dd>
        </div>
        <div>
          <dt>Source</dt>
          <dd>
            {r.sourceFormat}
            {r.startedAt !== null && <span className="muted small"> · started {formatDateTime(r.startedAt)}</span>}
          </dd>
        </div>
      </dl>

      <div className={styles.actions}>
        {r.sourceFile && (
          <a className="button button-secondary button-small" href={sourceFilePath(r.sourceFile.id)} download
            title={`${r.sourceFile.name} (${r.sourceFile.format})`}>
            Download original ({formatBytes(r.sourceFile.size)})
          </a>
        )}
        {actions}
      </div>
    </header>
  );
}
