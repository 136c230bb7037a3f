// Hostile input that shows in what the server PRODUCES rather than in its answer: the server's log after the
// run (a forged line or a raw terminal escape from a metric key, issue 13 finding 5) and the CSV a results
// table exports when an experiment or benchmark is named like a spreadsheet formula (finding 6).
import { toCsv } from "../../lib/tables/table-data";
import { FORGED_LINK } from "./hostile-ingest-cases";

/** Names a spreadsheet would run as a formula (OWASP's CSV-injection examples). */
export const FORMULA_NAMES = ["=cmd|' /C calc'!A0", "+SUM(1+1)*cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"];

/** Problems in the server's log: a raw ESC (terminal control) or the forged sign-in link as a line of its own. */
export function logInjectionProblems(log: string): string[] {
  const problems: string[] = [];
  const escapes = (log.match(/\u001b/g) ?? []).length;
  if (escapes > 0) problems.push(`the server log holds ${escapes} raw ESC character(s): a request's text reached the terminal unescaped`);
  const forged = log.split(/\r?\n|\r/).filter((line) => line.trimStart().startsWith(FORGED_LINK));
  if (forged.length > 0) problems.push(`the server log has ${forged.length} forged line(s) starting with ${FORGED_LINK}: a request's text broke out of its log line`);
  return problems;
}

/**
 * The CSV of a table whose header cells carry formula-like names (a results matrix's columns are named after
 * benchmarks, comparisons after experiments), exported with the function every copy and download button
 * uses: every text cell, header included, must be defused (start with an apostrophe).
 */
export function headerCsvProblems(): string[] {
  const table = { columns: FORMULA_NAMES.map((name) => `${name} pass@1 %`), rows: [FORMULA_NAMES] };
  const [header, body] = toCsv(table).split("\r\n");
  const problems: string[] = [];
  for (const [which, line] of [["header", header], ["body", body]] as const) {
    const live = (line ?? "").split(",").map((cell) => cell.replace(/^"/, "")).filter((cell) => /^[=+\-@\t\r]/.test(cell));
    if (live.length > 0) problems.push(`the CSV export's ${which} has ${live.length} cell(s) a spreadsheet would run as a formula, e.g. ${live[0]}`);
  }
  return problems;
}
