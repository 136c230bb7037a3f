"use client";
// "Compare with…": the other rollouts of the same task (across runs, harness versions and
// checkpoints), each with its outcome, opening the side-by-side comparison with this one. Closest kin
// first (same group, same run, same experiment, other experiments: lib/trajectory/compare-candidates.ts),
// one compact DataTable per kind with the links in the first, sticky column so they are never off-screen.
import Link from "next/link";
import { useState } from "react";
import type { TaskRolloutRow } from "@/db/queries/task-rollouts";
import { formatNumber } from "@/lib/format";
import { groupByKinship, KINSHIP_HEADINGS } from "@/lib/trajectory/compare-candidates";
import { DataTable, type Column } from "@/components/tables/data-table";
import { RolloutOutcomeBadge } from "@/components/runs/outcome-badge";
import { comparePath, rolloutPath, taskPath } from "@/lib/http/page-links";
import styles from "./compare-with-menu.module.css";

interface Props {
  rolloutId: string;
  /** Where this rollout sits, so its closest kin come first. */
  placement: { experimentId: string; runId: string; groupId: string | null };
  taskId: string;
  others: TaskRolloutRow[];
  /** True when the list was cut at its limit. */
  more: boolean;
}

function columns(rolloutId: string, showExperiment: boolean): Column<TaskRolloutRow>[] {
  return [
    {
      id: "actions",
      label: "Rollout",
      header: <span className="visually-hidden">Actions</span>,
      className: "nowrap",
      cell: (r) => (
        <>
          <Link href={comparePath(rolloutId, r.id)} aria-label={`Compare with ${r.id}`}>Compare</Link>
          {" · "}
          <Link href={rolloutPath(r.id)} aria-label={`Open ${r.id}`}>Open</Link>
        </>
      ),
    },
    {
      id: "outcome",
      label: "Outcome",
      header: "Outcome",
      className: "nowrap",
      cell: (r) => <><RolloutOutcomeBadge success={r.success} reward={r.reward} />{r.truncated && <span className="badge badge-warning">truncated</span>}</>,
    },
    { id: "harness", label: "Harness", header: "Harness", value: (r) => r.harnessLabel ?? "—" },
    { id: "checkpoint", label: "Checkpoint", header: "Checkpoint", priority: 3, truncate: { width: "9rem" }, value: (r) => r.checkpointName ?? "—" },
    {
      id: "run",
      label: "Run",
      header: showExperiment ? "Experiment · run" : "Run",
      priority: 2,
      truncate: { width: "14rem", text: (r) => (showExperiment ? `${r.experimentName} · ${r.runName ?? r.runId}` : r.runName ?? r.runId) },
      value: (r) => (showExperiment ? `${r.experimentName} · ${r.runName ?? r.runId}` : r.runName ?? r.runId),
    },
    { id: "step", label: "Step", header: "Step", numeric: true, priority: 3, value: (r) => r.step },
    { id: "reward", label: "Reward", header: "Reward", numeric: true, value: (r) => r.reward, cell: (r) => formatNumber(r.reward) },
    { id: "turns", label: "Turns", header: "Turns", numeric: true, priority: 3, value: (r) => r.numTurns },
  ];
}

export function CompareWithMenu({ rolloutId, placement, taskId, others, more }: Props) {
  const [open, setOpen] = useState(false);
  const groups = groupByKinship(placement, others);
  return (
    <div className={styles.menu}>
      <button type="button" className="button button-secondary button-small" aria-expanded={open} aria-controls="compare-with-list"
        onClick={() => setOpen(!open)} disabled={others.length === 0}
        title={others.length === 0 ? "No other rollout of this task is stored" : undefined}>
        Compare with… ({others.length}{more ? "+" : ""})
      </button>
      {open && (
        <div id="compare-with-list" className={`card ${styles.panel}`}>
          <p className="small">
            Other rollouts of this task, closest first. <Link href={taskPath(taskId)}>All rollouts of the task</Link>
          </p>
          {groups.map((g) => (
            <DataTable
              key={g.kinship}
              columns={columns(rolloutId, g.kinship === "other")}
              rows={g.rows}
              rowKey={(r) => r.id}
              caption={`${KINSHIP_HEADINGS[g.kinship]} (${g.rows.length})`}
              className={styles.group}
            />
          ))}
        </div>
      )}
    </div>
  );
}
