// A TableData drawn by the one DataTable, for tables whose cells are just their values (the exported CSV and
// the page then agree by construction). Numbers are right-aligned with thousands separators; empty cells show
// "—". The first column is the row header.
import type { TableCell, TableData } from "@/lib/tables/table-data";
import { cellText, DataTable, type Column } from "./data-table";

interface Props {
  table: TableData;
  caption?: string;
  /** Per-column number formats (e.g. USD); columns without one use the default. */
  formats?: Record<string, (n: number) => string>;
  /** Export the table as CSV/Markdown under this name. */
  exportName?: string;
}

export function PlainTable({ table, caption, formats = {}, exportName }: Props) {
  const columns: Column<TableCell[]>[] = table.columns.map((name, i) => ({
    id: `${i}`,
    label: name,
    header: name,
    numeric: table.rows.length > 0 && table.rows.every((r) => r[i] === null || typeof r[i] === "number"),
    value: (row) => row[i] ?? null,
    cell: (row) => cellText(row[i] ?? null, formats[name]),
  }));
  return <DataTable columns={columns} rows={table.rows} rowKey={(_, r) => String(r)} caption={caption} exportName={exportName} exportTable={table} />;
}
