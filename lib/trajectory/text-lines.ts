// A long text (a 870 KB observation, a 16,000-line patch) is shown as virtualized lines of one fixed
// height. Lines longer than `maxChars` are cut into several display lines, so no single row holds
// a megabyte and every row has the same height.

/** [start, end) of each display line in `text`, newline characters excluded. */
export function displayLines(text: string, maxChars = 1_000): Array<[number, number]> {
  const lines: Array<[number, number]> = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    for (let at = start; ; at += maxChars) {
      const stop = Math.min(at + maxChars, end);
      lines.push([at, stop]);
      if (stop >= end) break;
    }
    if (newline === -1) break;
    start = newline + 1;
    // A trailing newline ends the last line; it does not open an empty one.
    if (start === text.length) break;
  }
  return lines;
}

/** Index of the display line holding offset `pos` (the last line for an offset past the end). */
export function lineIndexAt(lines: ReadonlyArray<readonly [number, number]>, pos: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines[mid][0] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
