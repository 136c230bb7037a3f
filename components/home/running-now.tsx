// "Running now" on the home page: runs that are pending or running with how far they got, and launched jobs
// that are queued or running with their reported progress.
import Link from "next/link";
import type { JobRecord } from "@/db/queries/jobs";
import type { HomeRun } from "@/db/queries/home";
import { progressPercentOf, runProgressText } from "@/lib/home/home-view";
import { experimentPath, jobPath, jobsPath, runPath } from "@/lib/http/page-links";
import { ProgressBar } from "@/components/jobs/progress-bar";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import styles from "./home.module.css";

export function RunningNow({ runs, jobs }: { runs: HomeRun[]; jobs: JobRecord[] }) {
  return (
    <section className="card" aria-labelledby="running-heading">
      <h2 id="running-heading">Running now</h2>
      {runs.length === 0 && jobs.length === 0 && <p className="muted">Nothing is running: no run is pending or running and no job is queued.</p>}
      {runs.length > 0 && (
        <ul className={styles.list} aria-label="Active runs">
          {runs.map((run) => (
            <li key={run.id}>
              <StatusBadge status={run.status} /> <Link href={runPath(run.id)}>{run.name ?? run.id}</Link>{" "}
              <span className="muted small">
                in <Link href={experimentPath(run.experimentId)}>{run.experimentName}</Link> · {runProgressText(run)} · updated{" "}
                <RelativeTime ms={run.updatedAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {jobs.length > 0 && (
        <ul className={styles.list} aria-label="Active jobs">
          {jobs.map((job) => {
            const percent = progressPercentOf(job.progress);
            return (
              <li key={job.id}>
                <StatusBadge status={job.status} /> <Link href={jobPath(job.id)}>{job.templateName ?? job.kind}</Link>{" "}
                <span className="muted small">
                  {job.experimentName ? <>in {job.experimentName} · </> : null}
                  {job.progressMessage ?? (percent === null ? "no progress reported" : `${percent} %`)}
                </span>
                <ProgressBar percent={percent} label={`Progress of job ${job.templateName ?? job.kind}`} />
              </li>
            );
          })}
        </ul>
      )}
      <p className="small">
        <Link href={jobsPath()}>All jobs</Link>
      </p>
    </section>
  );
}
