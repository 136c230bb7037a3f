"use client";
// The numbers behind the charts: a table of every drawn point (rendered only when opened — a reduced overlay
// holds tens of thousands; drawn by the one DataTable) and the CSV / Markdown export of the whole table, offered
// while the table is closed too (so it stays outside the DataTable, which would export only the rows drawn).
import { useState } from "react";
import { formatNumber } from "@/lib/format";
import type { TableData } from "@/lib/tables/table-data";
import { TableExport } from "@/components/ui/table-export";
import { PlainTable } from "@/components/tables/plain-table";

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
            <PlainTable
              table={{ columns: table.columns, rows: shown }}
              caption={name}
              formats={Object.fromEntries(table.columns.map((c) => [c, (n: number) => formatNumber(n, 6)]))}
              rowHeaders={false}
            />
          </>
        )}
      </details>
    </div>
  );
}
