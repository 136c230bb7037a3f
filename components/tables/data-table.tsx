// A TableData drawn as a plain table, for tables whose cells are just their values (the exported CSV and the
// page then agree by construction). Numbers are right-aligned with thousands separators; empty cells show
// "—". The first column is the row header.
import type { TableCell, TableData } from "@/lib/tables/table-data";
import { formatNumber } from "@/lib/format";

function cellText(cell: TableCell, format?: (n: number) => string): string {
  if (cell === null) return "—";
  if (typeof cell === "number") return format ? format(cell) : Number.isInteger(cell) ? cell.toLocaleString("en-US") : formatNumber(cell);
  return cell;
}

interface Props {
  table: TableData;
  caption?: string;
  /** Per-column number formats (e.g. USD); columns without one use the default. */
  formats?: Record<string, (n: number) => string>;
}

export function DataTable({ table, caption, formats = {} }: Props) {
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => r[i] === null || typeof r[i] === "number"));
  return (
    <div className="table-wrap">
      <table className="table">
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>
            {table.columns.map((c, i) => (
              <th key={c} scope="col" className={numeric[i] ? "num" : undefined}>{c}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">{cellText(cell, formats[table.columns[i]])}</th>
                ) : (
                  <td key={i} className={numeric[i] ? "num" : cell === null ? "muted" : undefined}>{cellText(cell, formats[table.columns[i]])}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
