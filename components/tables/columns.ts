// The column spec every table of the lab is declared with (issue 18 "layouts that fit", issue 20 "one table
// component"): what a column is called, how its cell is drawn, its plain value for CSV export, and how it
// behaves when the table does not fit — its priority (lower-priority columns are hidden first on narrow
// screens, one switch shows them again), a minimum width, and truncation with the full text kept reachable.
import type { CSSProperties, ReactNode } from "react";
import type { TableCell, TableData } from "@/lib/tables/table-data";

/**
 * 1: always shown (the row's identity and its main figures). 2: hidden when the table is narrower than a
 * phone-sized 34rem. 3: hidden when it is narrower than 62rem (a laptop with a side panel, a tablet).
 */
export type ColumnPriority = 1 | 2 | 3;

export interface Column<Row> {
  /** Stable id (React key, and the data-column attribute tests and styles may use). */
  id: string;
  /** The header as drawn (may hold a hint or a sort link). */
  header: ReactNode;
  /** The header as text: the CSV header, and the header's name when `header` is not plain text. */
  label: string;
  /** The cell as drawn. Without it the cell shows `value` formatted. */
  cell?: (row: Row, index: number) => ReactNode;
  /** The cell as data, for CSV export (and the drawn cell when there is no `cell`). */
  value?: (row: Row) => TableCell;
  /** Right-aligned tabular figures that never wrap. */
  numeric?: boolean;
  priority?: ColumnPriority;
  /** A CSS width the column never shrinks below (e.g. "12rem" for a task key). */
  minWidth?: string;
  /**
   * Cut long text to this width with an ellipsis; the full text is the cell's title (hover) and the cell can
   * take keyboard focus, which unfolds it. `text` gives that full text (defaults to `value`).
   */
  truncate?: { width: string; text?: (row: Row) => string };
  /** A CSS class for the cell (e.g. "mono"). */
  className?: string;
  /** A CSS class for the header cell only (e.g. "nowrap" for a header with a hint). */
  headerClassName?: string;
  /** A body cell's own class, style and data- flags (a marked cell, a selected cell, a heat-map shade). */
  cellAttributes?: (row: Row) => { className?: string; style?: CSSProperties; [data: `data-${string}`]: string | undefined };
  /** The cell's title (a hover note, e.g. the reason behind a verdict). */
  title?: (row: Row) => string | undefined;
  /**
   * This cell spans more than one column in this row (a note in place of figures); the cells it covers are
   * not drawn, and it is drawn as prose (not right-aligned figures). Give it only to columns never hidden.
   */
  colSpan?: (row: Row) => number | undefined;
}

export function columnPriority<Row>(column: Column<Row>): ColumnPriority {
  return column.priority ?? 1;
}

/** True when some column can be hidden on a narrow screen (the table then offers "Show all columns"). */
export function hasHideableColumns<Row>(columns: Column<Row>[]): boolean {
  return columns.some((c) => columnPriority(c) > 1);
}

/** The table as data for export: every column with a `value`, in order. */
export function tableDataOf<Row>(columns: Column<Row>[], rows: Row[]): TableData {
  const exported = columns.filter((c) => c.value !== undefined);
  return { columns: exported.map((c) => c.label), rows: rows.map((r) => exported.map((c) => c.value!(r))) };
}
