"use client";
// The numbers behind the charts: a table of every drawn point (rendered only when opened — a reduced overlay
// holds tens of thousands) and the CSV / Markdown export of the same table.
import { useState } from "react";
import { formatNumber } from "@/lib/format";
import type { TableData } from "@/lib/tables/table-data";
import { TableExport } from "@/components/ui/table-export";

const SHOWN_ROWS = 2_000;

export function CurveValues({ table, name }: { table: TableData; name: string }) {
  const [open, setOpen] = useState(false);
  const shown = open ? table.rows.slice(0, SHOWN_ROWS) : [];
  return (
    <div>
      <TableExport table={table} name={name} />
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Values of the drawn points ({table.rows.length.toLocaleString("en-US")} rows)</summary>
        {open && (
          <>
            {table.rows.length > SHOWN_ROWS && (
              <p className="muted small">The first {SHOWN_ROWS.toLocaleString("en-US")} rows; Download CSV holds all of them.</p>
            )}
            <div className="table-wrap">
              <table className="table">
                <caption className="muted small">{name}</caption>
                <thead>
                  <tr>{table.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
                </thead>
                <tbody>
                  {shown.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, c) => (
                        <td key={c} className={typeof cell === "number" ? "num" : undefined}>
                          {cell === null ? "—" : typeof cell === "number" ? formatNumber(cell, 6) : cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </details>
    </div>
  );
}
