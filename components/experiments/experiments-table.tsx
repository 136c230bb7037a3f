"use client";
// The experiments list. Starts from the server-rendered rows and polls the JSON route so experiments
// a trainer sends while the page is open show up without a reload.
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import type { ExperimentSummary } from "@/db/queries/types";
import { formatCount } from "@/lib/format";
import { ApiError } from "@/lib/http/fetch-json";
import { experimentsQuery } from "@/components/api-queries";
import { EmptyState } from "@/components/ui/empty-state";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import { ReferenceRunBanner } from "./reference-run-banner";

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
        <div className="table-wrap">
          <table className="table">
            <caption>
              {formatCount(experiments.length)} {experiments.length === 1 ? "experiment" : "experiments"}, most recently
              active first
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Method</th>
                <th scope="col" className="num">
                  Runs
                </th>
                <th scope="col" className="num">
                  Rollouts
                </th>
                <th scope="col">Latest activity</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {experiments.map((e) => (
                <tr key={e.id}>
                  <th scope="row">
                    <Link href={`/experiments/${encodeURIComponent(e.id)}`}>{e.name}</Link>
                  </th>
                  <td className="nowrap">{e.method}</td>
                  <td className="num">{formatCount(e.runs)}</td>
                  <td className="num">{formatCount(e.rollouts)}</td>
                  <td className="nowrap">
                    <RelativeTime ms={e.latestActivity} />
                  </td>
                  <td>
                    <StatusBadge status={e.status} title={e.status === "stale" ? "A run says running, but no job runs it and it has sent nothing for a while" : undefined} />
                    {e.staleRuns > 0 && (
                      <span className="muted small"> {e.staleRuns} {e.staleRuns === 1 ? "run" : "runs"} without heartbeat</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
