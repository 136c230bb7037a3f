// The evaluation matrix: rows × benchmark columns from a layout, each cell pass@1 with its 95 % interval over
// tasks (cell-pass-at-1.ts, shared with the pass@1 curves), Δ in percentage points against the baseline the user picked, and an average column
// that is the equal-weight mean of the benchmarks (equalWeightAverage), as the papers' "avg" is.
//
// The baseline is a cell. A difference between two benchmarks compares different tasks, so a cell is compared
// with the baseline cell when it is on the same benchmark, and otherwise with the baseline ROW's cell on its
// own benchmark (the "reference"). When the two cells share tasks, the paired Δ over the shared tasks comes
// with its own interval (paired-delta.ts), which is what says whether a difference is more than noise.
import { cellKey, rowKey, type CellRef } from "./cell-key";
import type { PassAt1 } from "./pass-at-1";
import { averageOfCells, cellPassAt1 } from "./cell-pass-at-1";
import { pairedDelta, taskRates, type PairedDelta } from "./paired-delta";
import type { MatrixLayout, MatrixRowSpec } from "./matrix-layout";
import type { EvalCellSource } from "./matrix-source";

export type CellState = "results" | "summary" | "none";

export interface MatrixCell extends CellRef {
  key: string;
  state: CellState;
  /** From per-task results; null when the cell has none. */
  passAt1: PassAt1 | null;
  repeats: number[];
  /** Summary-only runs: their reported pass@1 (mean over the runs that name one), never an interval. */
  summaryRuns: number;
  reportedPassAt1: number | null;
  /** "baseline": the cell picked; "reference": the baseline row's cell that stands in on another benchmark. */
  role: "baseline" | "reference" | null;
  delta: CellDelta | null;
}

export interface CellDelta {
  against: "baseline" | "reference";
  /** score − reference score, in percentage points. */
  pp: number;
  /** Over shared tasks; null when the cells share none. */
  paired: PairedDelta | null;
}

export interface MatrixAverage {
  score: number | null;
  se: number | null;
  ci: [number, number] | null;
  /** False when a benchmark has no per-task score: then there is no average. */
  complete: boolean;
  deltaPp: number | null;
}

export interface MatrixRow {
  spec: MatrixRowSpec;
  cells: MatrixCell[];
  average: MatrixAverage;
  isBaselineRow: boolean;
}

export interface EvalMatrix {
  columns: string[];
  rows: MatrixRow[];
  baseline: CellRef | null;
}

/** Keys a producer may use for pass@1 in `reported`, as a fraction in [0, 1]. */
const REPORTED_PASS_KEYS = ["pass@1", "pass_at_1", "pass1", "resolved_rate", "pass_rate"];

export function reportedPassAt1(values: Record<string, number>): number | null {
  const lower = new Map(Object.entries(values).map(([k, v]) => [k.toLowerCase(), v]));
  for (const key of REPORTED_PASS_KEYS) {
    const v = lower.get(key);
    if (typeof v === "number" && v >= 0 && v <= 1) return v;
  }
  return null;
}

function cellView(ref: CellRef, source: EvalCellSource | undefined): MatrixCell {
  const key = cellKey(ref);
  const base = { ...ref, key, role: null, delta: null };
  if (!source) return { ...base, state: "none", passAt1: null, repeats: [], summaryRuns: 0, reportedPassAt1: null };
  const reported = source.summaryOnly.map((s) => reportedPassAt1(s.reported)).filter((v): v is number => v !== null);
  const reportedMean = reported.length ? reported.reduce((a, b) => a + b, 0) / reported.length : null;
  const score = cellPassAt1(source);
  return {
    ...base,
    state: score ? "results" : source.summaryOnly.length > 0 ? "summary" : "none",
    passAt1: score,
    repeats: source.repeats,
    summaryRuns: source.summaryOnly.length,
    reportedPassAt1: reportedMean,
  };
}

export function buildMatrix(cells: readonly EvalCellSource[], layout: MatrixLayout, baseline: CellRef | null): EvalMatrix {
  const byKey = new Map(cells.map((c) => [cellKey(c), c]));
  const baselineRowKey = baseline ? rowKey(baseline) : null;
  const baselineRow = baseline
    ? { experimentId: baseline.experimentId, checkpointId: baseline.checkpointId, harnessVersionId: baseline.harnessVersionId }
    : null;

  // The reference cell of each column: the baseline itself on its benchmark, the baseline row's cell elsewhere.
  // Each reference's per-task rates are built once and paired against every cell of its column.
  const references = new Map<string, { source: EvalCellSource | undefined; rates: Map<string, number> | null; view: MatrixCell }>();
  if (baselineRow) {
    for (const column of layout.columns) {
      const ref = { ...baselineRow, benchmark: column };
      const source = byKey.get(cellKey(ref));
      references.set(column, { source, rates: source ? taskRates(source.tasks) : null, view: cellView(ref, source) });
    }
  }

  const rows = layout.rows.map((spec): MatrixRow => {
    // A row standing for identical versions is the baseline row when the baseline is any of them.
    const isBaselineRow = spec.key === baselineRowKey || (baselineRowKey !== null && spec.members.some((m) => rowKey(m) === baselineRowKey));
    const rowCells = layout.columns.map((benchmark) => {
      const ref: CellRef = { experimentId: spec.experimentId, checkpointId: spec.checkpointId, harnessVersionId: spec.harnessVersionId, benchmark };
      const source = byKey.get(cellKey(ref));
      const view = cellView(ref, source);
      if (isBaselineRow) return { ...view, role: benchmark === baseline?.benchmark ? ("baseline" as const) : ("reference" as const) };
      const reference = references.get(benchmark);
      const score = view.passAt1?.score ?? null;
      const refScore = reference?.view.passAt1?.score ?? null;
      if (!reference || score === null || refScore === null || !source || !reference.source || !reference.rates) return view;
      const paired = pairedDelta(reference.source.tasks, source.tasks, reference.rates);
      return {
        ...view,
        delta: {
          against: benchmark === baseline?.benchmark ? ("baseline" as const) : ("reference" as const),
          pp: (score - refScore) * 100,
          paired: paired.shared > 0 ? paired : null,
        },
      };
    });
    return { spec, cells: rowCells, average: average(rowCells), isBaselineRow };
  });

  const baselineAverage = baselineRow
    ? average(layout.columns.map((c) => references.get(c)!.view))
    : null;
  for (const row of rows) {
    if (!row.isBaselineRow && baselineAverage?.score != null && row.average.score !== null) {
      row.average.deltaPp = (row.average.score - baselineAverage.score) * 100;
    }
  }
  return { columns: layout.columns, rows, baseline };
}

function average(cells: readonly MatrixCell[]): MatrixAverage {
  return { ...averageOfCells(cells.map((c) => c.passAt1)), deltaPp: null };
}

/** The baseline when none is picked: the first shown cell with per-task results. */
export function defaultBaseline(cells: readonly EvalCellSource[], layout: MatrixLayout): CellRef | null {
  const byKey = new Map(cells.map((c) => [cellKey(c), c]));
  for (const row of layout.rows) {
    for (const benchmark of layout.columns) {
      const c = byKey.get(cellKey({ ...row, benchmark }));
      if (c && c.tasks.length > 0) return { experimentId: c.experimentId, checkpointId: c.checkpointId, harnessVersionId: c.harnessVersionId, benchmark };
    }
  }
  return null;
}
