"use client";
// The experiments list. Starts from the server-rendered rows and polls the JSON route so experiments
// a trainer sends while the page is open show up without a reload. Drawn by the one DataTable.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ExperimentSummary } from "@/db/queries/types";
import { formatCount } from "@/lib/format";
import { ApiError } from "@/lib/http/fetch-json";
import { experimentsQuery } from "@/components/api-queries";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { DataTable, type Column } from "@/components/tables/data-table";
import { ReferenceRunBanner } from "./reference-run-banner";

const COLUMNS: Column<ExperimentSummary>[] = [
  { id: "name", label: "Name", header: "Name", value: (e) => e.name, cell: (e) => <Link href={`/experiments/${encodeURIComponent(e.id)}`}>{e.name}</Link> },
  { id: "method", label: "Method", header: "Method", priority: 2, className: "nowrap", value: (e) => e.method },
  { id: "runs", label: "Runs", header: "Runs", numeric: true, priority: 3, value: (e) => e.runs, cell: (e) => formatCount(e.runs) },
  { id: "rollouts", label: "Rollouts", header: "Rollouts", numeric: true, priority: 2, value: (e) => e.rollouts, cell: (e) => formatCount(e.rollouts) },
  { id: "activity", label: "Latest activity", header: "Latest activity", priority: 3, className: "nowrap", cell: (e) => <RelativeTime ms={e.latestActivity} /> },
  {
    id: "status",
    label: "Status",
    header: "Status",
    value: (e) => e.status,
    cell: (e) => (
      <>
        <StatusBadge status={e.status} title={e.status === "stale" ? "A run says running, but no job runs it and it has sent nothing for a while" : undefined} />
        {e.staleRuns > 0 && <span className="muted small"> {e.staleRuns} {e.staleRuns === 1 ? "run" : "runs"} without heartbeat</span>}
      </>
    ),
  },
];

function refreshProblem(error: Error): string {
  if (error instanceof ApiError && error.status === 401) return "Your session has ended; sign in again to see new data.";
  return "Live updates are paused: the server did not answer. The list below may be out of date.";
}

export function ExperimentsTable({ initialData }: { initialData: ExperimentSummary[] }) {
  const { data, error } = useQuery({
    ...experimentsQuery(),
    initialData,
    refetchInterval: 5000,
  });
  const experiments = data ?? initialData;

  return (
    <>
      <ReferenceRunBanner experiments={experiments} />
      {error && (
        <p className="error small" role="status">
          {refreshProblem(error)}
        </p>
      )}
      {experiments.length === 0 ? (
        <EmptyState title="No experiments yet">
          <p>
            <Link href="/connect">Connect a trainer</Link>: mint a token and copy a snippet for verl, TRL, SkyRL, prime-rl,
            rllm or plain Python.
          </p>
          <p>
            Harness Lab shows what trainers, evaluators and importers send it. Create an API token with the{" "}
            <code>ingest</code> scope under <Link href="/settings">Settings</Link>, then post events (experiment, run,
            rollout, …) to <code>POST /api/v1/events</code>, or apply an event log directory with{" "}
            <code>harness-lab sync DIR</code>.
          </p>
          <p>
            The <Link href="/api-docs">API documentation</Link> describes every event. New experiments appear here
            within a few seconds.
          </p>
        </EmptyState>
      ) : (
        <DataTable
          columns={COLUMNS}
          rows={experiments}
          rowKey={(e) => e.id}
          caption={`${formatCount(experiments.length)} ${experiments.length === 1 ? "experiment" : "experiments"}, most recently active first`}
        />
      )}
    </>
  );
}
