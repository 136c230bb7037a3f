// Logs are data: a value that came from a request (a metric key, a user name, an error message quoting a
// file) is written to the server's log escaped, so it can neither start a line of its own (a forged "one-time
// sign-in link") nor drive the operator's terminal (ANSI escapes). Control characters become visible escapes
// (ESC as \x1b, newline as \n), and so do the backslash itself (\\, so an escape in the log is never
// ambiguous), Unicode line/paragraph separators and bidirectional overrides. One log call is one line.
// Pure: used by every console.* line in app/, lib/ and db/ that prints an outside value.

// C0 controls, DEL, C1 controls (0x9b is an 8-bit CSI), U+2028/2029, the bidi embeddings/overrides/isolates
// and the BOM/zero-width no-break space.
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;
const NAMED: Record<string, string> = { "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t" };

function escapeCharacter(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Any value as log text: strings escaped, Errors as their message, everything else through String(). */
export function logText(value: unknown): string {
  const text = value instanceof Error ? value.message : typeof value === "string" ? value : String(value);
  return text.replace(UNSAFE, escapeCharacter);
}

/**
 * A tagged template for log lines: the literal parts are the program's own text and stay as written, every
 * interpolated value goes through logText. `console.info(logLine\`refused for ${name}: ${message}\`)`.
 */
export function logLine(strings: TemplateStringsArray, ...values: unknown[]): string {
  let line = strings[0] ?? "";
  values.forEach((value, i) => {
    line += logText(value) + (strings[i + 1] ?? "");
  });
  return line;
}

/** An error's stack (its message when it has none), for logLine: a crash report, still on one line. */
export function errorWithStack(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
