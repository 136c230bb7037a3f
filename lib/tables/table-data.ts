// A table as plain data, so every results table can be copied as CSV or Markdown (issue 6, "tables are
// data") from the same values it shows. Pure: used by server pages (to build it) and the copy buttons.

export type TableCell = string | number | null;

export interface TableData {
  columns: string[];
  rows: TableCell[][];
}

/** Numbers as they are (full precision, so a spreadsheet can recompute); null as an empty cell. */
function cellText(cell: TableCell): string {
  if (cell === null) return "";
  return typeof cell === "number" ? (Number.isFinite(cell) ? String(cell) : "") : cell;
}

/**
 * Titles and task names can come from model output: text a spreadsheet would evaluate as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP's CSV-injection advice). Numbers are not text.
 */
function csvCellText(cell: TableCell): string {
  const text = cellText(cell);
  return typeof cell === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; lines end in CRLF. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: TableData): string {
  const lines = [table.columns, ...table.rows.map((r) => r.map(csvCellText))].map((r) => r.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** GitHub-flavoured Markdown: pipes escaped, line breaks folded to spaces, numeric columns right-aligned. */
export function toMarkdown(table: TableData): string {
  const esc = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, " ");
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => r[i] === null || typeof r[i] === "number"));
  const header = `| ${table.columns.map(esc).join(" | ")} |`;
  const rule = `| ${numeric.map((n) => (n ? "---:" : "---")).join(" | ")} |`;
  const body = table.rows.map((r) => `| ${table.columns.map((_, i) => esc(cellText(r[i] ?? null))).join(" | ")} |`);
  return [header, rule, ...body].join("\n") + "\n";
}
