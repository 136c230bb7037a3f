"use client";
// Every rollout of one task, with a choice of two to open side by side. At most two stay selected: ticking a
// third lets go of the one ticked first, so the compare link always names exactly the last two picked. Drawn by
// the one DataTable, the rollout's id heading each row.
import { useState } from "react";
import Link from "next/link";
import type { TaskRolloutRow } from "@/db/queries/task-rollouts";
import { formatCount, formatNumber } from "@/lib/format";
import { comparePath, groupPath, rolloutPath, runPath, stepPath } from "@/lib/http/page-links";
import { RolloutOutcomeBadge, TruncationCell } from "@/components/runs/outcome-badge";
import { DataTable, type Column } from "@/components/tables/data-table";

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

const dash = <span className="muted">—</span>;

/** Every column but the compare tick box (which holds the page's selection). */
const COLUMNS: Column<TaskRolloutRow>[] = [
  {
    id: "rollout",
    label: "Rollout",
    header: "Rollout",
    // A readable width on a phone: the id wraps anywhere, but never inside a 3-letter column.
    className: "wrap-anywhere",
    minWidth: "12rem",
    value: (row) => row.id,
    cell: (row) => (
      <>
        <Link href={rolloutPath(row.id)} className="mono">
          {row.id}
        </Link>
        <div className="muted small">{row.purpose}</div>
      </>
    ),
  },
  { id: "outcome", label: "Outcome", header: "Outcome", cell: (row) => <RolloutOutcomeBadge success={row.success} reward={row.reward} /> },
  { id: "reward", label: "Reward", header: "Reward", numeric: true, title: (row) => (row.reward === null ? "reward unknown" : undefined), cell: (row) => formatNumber(row.reward) },
  { id: "exit", label: "Exit status", header: "Exit status", priority: 2, className: "wrap-anywhere", cell: (row) => row.exitStatus ?? dash },
  { id: "truncated", label: "Truncated", header: "Truncated", priority: 3, cell: (row) => <TruncationCell truncated={row.truncated} /> },
  { id: "turns", label: "Turns", header: "Turns", numeric: true, priority: 2, cell: (row) => formatCount(row.numTurns) },
  {
    id: "run",
    label: "Run",
    header: "Run",
    priority: 3,
    className: "wrap-anywhere",
    cell: (row) => (
      <>
        <Link href={runPath(row.runId)}>{row.runName ?? row.runId}</Link>
        <div className="muted small">{row.experimentName}</div>
      </>
    ),
  },
  { id: "harness", label: "Harness", header: "Harness", priority: 2, cell: (row) => row.harnessLabel ?? dash },
  { id: "checkpoint", label: "Checkpoint", header: "Checkpoint", priority: 3, className: "wrap-anywhere", cell: (row) => row.checkpointName ?? row.checkpointId ?? dash },
  { id: "step", label: "Step", header: "Step", numeric: true, priority: 3, cell: (row) => <StepCell row={row} /> },
];

export function TaskRolloutsTable({ rows }: { rows: TaskRolloutRow[] }) {
  const [selected, setSelected] = useState<string[]>([]);

  const toggle = (id: string) =>
    setSelected((current) => (current.includes(id) ? current.filter((s) => s !== id) : [...current, id].slice(-2)));

  const columns: Column<TaskRolloutRow>[] = [
    {
      id: "compare",
      label: "Compare",
      header: <span className="visually-hidden">Compare</span>,
      cell: (row) => (
        <input type="checkbox" checked={selected.includes(row.id)} onChange={() => toggle(row.id)} aria-label={`Select ${row.id} for comparison`} />
      ),
    },
    ...COLUMNS,
  ];

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
      <DataTable columns={columns} rows={rows} rowKey={(row) => row.id} rowHeader="rollout" caption="Every rollout of this task" captionHidden />
    </>
  );
}
