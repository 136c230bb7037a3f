// The matrix, its flips and its summary-only runs as TableData ("tables are data"), from the same values the
// page shows, numbers at full precision in percent / percentage points so a spreadsheet can recompute.
import type { TableCell, TableData } from "../tables/table-data";
import type { EvalMatrix } from "./eval-matrix";
import type { CellFlips, CellTask, TaskFlip } from "./task-flips";
import type { EvalCellSource } from "./matrix-source";
import type { MatrixLabels } from "./matrix-labels";

const pc = (x: number | null | undefined): number | null => (x === null || x === undefined ? null : x * 100);

export function matrixTable(m: EvalMatrix): TableData {
  const columns = ["Row", "Detail"];
  for (const b of m.columns) {
    columns.push(`${b} pass@1 %`, `${b} 95% CI low %`, `${b} 95% CI high %`, `${b} tasks`, `${b} repeats`,
      `${b} reported pass@1 % (summary only)`, `${b} Δ pp`, `${b} paired Δ pp`, `${b} paired 95% CI low pp`, `${b} paired 95% CI high pp`, `${b} shared tasks`);
  }
  columns.push("average pass@1 % (equal-weight mean of benchmarks)", "average 95% CI low %", "average 95% CI high %", "average Δ pp");
  const rows = m.rows.map((r) => {
    const out: TableCell[] = [r.spec.label, r.spec.detail + (r.isBaselineRow ? " (baseline row)" : "")];
    for (const c of r.cells) {
      const p = c.passAt1;
      const paired = c.delta?.paired ?? null;
      out.push(pc(p?.score), pc(p?.ci?.[0]), pc(p?.ci?.[1]), p?.tasks ?? null, c.repeats.length || null,
        pc(c.reportedPassAt1), c.role === "baseline" ? 0 : c.delta?.pp ?? null, pc(paired?.delta), pc(paired?.ci?.[0]), pc(paired?.ci?.[1]), paired?.shared ?? null);
    }
    out.push(pc(r.average.score), pc(r.average.ci?.[0]), pc(r.average.ci?.[1]), r.average.deltaPp);
    return out;
  });
  return { columns, rows };
}

const rolloutIds = (t: CellTask) => t.runs.map((r) => r.rolloutId ?? "").filter(Boolean).join(" ");

export function flipsTable(flips: CellFlips): TableData {
  const row = (f: TaskFlip): TableCell[] => [
    f.kind, f.key, f.taskId, f.a.successes, f.a.attempts, f.b.successes, f.b.attempts, f.change * 100, rolloutIds(f.a), rolloutIds(f.b),
  ];
  return {
    columns: ["Flip", "Task", "Task id", "A successes", "A attempts", "B successes", "B attempts", "change pp", "A rollouts", "B rollouts"],
    rows: [...flips.rescued.map(row), ...flips.regressed.map(row)],
  };
}

export function summaryOnlyTable(cells: readonly EvalCellSource[], labels: MatrixLabels, multiExperiment: boolean): TableData {
  const rows: TableCell[][] = [];
  for (const c of cells) {
    for (const s of c.summaryOnly) {
      rows.push([labels.rowText(c, multiExperiment), c.benchmark, s.evalRunId, s.repeat,
        Object.entries(s.reported).map(([k, v]) => `${k}=${v}`).join("; ")]);
    }
  }
  return { columns: ["Row", "Benchmark", "Eval run", "Repeat", "Reported"], rows };
}
