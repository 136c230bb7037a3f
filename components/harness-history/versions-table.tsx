// The versions in creation order as a table (the timeline), folded: the tree above is the reading view,
// this is the same data as rows to scan or export.
import type { TableData } from "@/lib/tables/table-data";
import { PlainTable } from "@/components/tables/plain-table";

export function VersionsTable({ table }: { table: TableData }) {
  return (
    <details>
      <summary>Show the table ({table.rows.length} {table.rows.length === 1 ? "row" : "rows"})</summary>
      <PlainTable table={table} />
    </details>
  );
}
