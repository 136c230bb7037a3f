// A TableData drawn by the one DataTable, for tables whose cells are just their values (the exported CSV and
// the page then agree by construction). Numbers are right-aligned with thousands separators; empty cells show
// "—". The first column is the row header unless told otherwise. Not a second table: an adapter from TableData
// to DataTable's column spec.
import type { TableCell, TableData } from "@/lib/tables/table-data";
import { cellText, DataTable, type Column } from "./data-table";

interface Props {
  table: TableData;
  caption?: string;
  /** Accessible name without a caption. */
  label?: string;
  /** The id of a heading that names the table. */
  labelledBy?: string;
  /** Per-column number formats (e.g. USD); columns without one use the default. */
  formats?: Record<string, (n: number) => string>;
  /** Export the table as CSV/Markdown under this name. */
  exportName?: string;
  /** False when the first column does not name its row (a list of steps): plain cells throughout. */
  rowHeaders?: boolean;
  /** A class for the box the table scrolls in. */
  scrollClassName?: string;
}

export function PlainTable({ table, caption, label, labelledBy, formats = {}, exportName, rowHeaders, scrollClassName }: Props) {
  const columns: Column<TableCell[]>[] = table.columns.map((name, i) => ({
    id: `${i}`,
    label: name,
    header: name,
    numeric: table.rows.length > 0 && table.rows.every((r) => r[i] === null || typeof r[i] === "number"),
    value: (row) => row[i] ?? null,
    cell: (row) => cellText(row[i] ?? null, formats[name]),
  }));
  return <DataTable columns={columns} rows={table.rows} rowKey={(_, r) => String(r)} caption={caption} label={label} labelledBy={labelledBy} exportName={exportName} exportTable={table} rowHeaders={rowHeaders} scrollClassName={scrollClassName} />;
}
