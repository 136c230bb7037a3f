"use client";
// Every rollout of one task, with a choice of two to open side by side. At most two stay selected: ticking a
// third lets go of the one ticked first, so the compare link always names exactly the last two picked.
import { useState } from "react";
import Link from "next/link";
import type { TaskRolloutRow } from "@/db/queries/task-rollouts";
import { formatCount, formatNumber } from "@/lib/format";
import { comparePath, groupPath, rolloutPath, runPath, stepPath } from "@/lib/http/page-links";
import { RolloutOutcomeBadge, TruncationCell } from "@/components/runs/outcome-badge";

function StepCell({ row }: { row: TaskRolloutRow }) {
  if (row.step === null) return <span className="muted">—</span>;
  if (row.purpose !== "train") return <>{row.step}</>;
  return (
    <>
      <Link href={stepPath(row.runId, row.step)}>{row.step}</Link>
      {row.groupId !== null && (
        <div className="small">
          <Link href={groupPath(row.runId, row.step, row.groupId)}>group</Link>
        </div>
      )}
    </>
  );
}

export function TaskRolloutsTable({ rows }: { rows: TaskRolloutRow[] }) {
  const [selected, setSelected] = useState<string[]>([]);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id].slice(-2)));

  return (
    <>
      <p aria-live="polite">
        {selected.length === 2 ? (
          <Link href={comparePath(selected[0], selected[1])} className="button button-small">
            Compare the 2 selected rollouts
          </Link>
        ) : (
          <span className="muted">Tick two rollouts to compare them side by side ({selected.length} of 2 selected).</span>
        )}
      </p>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Every rollout of this task</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Compare</span>
              </th>
              <th scope="col">Rollout</th>
              <th scope="col">Outcome</th>
              <th scope="col" className="num">Reward</th>
              <th scope="col">Exit status</th>
              <th scope="col">Truncated</th>
              <th scope="col" className="num">Turns</th>
              <th scope="col">Run</th>
              <th scope="col">Harness</th>
              <th scope="col">Checkpoint</th>
              <th scope="col" className="num">Step</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={selected.includes(row.id)}
                    onChange={() => toggle(row.id)}
                    aria-label={`Select ${row.id} for comparison`}
                  />
                </td>
                {/* A readable width on a phone: the id wraps anywhere, but never inside a 3-letter column. */}
                <th scope="row" className="wrap-anywhere" style={{ minWidth: "12rem" }}>
                  <Link href={rolloutPath(row.id)} className="mono">
                    {row.id}
                  </Link>
                  <div className="muted small">{row.purpose}</div>
                </th>
                <td>
                  <RolloutOutcomeBadge success={row.success} reward={row.reward} />
                </td>
                <td className="num" title={row.reward === null ? "reward unknown" : undefined}>
                  {formatNumber(row.reward)}
                </td>
                <td className="wrap-anywhere">{row.exitStatus ?? <span className="muted">—</span>}</td>
                <td>
                  <TruncationCell truncated={row.truncated} />
                </td>
                <td className="num">{formatCount(row.numTurns)}</td>
                <td className="wrap-anywhere">
                  <Link href={runPath(row.runId)}>{row.runName ?? row.runId}</Link>
                  <div className="muted small">{row.experimentName}</div>
                </td>
                <td>{row.harnessLabel ?? <span className="muted">—</span>}</td>
                <td className="wrap-anywhere">{row.checkpointName ?? row.checkpointId ?? <span className="muted">—</span>}</td>
                <td className="num">
                  <StepCell row={row} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
