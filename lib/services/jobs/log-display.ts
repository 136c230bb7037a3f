// How the job page shows a log: a job's progress lines (`{"harness_lab_progress": 0.4, "message": "step 2 of
// 5"}`, lib/services/jobs/progress.ts) become readable ("progress 40 % · step 2 of 5"); every other line stays as it
// was written. The raw log is still downloadable from the page. Pure, so the page and its test share it.
import { parseProgressLine } from "./progress";

/** The line as the page shows it. */
export function readableLogLine(line: string): string {
  const report = parseProgressLine(line);
  if (!report) return line;
  return `▸ progress ${Math.round(report.fraction * 100)} %${report.message ? ` · ${report.message}` : ""}`;
}

/** A log text (which may end inside a line) with its progress lines made readable. */
export function readableLog(text: string): string {
  return text.split("\n").map(readableLogLine).join("\n");
}
