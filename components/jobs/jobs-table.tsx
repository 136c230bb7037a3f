// All jobs, one row each: what was launched, where it runs, how far it is, who launched it, the runs it made.
// Drawn by the one DataTable: job, status and progress always show; the rest gives way on a narrow screen.
import Link from "next/link";
import type { JobRecord } from "@/db/queries/jobs";
import { formatDuration } from "@/lib/format";
import { experimentPath, jobPath, runPath } from "@/lib/http/page-links";
import { progressPercent } from "@/lib/services/jobs/job-view";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { DataTable, type Column } from "@/components/tables/data-table";
import { ProgressBar } from "./progress-bar";
import styles from "./jobs.module.css";

const COLUMNS: Column<JobRecord>[] = [
  {
    id: "job",
    label: "Job",
    header: "Job",
    className: "wrap-anywhere",
    minWidth: "10rem",
    value: (j) => j.templateName ?? j.templateId ?? j.id,
    cell: (j) => (
      <>
        <Link href={jobPath(j.id)}>{j.templateName ?? j.templateId ?? j.id}</Link>
        <div className="muted small mono">{j.id}</div>
      </>
    ),
  },
  { id: "kind", label: "Kind", header: "Kind", priority: 2, value: (j) => j.kind },
  {
    id: "experiment",
    label: "Experiment",
    header: "Experiment",
    priority: 3,
    value: (j) => j.experimentName ?? j.experimentId,
    cell: (j) => (j.experimentId ? <Link href={experimentPath(j.experimentId)}>{j.experimentName ?? j.experimentId}</Link> : <span className="muted">—</span>),
  },
  {
    id: "executor",
    label: "Executor",
    header: "Executor",
    priority: 3,
    value: (j) => j.executor,
    cell: (j) => (
      <>
        {j.executor}
        {j.externalId && <div className="muted small mono">{j.externalId}</div>}
      </>
    ),
  },
  {
    id: "status",
    label: "Status",
    header: "Status",
    value: (j) => j.status,
    cell: (j) => (
      <>
        <StatusBadge status={j.status} />
        {j.statusReason && <div className="muted small">{j.statusReason}</div>}
      </>
    ),
  },
  {
    id: "progress",
    label: "Progress",
    header: "Progress",
    value: (j) => progressPercent(j),
    cell: (j) => {
      const percent = progressPercent(j);
      return (
        <>
          <ProgressBar percent={percent} label={`Progress of job ${j.id}`} />
          <div className="muted small">
            {percent === null ? "—" : `${percent} %`}
            {j.progressMessage ? ` · ${j.progressMessage}` : ""}
          </div>
        </>
      );
    },
  },
  { id: "duration", label: "Duration", header: "Duration", numeric: true, priority: 2, value: (j) => formatDuration(j.durationMs) },
  { id: "launched-by", label: "Launched by", header: "Launched by", priority: 3, value: (j) => j.createdByName, cell: (j) => j.createdByName ?? <span className="muted">a token</span> },
  { id: "created", label: "Created", header: "Created", priority: 3, className: "nowrap", cell: (j) => <RelativeTime ms={j.createdAt} /> },
  {
    id: "runs",
    label: "Runs",
    header: "Runs",
    priority: 2,
    cell: (j) =>
      j.runs.length === 0 ? (
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
      ),
  },
];

export function JobsTable({ jobs, caption }: { jobs: JobRecord[]; caption: string }) {
  return <DataTable columns={COLUMNS} rows={jobs} rowKey={(j) => j.id} caption={caption} />;
}
