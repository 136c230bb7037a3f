// Splitting the text an agent saw after a command into the return code and the command's output.
// mini-swe-agent renders `<returncode>N</returncode>` then `<output>…</output>` (or, for long output,
// a warning with `<output_head>`/`<output_tail>`); v2 may put `<exception>…</exception>` first.
// Observations can be megabytes (a whole `git diff` of a build folder), so everything here is a
// fixed number of startsWith/indexOf/slice calls: linear, no regex over the whole text.

const RETURN_CODE_OPEN = "<returncode>";
const RETURN_CODE_CLOSE = "</returncode>";
const OUTPUT_OPEN = "<output>";
const OUTPUT_CLOSE = "</output>";
/** How far into an observation the return code may start (after an optional <exception> block). */
const RETURN_CODE_WINDOW = 4_096;

export interface SplitObservation {
  returnCode?: number;
  /** The command's output when the text is in the known shape; otherwise the text after the return code. */
  output: string;
}

export function splitObservation(text: string): SplitObservation {
  const head = text.slice(0, RETURN_CODE_WINDOW);
  const leading = head.length - head.trimStart().length;
  let start = leading;
  if (head.startsWith("<exception>", start)) {
    const end = head.indexOf("</exception>", start);
    if (end < 0) return { output: text };
    start = end + "</exception>".length;
    while (start < head.length && /\s/.test(head[start] ?? "")) start++;
  }
  if (!head.startsWith(RETURN_CODE_OPEN, start)) return { output: text };
  const close = head.indexOf(RETURN_CODE_CLOSE, start);
  if (close < 0) return { output: text };
  const digits = head.slice(start + RETURN_CODE_OPEN.length, close).trim();
  if (!/^-?\d{1,9}$/.test(digits)) return { output: text };
  const returnCode = Number(digits);
  let rest = text.slice(close + RETURN_CODE_CLOSE.length);
  if (rest.startsWith("\n")) rest = rest.slice(1);
  return { returnCode, output: unwrapOutput(rest) };
}

/** "<output>\n…</output>" → "…"; anything else (the long-output warning form) is returned as is. */
function unwrapOutput(rest: string): string {
  const trimmedEnd = rest.trimEnd();
  if (!rest.startsWith(OUTPUT_OPEN) || !trimmedEnd.endsWith(OUTPUT_CLOSE)) return rest;
  const inner = trimmedEnd.slice(OUTPUT_OPEN.length, trimmedEnd.length - OUTPUT_CLOSE.length);
  // A second <output> inside would mean the shape is not the simple one; keep the text whole then.
  if (inner.includes(OUTPUT_CLOSE)) return rest;
  return inner.startsWith("\n") ? inner.slice(1) : inner;
}
