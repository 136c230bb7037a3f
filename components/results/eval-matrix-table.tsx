// The pass@1 matrix: rows × benchmarks and the equal-weight average. Each cell prints pass@1 with its 95 %
// interval over tasks and its size; the baseline cell is marked, others show Δ in pp (and the paired Δ over
// shared tasks). Links in each cell pick it as A, B or the baseline; all state stays in the URL. Server-rendered,
// drawn by the one DataTable (the row label stays in view when the benchmarks scroll sideways).
import Link from "next/link";
import type { TableData } from "@/lib/tables/table-data";
import type { CellRef } from "@/lib/results/cell-key";
import type { EvalMatrix, MatrixCell, MatrixRow } from "@/lib/results/eval-matrix";
import { formatCellSize, formatDelta, formatScoreWithCi } from "@/lib/results/matrix-format";
import { formatPp } from "@/lib/stats/format-stats";
import { DataTable, type Column } from "@/components/tables/data-table";
import styles from "./eval-matrix.module.css";
import { Term } from "@/components/ui/term";

interface Props {
  matrix: EvalMatrix;
  /** What the rows are, for the caption: "harness versions at step 6", "experiments". */
  rowsName: string;
  cellTexts: Record<string, string>;
  selectedA: string | null;
  selectedB: string | null;
  /** The address of the same view with one cell made A, B or the baseline. */
  hrefWith: (change: { a?: CellRef; b?: CellRef; baseline?: CellRef }) => string;
  /** The matrix as the page exports it (its own number formats), offered as "pass@1 matrix". */
  exportTable?: TableData;
}

const refOf = (c: MatrixCell): CellRef => ({
  experimentId: c.experimentId, checkpointId: c.checkpointId, harnessVersionId: c.harnessVersionId, benchmark: c.benchmark,
});

function CellContent({ cell, props }: { cell: MatrixCell; props: Props }) {
  const name = props.cellTexts[cell.key] ?? cell.key;
  if (cell.state === "none") return <span className="muted" title="not evaluated">—</span>;
  if (cell.state === "summary") {
    return (
      <div className={styles.cell}>
        <div className={styles.score}>{cell.reportedPassAt1 === null ? "—" : (cell.reportedPassAt1 * 100).toFixed(1)}</div>
        <div className="small muted">summary only: no interval, no per-task view</div>
      </div>
    );
  }
  const delta = cell.delta ? formatDelta(cell.delta) : null;
  const isA = props.selectedA === cell.key;
  const isB = props.selectedB === cell.key;
  return (
    <div className={styles.cell}>
      <div className={styles.score}>{formatScoreWithCi(cell.passAt1)}</div>
      <div className="small muted">{formatCellSize(cell.passAt1, cell.repeats)}</div>
      {cell.role === "baseline" && <div><span className="badge badge-accent">baseline</span></div>}
      {cell.role === "reference" && <div className="small muted"><Term term="baselineRow">baseline row</Term></div>}
      {delta && (
        <div className={styles.delta}>
          <span className={cell.delta!.pp > 0 ? styles.up : cell.delta!.pp < 0 ? styles.down : undefined}>{delta.delta}</span>
          {cell.delta!.against === "reference" && <span className="small muted"> vs <Term term="baselineRow">baseline row</Term></span>}
          {delta.paired && <div className="small muted">{delta.paired}</div>}
        </div>
      )}
      <div className={styles.actions}>
        {(isA || isB) && <span className="badge badge-info">{isA && isB ? "A = B" : isA ? "A" : "B"}</span>}
        {!isA && <Link href={props.hrefWith({ a: refOf(cell) })} aria-label={`Select ${name} as A`}>A</Link>}
        {!isB && <Link href={props.hrefWith({ b: refOf(cell) })} aria-label={`Select ${name} as B`}>B</Link>}
        {cell.role !== "baseline" && <Link href={props.hrefWith({ baseline: refOf(cell) })} aria-label={`Use ${name} as the baseline`}>baseline</Link>}
      </div>
    </div>
  );
}

function AverageCell({ row }: { row: MatrixRow }) {
  const a = row.average;
  if (!a.complete) return <span className="muted small" title="a benchmark of this row has no per-task score">—</span>;
  return (
    <div className={styles.cell}>
      <div className={styles.score}>{formatScoreWithCi(a)}</div>
      {a.deltaPp !== null && <div className={styles.delta}>Δ {formatPp(a.deltaPp)}</div>}
    </div>
  );
}

function columnsOf(props: Props): Column<MatrixRow>[] {
  const { matrix } = props;
  const n = matrix.columns.length;
  return [
    {
      id: "row",
      label: "Row",
      header: "Row",
      value: (row) => row.spec.label,
      cell: (row) => (
        <>
          <div>{row.spec.label}</div>
          {row.spec.detail && <div className="small muted">{row.spec.detail}</div>}
          {row.spec.choice && <div className="small muted">{row.spec.choice}</div>}
        </>
      ),
    },
    ...matrix.columns.map((b, i): Column<MatrixRow> => ({
      id: `benchmark-${b}`,
      label: b,
      header: b,
      cellAttributes: (row) => {
        const c = row.cells[i];
        return {
          className: c.role === "baseline" ? styles.baselineCell : undefined,
          "data-selected": c.key === props.selectedA || c.key === props.selectedB ? "true" : undefined,
        };
      },
      cell: (row) => <CellContent cell={row.cells[i]} props={props} />,
    })),
    {
      id: "average",
      label: "Average",
      header: (
        <>
          Average <span className="small muted">(equal-weight mean of {n} benchmark{n === 1 ? "" : "s"})</span>
        </>
      ),
      cell: (row) => <AverageCell row={row} />,
    },
  ];
}

export function EvalMatrixTable(props: Props) {
  return (
    <DataTable
      columns={columnsOf(props)}
      rows={props.matrix.rows}
      rowKey={(row) => row.spec.key}
      rowProps={(row) => ({ className: row.isBaselineRow ? styles.baselineRow : undefined })}
      caption={`pass@1 (%) of ${props.rowsName} on each benchmark, with the 95 % interval over tasks; Δ in percentage points.`}
      tableClassName={styles.matrix}
      exportTable={props.exportTable}
      exportName={props.exportTable ? "pass@1 matrix" : undefined}
    />
  );
}
