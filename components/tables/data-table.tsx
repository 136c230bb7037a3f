// The one table component (issue 18 "layouts that fit", issue 20 "one table component"): columns declared
// with a spec (components/tables/columns.ts), the first column sticky, lower-priority columns hidden first when
// the table is narrow (a "Show all columns" switch brings them back; pure CSS, so it works on server pages),
// long text truncated with its full text on hover and keyboard focus, horizontal scroll inside the table's own
// frame only when even the kept columns do not fit, and CSV/Markdown export built in when given a name.
// Rows may be grouped under heading rows (a failure packet's patches), one may be the selected row (the inbox's
// keyboard selection), a cell may span several columns (a note in place of figures), and a total may sit in the
// table's foot.
// No hooks: server pages and client components both draw it.
import { Fragment, type MouseEventHandler, type ReactNode } from "react";
import type { TableCell, TableData } from "@/lib/tables/table-data";
import { formatNumber } from "@/lib/format";
import { columnPriority, tableDataOf, type Column } from "./columns";
import { TableFrame } from "./table-frame";
import styles from "./data-table.module.css";

export type { Column } from "./columns";

/** A plain value as the page shows it: numbers with separators, empty as "—". */
export function cellText(cell: TableCell | undefined, format?: (n: number) => string): string {
  if (cell === null || cell === undefined) return "—";
  if (typeof cell === "number") return format ? format(cell) : Number.isInteger(cell) ? cell.toLocaleString("en-US") : formatNumber(cell);
  return cell;
}

interface Props<Row> {
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /** Shown above the table (and its accessible name). */
  caption?: ReactNode;
  /** Keep the caption for screen readers only. */
  captionHidden?: boolean;
  /** Accessible name when there is no caption. */
  label?: string;
  /** The id of a heading that names the table (instead of a caption or label). */
  labelledBy?: string;
  /** Export the rows (every column with a `value`) as CSV/Markdown under this name. */
  exportName?: string;
  /** What to export instead of the columns' values (a page's own export with its number formats). */
  exportTable?: TableData;
  /** Extra attributes of a body row (a class, a data- flag, the selected row and its click). */
  rowProps?: (row: Row, index: number) => RowAttributes;
  /** A heading row drawn before this row, spanning every column (a group's name); nothing when undefined. */
  groupHeading?: (row: Row, index: number) => ReactNode;
  /** Rows drawn in the table's foot (a total), with the same columns. */
  footer?: Row[];
  /** "grid" for a table with its own keyboard navigation (the inbox). */
  role?: "grid";
  /** aria-rowcount, when it is not simply the rows drawn. */
  rowCount?: number;
  id?: string;
  /** The first column heads each row (a <th scope="row">); true unless the rows have no natural name. */
  rowHeaders?: boolean;
  /** The id of the column that heads each row when it is not the first (a task after its flip badge). */
  rowHeader?: string;
  /** Extra controls shown in the table's tool bar (left of the export). */
  tools?: ReactNode;
  /** A class for the frame around the table. */
  className?: string;
  /** A class for the box the table scrolls in (e.g. a maximum height for a long list of steps). */
  scrollClassName?: string;
  /** A class for the <table> itself (a page's own cell styles). */
  tableClassName?: string;
}

export interface RowAttributes {
  className?: string;
  /** The selected row (highlighted, its first cell marked). */
  "aria-selected"?: boolean;
  onClick?: MouseEventHandler<HTMLTableRowElement>;
  [data: `data-${string}`]: string | boolean | undefined;
}

function classes(...names: (string | false | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(" ");
  return joined || undefined;
}

function CellContent<Row>({ column, row, index }: { column: Column<Row>; row: Row; index: number }) {
  const value = column.value?.(row);
  const content = column.cell ? column.cell(row, index) : cellText(value);
  if (!column.truncate) return <>{content}</>;
  const full = column.truncate.text?.(row) ?? (value === null || value === undefined ? undefined : String(value));
  return (
    // Focusable so a keyboard user can unfold it too (the title only shows on hover).
    <span className={styles.truncate} style={{ maxWidth: column.truncate.width }} title={full} tabIndex={0}>
      {content}
    </span>
  );
}

function BodyRow<Row>({ columns, row, index, header, attributes, cellProps }: {
  columns: Column<Row>[];
  row: Row;
  index: number;
  /** The id of the column drawn as the row's header, if any. */
  header: string | undefined;
  attributes?: RowAttributes;
  cellProps: (c: Column<Row>, row: Row | null, extra?: string) => Record<string, unknown>;
}) {
  const cells: ReactNode[] = [];
  for (let i = 0; i < columns.length; i += 1) {
    const c = columns[i];
    const span = c.colSpan?.(row);
    const spans = span !== undefined && span > 1;
    const props = cellProps(spans ? { ...c, numeric: false } : c, row, !c.cell && c.value?.(row) === null ? "muted" : undefined);
    const content = <CellContent column={c} row={row} index={index} />;
    cells.push(
      c.id === header ? (
        <th key={c.id} scope="row" colSpan={spans ? span : undefined} {...props}>
          {content}
        </th>
      ) : (
        <td key={c.id} colSpan={spans ? span : undefined} {...props}>
          {content}
        </td>
      ),
    );
    if (spans) i += span - 1;
  }
  return <tr {...attributes}>{cells}</tr>;
}

export function DataTable<Row>({ columns, rows, rowKey, caption, captionHidden, label, labelledBy, exportName, exportTable, rowProps, groupHeading, footer, role, rowCount, id, rowHeaders = true, rowHeader, tools, className, scrollClassName, tableClassName }: Props<Row>) {
  const header = rowHeaders ? (rowHeader ?? columns[0]?.id) : undefined;
  const cellProps = (c: Column<Row>, row: Row | null, extra?: string) => {
    const own = row === null ? undefined : c.cellAttributes?.(row);
    return {
      ...own,
      className: classes(c.numeric && "num", c.className, row === null && c.headerClassName, c.truncate && styles.truncated, own?.className, extra),
      title: row === null ? undefined : c.title?.(row),
      "data-priority": columnPriority(c) > 1 ? columnPriority(c) : undefined,
      "data-column": c.id,
      style: c.minWidth || own?.style ? { minWidth: c.minWidth, ...own?.style } : undefined,
    };
  };
  return (
    <TableFrame
      priorities={columns.map(columnPriority)}
      tools={tools}
      exportName={exportName}
      exportTable={exportName ? (exportTable ?? tableDataOf(columns, rows)) : undefined}
      className={className}
    >
      <div className={classes("table-wrap", styles.scroll, scrollClassName)}>
        <table className={classes("table", styles.table, tableClassName)} id={id} role={role} aria-label={caption ? undefined : label} aria-labelledby={labelledBy} aria-rowcount={rowCount}>
          {caption && <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>}
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.id} scope="col" {...cellProps(c, null)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              const heading = groupHeading?.(row, r);
              return (
                <Fragment key={rowKey(row, r)}>
                  {heading !== undefined && heading !== null && heading !== false && (
                    <tr className={styles.groupHeading}>
                      <th scope="colgroup" colSpan={columns.length}>
                        {heading}
                      </th>
                    </tr>
                  )}
                  <BodyRow columns={columns} row={row} index={r} header={header} attributes={rowProps?.(row, r)} cellProps={cellProps} />
                </Fragment>
              );
            })}
          </tbody>
          {footer && footer.length > 0 && (
            <tfoot>
              {footer.map((row, r) => (
                <BodyRow
                  key={rowKey(row, rows.length + r)}
                  columns={columns}
                  row={row}
                  index={rows.length + r}
                  header={header}
                  attributes={rowProps?.(row, rows.length + r)}
                  cellProps={cellProps}
                />
              ))}
            </tfoot>
          )}
        </table>
      </div>
    </TableFrame>
  );
}
