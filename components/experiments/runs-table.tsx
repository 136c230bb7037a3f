// The runs of one experiment (training, evaluation, comparison, engineer, import), newest first, drawn by the
// one DataTable: run, status and rollouts always show; the times give way first on a narrow screen.
import type { RunSummary } from "@/db/queries/types";
import { formatCount, formatDateTime, formatDuration } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import Link from "next/link";
import { runPath } from "@/lib/http/page-links";
import { DataTable, type Column } from "@/components/tables/data-table";

function duration(run: RunSummary): string {
  if (run.startedAt === null || run.finishedAt === null) return "—";
  return formatDuration(run.finishedAt - run.startedAt);
}

const COLUMNS: Column<RunSummary>[] = [
  {
    id: "run",
    label: "Run",
    header: "Run",
    // The run's name must not be crushed by the figures beside it: on a phone the table scrolls instead.
    className: "wrap-anywhere",
    minWidth: "11rem",
    value: (run) => run.name ?? run.id,
    cell: (run) => (
      <>
        <Link href={runPath(run.id)}>{run.name ?? run.id}</Link>
        {run.name && <div className="muted small mono">{run.id}</div>}
      </>
    ),
  },
  { id: "kind", label: "Kind", header: "Kind", priority: 2, value: (run) => run.kind },
  {
    id: "status",
    label: "Status",
    header: "Status",
    value: (run) => (run.stale ? "stale" : run.status),
    cell: (run) =>
      run.stale ? (
        <>
          <StatusBadge status="stale" title={`The run says ${run.status}, but no job runs it and it has sent nothing for a while`} />{" "}
          <span className="muted small">{run.stale.text}</span>
        </>
      ) : (
        <StatusBadge status={run.status} />
      ),
  },
  { id: "started", label: "Started", header: "Started", priority: 3, className: "nowrap", title: (run) => formatDateTime(run.startedAt), cell: (run) => <RelativeTime ms={run.startedAt} /> },
  { id: "finished", label: "Finished", header: "Finished", priority: 3, className: "nowrap", cell: (run) => <RelativeTime ms={run.finishedAt} /> },
  { id: "duration", label: "Duration", header: "Duration", numeric: true, priority: 2, value: duration },
  { id: "rollouts", label: "Rollouts", header: "Rollouts", numeric: true, value: (run) => run.rollouts, cell: (run) => formatCount(run.rollouts) },
];

export function RunsTable({ runs }: { runs: RunSummary[] }) {
  return <DataTable columns={COLUMNS} rows={runs} rowKey={(run) => run.id} />;
}
