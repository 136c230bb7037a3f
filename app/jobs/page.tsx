// Launched backend work (training epochs, candidate comparisons, evaluations) and where it stands.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listJobs } from "@/db/queries/experiments";
import { requireUser } from "@/lib/auth/current-user";
import { formatCount, formatPercent } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Jobs" };

export default async function JobsPage() {
  await requireUser();
  const jobs = listJobs(getStore());

  return (
    <main>
      <header className="page-header">
        <h1>Jobs</h1>
        <p className="muted">
          Backend work started from Harness Lab, run as a local process or submitted to Slurm. Launching jobs from
          templates comes with the job launcher.
        </p>
      </header>
      {jobs.length === 0 ? (
        <EmptyState title="No jobs yet">
          <p>No training epoch, candidate comparison or evaluation has been launched from this server.</p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>
              {formatCount(jobs.length)} {jobs.length === 1 ? "job" : "jobs"}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">Kind</th>
                <th scope="col">Experiment</th>
                <th scope="col">Executor</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Progress
                </th>
                <th scope="col">Created</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col" className="num">
                  Exit code
                </th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((j) => (
                <tr key={j.id}>
                  <th scope="row" className="wrap-anywhere">
                    {j.templateName ?? <span className="mono">{j.id}</span>}
                    {j.templateName && <div className="muted small mono">{j.id}</div>}
                  </th>
                  <td>{j.kind}</td>
                  <td>
                    {j.experimentId ? (
                      <Link href={`/experiments/${encodeURIComponent(j.experimentId)}`}>{j.experimentName ?? j.experimentId}</Link>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td>
                    {j.executor}
                    {j.externalId && <div className="muted small mono">{j.externalId}</div>}
                  </td>
                  <td>
                    <StatusBadge status={j.status} />
                    {j.statusReason && <div className="muted small">{j.statusReason}</div>}
                  </td>
                  <td className="num">
                    {formatPercent(j.progress, 0)}
                    {j.progressMessage && <div className="muted small">{j.progressMessage}</div>}
                  </td>
                  <td className="nowrap">
                    <RelativeTime ms={j.createdAt} />
                  </td>
                  <td className="nowrap">
                    <RelativeTime ms={j.startedAt} />
                  </td>
                  <td className="nowrap">
                    <RelativeTime ms={j.finishedAt} />
                  </td>
                  <td className="num">{j.exitCode ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
