// The tasks that flipped between the two selected cells, A → B: rescued (B solves it more often) and regressed,
// each with links to the task and to every trajectory of both sides (and to the side-by-side view when each
// side has one), the counts, the paired Δ with its interval, and McNemar's exact test when each side has one
// attempt per task — or why it is not given. Server-rendered; the flipped tasks are drawn by the one DataTable
// with their export built in.
import Link from "next/link";
import { comparePath, rolloutPath, taskPath } from "@/lib/http/page-links";
import type { SelectedCell } from "@/db/queries/matrix-page-data";
import type { CellFlips, CellTask, TaskFlip } from "@/lib/results/task-flips";
import type { TableData } from "@/lib/tables/table-data";
import { formatCount } from "@/lib/format";
import { formatIntervalPp, formatPp } from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./eval-matrix.module.css";

interface Props {
  a: SelectedCell;
  b: SelectedCell;
  flips: CellFlips;
  table: TableData;
}

/** p-values as papers print them: three significant digits, "< 0.001" below. */
function formatP(p: number): string {
  if (p < 0.001) return p.toExponential(2);
  return p >= 0.1 ? p.toFixed(3) : p.toPrecision(3);
}

function Trajectories({ side, task }: { side: "A" | "B"; task: CellTask }) {
  if (task.runs.every((r) => r.rolloutId === null)) return <span className="muted small">no trajectory linked</span>;
  return (
    <span className={styles.runs}>
      {task.runs.map((r, i) =>
        r.rolloutId === null ? (
          <span key={i} className="muted small">r{r.repeat}</span>
        ) : (
          <Link key={i} href={rolloutPath(r.rolloutId)} className={r.success ? styles.ok : styles.fail}
            aria-label={`${side} repeat ${r.repeat} (${r.success ? "solved" : "failed"}) of ${task.key}`}>
            r{r.repeat} {r.success ? "✓" : "✗"}
          </Link>
        ),
      )}
    </span>
  );
}

const oneEach = (flip: TaskFlip) => flip.a.runs.length === 1 && flip.b.runs.length === 1 && flip.a.runs[0].rolloutId && flip.b.runs[0].rolloutId;

const COLUMNS: Column<TaskFlip>[] = [
  { id: "flip", label: "Flip", header: "Flip", cell: (f) => <span className={`badge ${f.kind === "rescued" ? "badge-success" : "badge-danger"}`}>{f.kind}</span> },
  {
    id: "task",
    label: "Task",
    header: "Task",
    cell: (f) => (
      <>
        <Link href={taskPath(f.taskId)} className="mono">{f.key}</Link>
        {f.title && <div className="small muted">{f.title}</div>}
      </>
    ),
  },
  { id: "a-solved", label: "A solved", header: "A solved", numeric: true, cell: (f) => `${f.a.successes} of ${f.a.attempts}` },
  { id: "b-solved", label: "B solved", header: "B solved", numeric: true, cell: (f) => `${f.b.successes} of ${f.b.attempts}` },
  { id: "a-trajectories", label: "A trajectories", header: "A trajectories", priority: 2, cell: (f) => <Trajectories side="A" task={f.a} /> },
  { id: "b-trajectories", label: "B trajectories", header: "B trajectories", priority: 2, cell: (f) => <Trajectories side="B" task={f.b} /> },
  {
    id: "compare",
    label: "Compare",
    header: <>Compare <span className="small muted">(one attempt each)</span></>,
    cell: (f) =>
      oneEach(f) ? (
        <Link href={comparePath(f.a.runs[0].rolloutId!, f.b.runs[0].rolloutId!)} aria-label={`Compare A and B on ${f.key}`}>side by side</Link>
      ) : (
        <span className="muted small" title="Side by side needs one trajectory per side; open the repeats one by one">—</span>
      ),
  },
];

function McNemarText({ flips }: { flips: CellFlips }) {
  const m = flips.mcnemar;
  if (m.applicable) {
    return (
      <>
        McNemar&apos;s exact test (two-sided): b = {m.result.b} regressed, c = {m.result.c} rescued, <strong>p = {formatP(m.result.p)}</strong>
      </>
    );
  }
  if (m.reason === "no-shared-tasks") return <>McNemar&apos;s exact test is not shown: A and B share no task.</>;
  return (
    <>
      McNemar&apos;s exact test is not shown: it needs exactly one attempt per task on each side, and A has up to {m.maxAttemptsA},
      B up to {m.maxAttemptsB} attempts per task. The paired Δ above uses every attempt.
    </>
  );
}

export function FlipsPanel({ a, b, flips, table }: Props) {
  const p = flips.paired;
  const rows = [...flips.rescued, ...flips.regressed];
  return (
    <section className="section" aria-labelledby="flips-heading">
      <h2 id="flips-heading">Flips from A to B</h2>
      <dl className="key-values card">
        <dt>A</dt>
        <dd>{a.text}</dd>
        <dt>B</dt>
        <dd>{b.text}</dd>
        <dt>Tasks</dt>
        <dd>
          {formatCount(flips.shared)} shared: {formatCount(flips.rescued.length)} rescued, {formatCount(flips.regressed.length)} regressed,{" "}
          {formatCount(flips.bothSolved)} solved by both, {formatCount(flips.bothFailed)} failed by both
          {flips.samePartial > 0 && `, ${formatCount(flips.samePartial)} with the same partial rate`}
          {(flips.onlyA > 0 || flips.onlyB > 0) && ` (${formatCount(flips.onlyA)} only in A, ${formatCount(flips.onlyB)} only in B: not compared)`}
        </dd>
        <dt>Paired Δ (B − A)</dt>
        <dd>
          {p.delta === null ? "—" : (
            <>
              {formatPp(p.delta * 100)} {p.ci && <span className="muted">95 % interval {formatIntervalPp(p.ci)}</span>} over {formatCount(p.shared)} shared tasks
            </>
          )}
        </dd>
        <dt>Significance</dt>
        <dd><McNemarText flips={flips} /></dd>
      </dl>
      {rows.length === 0 ? (
        <p className="muted">No task flipped between A and B.</p>
      ) : (
        <DataTable columns={COLUMNS} rows={rows} rowKey={(f) => f.taskId} rowHeader="task" label="Flipped tasks" exportTable={table} exportName="flipped tasks" />
      )}
    </section>
  );
}
