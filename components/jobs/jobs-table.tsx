// All jobs, one row each: what was launched, where it runs, how far it is, who launched it, the runs it made.
import Link from "next/link";
import type { JobRecord } from "@/db/queries/jobs";
import { formatDuration } from "@/lib/format";
import { experimentPath, jobPath, runPath } from "@/lib/http/page-links";
import { progressPercent } from "@/lib/jobs/job-view";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { ProgressBar } from "./progress-bar";
import styles from "./jobs.module.css";

export function JobsTable({ jobs, caption }: { jobs: JobRecord[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Job</th>
            <th scope="col">Kind</th>
            <th scope="col">Experiment</th>
            <th scope="col">Executor</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
            <th scope="col" className="num">Duration</th>
            <th scope="col">Launched by</th>
            <th scope="col">Created</th>
            <th scope="col">Runs</th>
          </tr>
        </thead>
        <tbody>
          {jobs.map((j) => {
            const percent = progressPercent(j);
            return (
              <tr key={j.id}>
                <th scope="row" className="wrap-anywhere" style={{ minWidth: "10rem" }}>
                  <Link href={jobPath(j.id)}>{j.templateName ?? j.templateId ?? j.id}</Link>
                  <div className="muted small mono">{j.id}</div>
                </th>
                <td>{j.kind}</td>
                <td>
                  {j.experimentId ? <Link href={experimentPath(j.experimentId)}>{j.experimentName ?? j.experimentId}</Link> : <span className="muted">—</span>}
                </td>
                <td>
                  {j.executor}
                  {j.externalId && <div className="muted small mono">{j.externalId}</div>}
                </td>
                <td>
                  <StatusBadge status={j.status} />
                  {j.statusReason && <div className="muted small">{j.statusReason}</div>}
                </td>
                <td>
                  <ProgressBar percent={percent} label={`Progress of job ${j.id}`} />
                  <div className="muted small">
                    {percent === null ? "—" : `${percent} %`}
                    {j.progressMessage ? ` · ${j.progressMessage}` : ""}
                  </div>
                </td>
                <td className="num nowrap">{formatDuration(j.durationMs)}</td>
                <td>{j.createdByName ?? <span className="muted">a token</span>}</td>
                <td className="nowrap">
                  <RelativeTime ms={j.createdAt} />
                </td>
                <td>
                  {j.runs.length === 0 ? (
                    <span className="muted">—</span>
                  ) : (
                    <ul className={styles.runs}>
                      {j.runs.map((r) => (
                        <li key={r.id}>
                          <Link href={runPath(r.id)} className="mono small">
                            {r.name ?? r.id}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
