// The per-file import report: what each file gave (format, rollouts, verdicts) or why it gave nothing.
// The CLI prints it, the upload route answers it as JSON and the form shows it as a table.
import { describeAccounting, type Accounting } from "./accounting";

export interface FileProblem {
  /** What in the file is wrong: a field path inside it, or "file" for the file as a whole. */
  field: string;
  reason: string;
}

export interface FileReport {
  file: string;
  /** The format the reader recorded; null when no reader took the file. */
  format: string | null;
  bytes: number;
  /** Rollouts stored from this file (or, when it failed, none). */
  rollouts: number;
  /** Evaluator verdicts read from this file. */
  verdicts: number;
  /** Facts about instances (exit statuses, predictions) read from this file. */
  facts: number;
  /** The ids of the stored rollouts, in file order, for links to the viewer. */
  rolloutIds: string[];
  problem?: FileProblem;
  /** Why the file was left out without failing the import: not data (a README, an image, a hidden file). */
  skipped?: string;
  /** What the reader made of each item of the file (message, step, event); see lib/services/importers/accounting.ts. */
  accounting?: Accounting;
  /** Things the user should know that did not stop the file (a duplicate instance, an original not kept). */
  notes: string[];
}

export type Counts = Record<string, number>;

export interface ImportReport {
  experiment: { id: string; name: string; created: boolean };
  run: { id: string; name: string };
  harnessVersion?: { id: string; label: string; created: boolean };
  benchmark: string;
  files: FileReport[];
  totals: {
    files: number;
    imported: number;
    failed: number;
    /** Files that are not data (README, images, hidden files), listed and left out. */
    skipped: number;
    rollouts: number;
    verdicts: number;
    applied: Counts;
    unchanged: Counts;
  };
  /** True when every file imported; a failed file still lets the others in. */
  ok: boolean;
}

export function newFileReport(file: string, bytes: number): FileReport {
  return { file, format: null, bytes, rollouts: 0, verdicts: 0, facts: 0, rolloutIds: [], notes: [] };
}

export function failedFile(file: string, bytes: number, field: string, reason: string): FileReport {
  return { ...newFileReport(file, bytes), problem: { field, reason } };
}

export function skippedFile(file: string, bytes: number, reason: string): FileReport {
  return { ...newFileReport(file, bytes), skipped: reason };
}

export function addCounts(into: Counts, from: Counts): void {
  for (const [key, n] of Object.entries(from)) into[key] = (into[key] ?? 0) + n;
}

export function summarise(files: FileReport[], applied: Counts, unchanged: Counts): ImportReport["totals"] {
  const failed = files.filter((f) => f.problem).length;
  const skipped = files.filter((f) => !f.problem && f.skipped).length;
  return {
    files: files.length,
    imported: files.length - failed - skipped,
    failed,
    skipped,
    rollouts: files.reduce((n, f) => n + f.rollouts, 0),
    verdicts: files.reduce((n, f) => n + f.verdicts, 0),
    applied,
    unchanged,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One line of what a file gave, e.g. "1 rollout, 500 verdicts"; "nothing" when empty. */
export function describeYield(file: Pick<FileReport, "rollouts" | "verdicts" | "facts">): string {
  const parts: string[] = [];
  if (file.rollouts) parts.push(plural(file.rollouts, "rollout"));
  if (file.verdicts) parts.push(plural(file.verdicts, "verdict"));
  if (file.facts) parts.push(plural(file.facts, "instance fact"));
  return parts.length ? parts.join(", ") : "nothing";
}

function formatCounts(counts: Counts): string {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  return entries.length === 0 ? "none" : entries.map(([type, n]) => `${type} ${n}`).join(", ");
}

/** The report as the CLI prints it: a header, one line per file (plus its notes), the totals. */
export function formatImportReport(report: ImportReport): string {
  const lines: string[] = [];
  const harness = report.harnessVersion ? `, harness ${report.harnessVersion.label} (${report.harnessVersion.id})` : "";
  lines.push(
    `experiment "${report.experiment.name}" (${report.experiment.id}${report.experiment.created ? ", new" : ""}), ` +
    `run "${report.run.name}" (${report.run.id})${harness}, benchmark ${report.benchmark}`,
  );
  // Long names (deep folders) get a line of their own rather than pushing every column off the screen.
  const width = Math.min(60, Math.max(10, ...report.files.map((f) => f.file.length)));
  const formatWidth = Math.max(6, ...report.files.map((f) => (f.format ?? "-").length));
  const indent = " ".repeat(width + 4);
  for (const file of report.files) {
    const what = file.problem ? `FAILED ${file.problem.field}: ${file.problem.reason}` : file.skipped ? `skipped: ${file.skipped}` : describeYield(file);
    const details = `${(file.format ?? "-").padEnd(formatWidth)}  ${what}`;
    if (file.file.length > width) lines.push(`  ${file.file}`, `${indent}${details}`);
    else lines.push(`  ${file.file.padEnd(width)}  ${details}`);
    const accounted = file.accounting && !file.problem ? describeAccounting(file.accounting) : undefined;
    if (accounted) lines.push(`${indent}${"".padEnd(formatWidth)}  ${accounted}`);
    for (const note of file.notes) lines.push(`${indent}${"".padEnd(formatWidth)}  note: ${note}`);
  }
  const t = report.totals;
  lines.push(
    `${plural(t.files, "file")}: ${t.imported} imported, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped (not data)` : ""}; ${plural(t.rollouts, "rollout")}, ${plural(t.verdicts, "verdict")}`,
    `  applied:   ${formatCounts(t.applied)}`,
    `  unchanged: ${formatCounts(t.unchanged)}`,
  );
  return lines.join("\n");
}
