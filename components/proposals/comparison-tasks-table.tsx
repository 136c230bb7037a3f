// The per-task table of a candidate comparison: successes out of K and usable rollouts on each side, the
// per-task change, and a link to every rollout (✓ success, ✗ failure; struck through when the length or
// reward filter dropped it). Collapsed when long, so the summary above stays in view.
import Link from "next/link";
import type { TaskRow } from "@/lib/stats/comparison-statistics";
import type { TaskSideRates } from "@/lib/stats/task-rates";
import { formatRatio } from "@/lib/format";
import { formatRateDiffPp } from "@/lib/stats/format-stats";
import { rolloutPath, taskPath } from "@/lib/http/page-links";
import { plural, sideHeading, type SideLabels } from "./comparison-format";
import styles from "./comparison-panel.module.css";
import { Term } from "@/components/ui/term";

/** Up to this many tasks the table starts open. */
const OPEN_UP_TO = 12;

const DROP_WORDS = { truncated: "dropped: truncated", "unknown-reward": "dropped: unknown reward" } as const;

function SideCells({ rates }: { rates: TaskSideRates | null }) {
  if (!rates) {
    return (
      <>
        <td className="num muted">not run</td>
        <td className="num muted">—</td>
      </>
    );
  }
  return (
    <>
      <td className="num">{formatRatio(rates.successes, rates.k)}</td>
      <td className="num">{formatRatio(rates.usable, rates.k)}</td>
    </>
  );
}

function RolloutLinks({ side, taskKey, rates }: { side: "base" | "candidate"; taskKey: string; rates: TaskSideRates | null }) {
  if (!rates) return null;
  return (
    <div className={styles.rolloutLinks}>
      <span className={styles.sideLabel}>{side}</span>
      {rates.rollouts.map((r, k) => {
        const outcome = r.success ? "success" : "failure";
        const extra = r.dropped ? `, ${DROP_WORDS[r.dropped]}` : r.usable ? ", usable" : "";
        return (
          <Link
            key={r.id}
            href={rolloutPath(r.id)}
            aria-label={`${side} rollout ${k + 1} of ${taskKey}: ${outcome}${extra}`}
            title={`${r.id}: ${outcome}${extra}`}
            className={r.dropped ? `${r.success ? styles.success : styles.failure} ${styles.dropped}` : r.success ? styles.success : styles.failure}
          >
            {r.success ? "✓" : "✗"}
          </Link>
        );
      })}
    </div>
  );
}

export function ComparisonTasksTable({ tasks, labels }: { tasks: TaskRow[]; labels: SideLabels }) {
  return (
    <details className={styles.tasks} open={tasks.length <= OPEN_UP_TO}>
      <summary>Per-task results ({plural(tasks.length, "task", "tasks")})</summary>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Per task: successes out of K and usable rollouts on each side, the change, and the rollouts</caption>
          <thead>
            <tr>
              <th scope="col">Task</th>
              <th scope="col" className="num">{sideHeading("base", labels.base)} successes</th>
              <th scope="col" className="num">{sideHeading("base", labels.base)} <Term term="usableRollouts">usable</Term></th>
              <th scope="col" className="num">{sideHeading("candidate", labels.candidate)} successes</th>
              <th scope="col" className="num">{sideHeading("candidate", labels.candidate)} <Term term="usableRollouts">usable</Term></th>
              <th scope="col" className="num">Δ pass rate</th>
              <th scope="col">Rollouts</th>
            </tr>
          </thead>
          <tbody>
            {tasks.map((t) => (
              <tr key={t.taskId}>
                <th scope="row" className="wrap-anywhere">
                  <Link href={taskPath(t.taskId)}>{t.taskKey}</Link>
                  {!t.paired && <div className="muted small">{t.base ? "base only" : "candidate only"}: not paired</div>}
                </th>
                <SideCells rates={t.base} />
                <SideCells rates={t.candidate} />
                <td className="num">{formatRateDiffPp(t.passRateDiff, 0)}</td>
                <td>
                  <RolloutLinks side="base" taskKey={t.taskKey} rates={t.base} />
                  <RolloutLinks side="candidate" taskKey={t.taskKey} rates={t.candidate} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
