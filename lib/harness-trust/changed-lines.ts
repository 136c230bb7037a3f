// The changed lines of one file as plain text, for the launch form's review of an unreviewed harness version:
// the common head and tail are trimmed and everything between is shown ("- " removed, "+ " added), so no
// changed line can hide; a line cap keeps a huge file from filling the page (the full Monaco diff is linked).
import { commonEnds, splitLines } from "../harness-diff/line-diff";

export interface ChangedLines {
  /** 1-based line of the first change in the candidate. */
  startLine: number;
  lines: string[];
  /** Lines left out past the cap. */
  omitted: number;
}

export const MAX_REVIEW_LINES = 400;

/**
 * With nothing reviewed to compare with (an untrusted H0), the review is the whole files, every line as added:
 * no diff page exists to send the reviewer to, so this cap only keeps a pathological file (tens of thousands of
 * lines) from filling the page; what it leaves out is counted and the reviewer is told to read it in full.
 */
export const MAX_WHOLE_FILE_LINES = 20_000;

export function changedLines(before: string, after: string, maxLines = MAX_REVIEW_LINES): ChangedLines {
  const a = splitLines(before);
  const b = splitLines(after);
  const { start, endA, endB } = commonEnds(a, b);
  const all = [...a.slice(start, endA).map((l) => `- ${l}`), ...b.slice(start, endB).map((l) => `+ ${l}`)];
  // Same lines, different text (only the final newline or line endings differ): say so rather than show nothing.
  if (all.length === 0 && before !== after) all.push("(only line endings or the final newline differ)");
  return { startLine: start + 1, lines: all.slice(0, maxLines), omitted: Math.max(0, all.length - maxLines) };
}
