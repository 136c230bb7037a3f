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
 * Titles, task names, experiment and benchmark names can come from model output or any ingest token: text a
 * spreadsheet would evaluate as a formula (=, +, -, @, tab, CR, LF first, or their full-width forms) gets a
 * leading apostrophe (OWASP's CSV-injection advice). Every cell is defused — body and header (the compare
 * tables head their columns with experiment names, the matrix with benchmarks). Numbers are not text.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uff1d\uff0b\uff0d\uff20]/;

function defused(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function csvCellText(cell: TableCell): string {
  const text = cellText(cell);
  return typeof cell === "string" ? defused(text) : text;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; lines end in CRLF. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: TableData): string {
  const lines = [table.columns.map(csvCellText), ...table.rows.map((r) => r.map(csvCellText))].map((r) => r.map(csvField).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/**
 * GitHub-flavoured Markdown: pipes escaped, line breaks folded to spaces, numeric columns right-aligned.
 * Text cells are defused like CSV's: a Markdown table pasted into a spreadsheet becomes cells too.
 */
export function toMarkdown(table: TableData): string {
  const esc = (text: string) => text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n|\r/g, " ");
  const numeric = table.columns.map((_, i) => table.rows.length > 0 && table.rows.every((r) => r[i] === null || typeof r[i] === "number"));
  const header = `| ${table.columns.map((c) => esc(csvCellText(c))).join(" | ")} |`;
  const rule = `| ${numeric.map((n) => (n ? "---:" : "---")).join(" | ")} |`;
  const body = table.rows.map((r) => `| ${table.columns.map((_, i) => esc(csvCellText(r[i] ?? null))).join(" | ")} |`);
  return [header, rule, ...body].join("\n") + "\n";
}
