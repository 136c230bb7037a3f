// The newest rollouts across experiments (or of one), with their outcome at a glance.
import type { Metadata } from "next";
import Link from "next/link";
import { getStore } from "@/db/client";
import { listRecentRollouts } from "@/db/queries/experiments";
import { requireUser } from "@/lib/auth/current-user";
import { formatCount, formatNumber } from "@/lib/format";
import { EmptyState } from "@/components/ui/empty-state";
import { OutcomeBadge } from "@/components/ui/status-badge";
import { RelativeTime } from "@/components/ui/relative-time";
import { Badge } from "@/components/ui/badge";
import { ExperimentFilterNote, experimentParam } from "@/components/experiments/experiment-filter";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Trajectories" };

const LIMIT = 100;

interface Props {
  searchParams: Promise<{ experiment?: string | string[] }>;
}

export default async function TrajectoriesPage({ searchParams }: Props) {
  await requireUser();
  const experimentId = experimentParam((await searchParams).experiment);
  const rows = listRecentRollouts(getStore(), { experimentId, limit: LIMIT });

  return (
    <main>
      <header className="page-header">
        <h1>Trajectories</h1>
        <p className="muted">
          The latest {LIMIT} rollouts by time stored. Reading a trajectory turn by turn, with its hook events, comes
          with the trajectory viewer.
        </p>
      </header>
      <ExperimentFilterNote experimentId={experimentId} experimentName={rows[0]?.experimentName} basePath="/trajectories" />
      {rows.length === 0 ? (
        <EmptyState title="No rollouts yet">
          <p>
            Rollouts arrive as <code>rollout</code> events from trainers, evaluators and importers; see the{" "}
            <Link href="/api-docs">API documentation</Link>.
          </p>
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>
              {formatCount(rows.length)} most recent {rows.length === 1 ? "rollout" : "rollouts"}
            </caption>
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Experiment</th>
                <th scope="col">Purpose</th>
                <th scope="col" className="num">
                  Step
                </th>
                <th scope="col">Outcome</th>
                <th scope="col" className="num">
                  Reward
                </th>
                <th scope="col" className="num">
                  Turns
                </th>
                <th scope="col">Truncated</th>
                <th scope="col">Stored</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <th scope="row" className="wrap-anywhere">
                    <span className="mono">{r.taskKey}</span>
                    <div className="muted small">{r.benchmark}</div>
                  </th>
                  <td>
                    <Link href={`/experiments/${encodeURIComponent(r.experimentId)}`}>{r.experimentName}</Link>
                  </td>
                  <td>{r.purpose}</td>
                  <td className="num">{r.step ?? "—"}</td>
                  <td>
                    <OutcomeBadge success={r.success} />
                  </td>
                  <td className="num" title={r.reward === null ? "reward unknown" : undefined}>
                    {formatNumber(r.reward)}
                  </td>
                  <td className="num">{formatCount(r.numTurns)}</td>
                  <td>
                    {r.truncated ? <Badge tone="warning">{r.truncationKind ? `yes (${r.truncationKind})` : "yes"}</Badge> : <span className="muted">no</span>}
                  </td>
                  <td className="nowrap">
                    <RelativeTime ms={r.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
