"use client";
// "Compare with…": the other rollouts of the same task (across runs, harness versions and
// checkpoints), each with its outcome, opening the side-by-side comparison with this one.
import Link from "next/link";
import { useState } from "react";
import type { TaskRolloutRow } from "@/db/queries/task-rollouts";
import { formatNumber } from "@/lib/format";
import { RolloutOutcomeBadge } from "./outcome-badge";
import { comparePath, rolloutPath, taskPath } from "@/lib/http/page-links";
import styles from "./compare-with-menu.module.css";

interface Props {
  rolloutId: string;
  taskId: string;
  others: TaskRolloutRow[];
  /** True when the list was cut at its limit. */
  more: boolean;
}

export function CompareWithMenu({ rolloutId, taskId, others, more }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.menu}>
      <button type="button" className="button button-secondary button-small" aria-expanded={open} aria-controls="compare-with-list"
        onClick={() => setOpen(!open)} disabled={others.length === 0}
        title={others.length === 0 ? "No other rollout of this task is stored" : undefined}>
        Compare with… ({others.length}{more ? "+" : ""})
      </button>
      {open && (
        <div id="compare-with-list" className={`card ${styles.panel}`}>
          <div className="table-wrap">
            <table className="table">
              <caption>Other rollouts of this task, newest first. <Link href={taskPath(taskId)}>All rollouts of the task</Link></caption>
              <thead>
                <tr>
                  <th scope="col">Outcome</th>
                  <th scope="col">Harness</th>
                  <th scope="col">Checkpoint</th>
                  <th scope="col">Run</th>
                  <th scope="col" className="num">Step</th>
                  <th scope="col" className="num">Reward</th>
                  <th scope="col" className="num">Turns</th>
                  <th scope="col"><span className="visually-hidden">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {others.map((r) => (
                  <tr key={r.id}>
                    <td><RolloutOutcomeBadge success={r.success} reward={r.reward} />{r.truncated && <span className="badge badge-warning">truncated</span>}</td>
                    <td>{r.harnessLabel ?? "—"}</td>
                    <td>{r.checkpointName ?? "—"}</td>
                    <td className="wrap-anywhere">{r.runName ?? r.runId}<div className="muted small">{r.experimentName}</div></td>
                    <td className="num">{r.step ?? "—"}</td>
                    <td className="num">{formatNumber(r.reward)}</td>
                    <td className="num">{r.numTurns}</td>
                    <td className="nowrap">
                      <Link href={comparePath(rolloutId, r.id)} aria-label={`Compare with ${r.id}`}>Compare</Link>
                      {" · "}
                      <Link href={rolloutPath(r.id)} aria-label={`Open ${r.id}`}>Open</Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}
