// The per-task table of a candidate comparison: successes out of K and usable rollouts on each side, the
// per-task change, and a link to every rollout (✓ success, ✗ failure; struck through when the length or
// reward filter dropped it). Collapsed when long, so the summary above stays in view. Drawn by the one
// DataTable: the task key keeps a readable width (truncated, full key on hover and focus), the usable counts
// go first on a narrow screen, and the rollout links after them.
import Link from "next/link";
import type { TaskRow } from "@/lib/stats/comparison-statistics";
import type { TaskSideRates } from "@/lib/stats/task-rates";
import { formatRatio } from "@/lib/format";
import { formatRateDiffPp } from "@/lib/stats/format-stats";
import { rolloutPath, taskPath } from "@/lib/http/page-links";
import { plural, sideHeading, type SideLabels } from "./comparison-format";
import styles from "./comparison-panel.module.css";
import { Term } from "@/components/ui/term";
import { DataTable, type Column } from "@/components/tables/data-table";

/** Up to this many tasks the table starts open. */
const OPEN_UP_TO = 12;

const DROP_WORDS = { truncated: "dropped: truncated", "unknown-reward": "dropped: unknown reward" } as const;

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

function sideValue(rates: TaskSideRates | null, of: "successes" | "usable"): string {
  return rates ? formatRatio(rates[of], rates.k) : "not run";
}

function columns(labels: SideLabels): Column<TaskRow>[] {
  const side = (key: "base" | "candidate", of: "successes" | "usable"): Column<TaskRow> => ({
    id: `${key}-${of}`,
    label: `${sideHeading(key, labels[key])} ${of}`,
    header: of === "successes" ? `${sideHeading(key, labels[key])} successes` : <>{sideHeading(key, labels[key])} <Term term="usableRollouts">usable</Term></>,
    numeric: true,
    priority: of === "usable" ? 3 : 1,
    value: (t) => sideValue(t[key], of),
    cell: (t) => (t[key] ? sideValue(t[key], of) : <span className="muted">{of === "successes" ? "not run" : "—"}</span>),
  });
  return [
    {
      id: "task",
      label: "Task",
      header: "Task",
      minWidth: "9rem",
      truncate: { width: "clamp(8rem, 24vw, 20rem)", text: (t) => t.taskKey },
      value: (t) => t.taskKey,
      cell: (t) => (
        <>
          <Link href={taskPath(t.taskId)}>{t.taskKey}</Link>
          {!t.paired && <div className="muted small">{t.base ? "base only" : "candidate only"}: not paired</div>}
        </>
      ),
    },
    side("base", "successes"),
    side("base", "usable"),
    side("candidate", "successes"),
    side("candidate", "usable"),
    { id: "delta", label: "Δ pass rate", header: "Δ pass rate", numeric: true, value: (t) => formatRateDiffPp(t.passRateDiff, 0) },
    {
      id: "rollouts",
      label: "Rollouts",
      header: "Rollouts",
      priority: 2,
      cell: (t) => (
        <>
          <RolloutLinks side="base" taskKey={t.taskKey} rates={t.base} />
          <RolloutLinks side="candidate" taskKey={t.taskKey} rates={t.candidate} />
        </>
      ),
    },
  ];
}

export function ComparisonTasksTable({ tasks, labels }: { tasks: TaskRow[]; labels: SideLabels }) {
  return (
    <details className={styles.tasks} open={tasks.length <= OPEN_UP_TO}>
      <summary>Per-task results ({plural(tasks.length, "task", "tasks")})</summary>
      <DataTable
        columns={columns(labels)}
        rows={tasks}
        rowKey={(t) => t.taskId}
        caption="Per task: successes out of K and usable rollouts on each side, the change, and the rollouts"
        captionHidden
      />
    </details>
  );
}
