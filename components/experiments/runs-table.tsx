// The runs of one experiment (training, evaluation, comparison, engineer, import), newest first.
import type { RunSummary } from "@/db/queries/types";
import { formatCount, formatDateTime, formatDuration } from "@/lib/format";
import { RelativeTime } from "@/components/ui/relative-time";
import { StatusBadge } from "@/components/ui/status-badge";
import Link from "next/link";
import { runPath } from "@/lib/http/page-links";

function duration(run: RunSummary): string {
  if (run.startedAt === null || run.finishedAt === null) return "—";
  return formatDuration(run.finishedAt - run.startedAt);
}

export function RunsTable({ runs }: { runs: RunSummary[] }) {
  return (
    <div className="table-wrap">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Kind</th>
            <th scope="col">Status</th>
            <th scope="col">Started</th>
            <th scope="col">Finished</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col" className="num">
              Rollouts
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.id}>
              {/* The run's name must not be crushed by the figures beside it: on a phone the table scrolls instead. */}
              <th scope="row" className="wrap-anywhere" style={{ minWidth: "11rem" }}>
                <Link href={runPath(run.id)}>{run.name ?? run.id}</Link>
                {run.name && <div className="muted small mono">{run.id}</div>}
              </th>
              <td>{run.kind}</td>
              <td>
                {run.stale ? (
                  <>
                    <StatusBadge status="stale" title={`The run says ${run.status}, but no job runs it and it has sent nothing for a while`} />{" "}
                    <span className="muted small">{run.stale.text}</span>
                  </>
                ) : (
                  <StatusBadge status={run.status} />
                )}
              </td>
              <td className="nowrap" title={formatDateTime(run.startedAt)}>
                <RelativeTime ms={run.startedAt} />
              </td>
              <td className="nowrap">
                <RelativeTime ms={run.finishedAt} />
              </td>
              <td className="num">{duration(run)}</td>
              <td className="num">{formatCount(run.rollouts)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
