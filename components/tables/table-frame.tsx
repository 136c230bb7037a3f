// The frame every table of the lab sits in (issue 18 "layouts that fit", issue 20 "one table component"): a size
// container, so columns give way by the table's own width; a tool bar with the "Show all columns" switch (pure
// CSS, shown only when some column can give way) and the export. DataTable draws its table in it; the
// trajectory browser's virtualised grid, which draws its own rows, shares it (and `stickyFirstColumn`) so the
// switch, the priorities' rules and the sticky first column exist once.
import type { ReactNode } from "react";
import type { TableData } from "@/lib/tables/table-data";
import { TableExport } from "@/components/ui/table-export";
import type { ColumnPriority } from "./columns";
import styles from "./data-table.module.css";

/** The class that keeps a table's first column in view when it scrolls sideways (and marks a selected row). */
export const stickyFirstColumn = styles.table;

interface Props {
  /** Every column's priority: the switch shows when one can give way. */
  priorities: ColumnPriority[];
  /** Extra controls in the tool bar (left of the export). */
  tools?: ReactNode;
  /** Export the table under this name (CSV/Markdown). */
  exportName?: string;
  exportTable?: TableData;
  className?: string;
  children: ReactNode;
}

export function TableFrame({ priorities, tools, exportName, exportTable, className, children }: Props) {
  const hideable = priorities.some((p) => p > 1);
  const lowest = Math.max(1, ...priorities);
  const exported = exportName !== undefined && exportTable !== undefined;
  return (
    <div className={[styles.frame, lowest >= 3 && styles.hasLow, className].filter(Boolean).join(" ")}>
      {(hideable || exported || tools) && (
        <div className={styles.tools}>
          {tools}
          {hideable && (
            <label className={styles.showAll}>
              <input type="checkbox" className={styles.showAllInput} /> Show all columns
            </label>
          )}
          {exported && <TableExport table={exportTable} name={exportName} />}
        </div>
      )}
      {children}
    </div>
  );
}
