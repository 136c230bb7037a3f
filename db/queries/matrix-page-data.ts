// Everything the two matrix pages show, gathered on the server from the URL's parameters: the matrix source
// (db/queries/eval-matrix.ts), the resolved view, the flips of the two selected cells, and each table as
// TableData for export. Server-only: it runs the queries; the components get the plain result.
import "server-only";
import type { Store } from "../client";
import { getEvalMatrixSource, listEvalCellTasks } from "./eval-matrix";
import type { TableData } from "../../lib/tables/table-data";
import type { CellRef } from "../../lib/results/cell-key";
import { matrixLabels } from "../../lib/results/matrix-labels";
import type { MatrixPreset } from "../../lib/results/matrix-layout";
import type { MatrixParams } from "../../lib/results/matrix-params";
import type { EvalMatrixSource } from "../../lib/results/matrix-source";
import { flipsTable, matrixTable, summaryOnlyTable } from "../../lib/results/matrix-tables";
import { resolveMatrixView, type MatrixView } from "../../lib/results/matrix-view";
import { cellFlips, type CellFlips } from "../../lib/results/task-flips";

export interface SelectedCell {
  cell: CellRef;
  /** "HarnessAdapt · step 6 · H2 · mini-verified". */
  text: string;
}

export interface MatrixPageData {
  experiments: EvalMatrixSource["experiments"];
  view: MatrixView;
  matrixTable: TableData;
  /** Each shown cell by its key, named as "HarnessAdapt · step 6 · H2 · mini-verified" (for labels). */
  cellTexts: Record<string, string>;
  baselineText: string | null;
  selection: { a: SelectedCell | null; b: SelectedCell | null };
  flips: { result: CellFlips; table: TableData } | null;
  summaryOnly: TableData;
}

export function getMatrixPageData(store: Store, experimentIds: readonly string[], params: MatrixParams, defaultPreset: MatrixPreset): MatrixPageData {
  const source = getEvalMatrixSource(store, experimentIds);
  const view = resolveMatrixView(source, params, defaultPreset);
  const labels = matrixLabels(source);
  const multi = source.experiments.length > 1;
  const cellText = (c: CellRef) => `${labels.rowText(c, multi)} · ${c.benchmark}`;
  const selected = (c: CellRef | null): SelectedCell | null => (c ? { cell: c, text: cellText(c) } : null);
  let flips: MatrixPageData["flips"] = null;
  if (view.a && view.b) {
    const result = cellFlips(listEvalCellTasks(store, view.a), listEvalCellTasks(store, view.b));
    flips = { result, table: flipsTable(result) };
  }
  const cellTexts: Record<string, string> = {};
  for (const row of view.matrix.rows) for (const c of row.cells) cellTexts[c.key] = cellText(c);
  return {
    experiments: source.experiments,
    view,
    matrixTable: matrixTable(view.matrix),
    cellTexts,
    baselineText: view.baseline ? cellText(view.baseline) : null,
    selection: { a: selected(view.a), b: selected(view.b) },
    flips,
    summaryOnly: summaryOnlyTable(source.cells, labels, multi),
  };
}
