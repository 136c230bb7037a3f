"use client";
// The parts of a job page that change while it runs — status with reason, exit code, duration, progress and
// message, the runs it produced, the cancel button — refreshed by polling GET /api/v1/jobs/{id} (react-query)
// until the job has ended. The server rendered the first state (initialData).
import Link from "next/link";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { JobJson } from "@/lib/services/jobs/api-query";
import { isActiveStatus, progressPercent } from "@/lib/services/jobs/job-view";
import { formatDuration } from "@/lib/format";
import { runPath } from "@/lib/http/page-links";
import { StatusBadge } from "@/components/ui/status-badge";
import { ProgressBar } from "./progress-bar";
import { CancelJobButton } from "./cancel-job-button";
import type { CancelAction } from "./cancel-action";
import styles from "./jobs.module.css";
import { jobQuery } from "@/components/api-queries";
import { LiveControl } from "@/components/live/live-control";
import { useLogProgress } from "./log-progress";

const POLL_MS = 1_000;

export function useJob(initial: JobJson, paused = false) {
  return useQuery({
    ...jobQuery(initial.id),
    initialData: initial,
    // Not in a hidden tab (react-query's default), not while paused, not once the job has ended.
    refetchInterval: (query) => (paused || (query.state.data && !isActiveStatus(query.state.data.status)) ? false : POLL_MS),
  });
}

export function JobLive({ initial, canCancel, cancelAction }: { initial: JobJson; canCancel: boolean; cancelAction: CancelAction }) {
  const [paused, setPaused] = useState(false);
  const { data: job, error } = useJob(initial, paused);
  const active = isActiveStatus(job.status);
  // The bar follows the log the page shows (its last progress line) while the job runs: the stored progress is
  // the supervisor's reading of the same log, every 2 s, and lagged it (issue 40: 3 % beside a log at 19 %).
  const fromLog = useLogProgress(job.id);
  const percent = active && fromLog ? progressPercent({ progress: fromLog.fraction, status: job.status }) : progressPercent(job);
  const message = active && fromLog ? fromLog.message : job.progressMessage;
  return (
    <section className="section card" aria-labelledby="job-state">
      <div className="title-row">
        <h2 id="job-state">State</h2>
        <LiveControl live={{ live: active, paused, setPaused, ended: isActiveStatus(initial.status) && !active, error: null }} what="this job" />
      </div>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={job.status} /> {job.statusReason && <span className="muted">{job.statusReason}</span>}
        </dd>
        <dt>Exit code</dt>
        <dd className="mono">{job.exitCode ?? "—"}</dd>
        <dt>Duration</dt>
        <dd>{job.startedAt === null ? "not started" : formatDuration(job.durationMs)}</dd>
        <dt>Progress</dt>
        <dd>
          <div className={styles.progressRow}>
            <ProgressBar percent={percent} label="Job progress" />
            <span className="small">{percent === null ? "no progress reported" : `${percent} %`}</span>
          </div>
          {message && <div className="muted small">{message}</div>}
        </dd>
        <dt>Runs</dt>
        <dd>
          {job.runs.length === 0 ? (
            <span className="muted">{active ? "none yet" : "none"}</span>
          ) : (
            <ul className={styles.runs} aria-label="Runs this job produced">
              {job.runs.map((r) => (
                <li key={r.id}>
                  <Link href={runPath(r.id)}>{r.name ?? r.id}</Link> <span className="muted small">({r.kind}, {r.status})</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {error && (
        <p className={`small ${styles.error}`} role="alert">
          Could not refresh: {error.message}
        </p>
      )}
      {canCancel && active && (
        <div className={styles.actions}>
          <CancelJobButton jobId={job.id} action={cancelAction} />
        </div>
      )}
    </section>
  );
}
