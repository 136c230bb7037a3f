// POSIX single-quote quoting: the one way a command given as an argument array crosses a shell (a Slurm batch
// script, a Ray job's entrypoint, which Ray runs with `/bin/sh -c`). Inside '…' every character is literal —
// `$(…)`, backticks, `;`, newlines, `\`, unicode — except ' itself, written as '\'' (close, escaped quote,
// reopen). A NUL cannot cross a shell at all (the argument would be cut there), so it is refused.
export function shellQuote(value: string): string {
  if (value.includes("\u0000")) throw new Error("a NUL byte cannot be passed through a shell script");
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** argv as one shell command line whose words are exactly argv. */
export function shellCommand(argv: readonly string[]): string {
  if (argv.length === 0) throw new Error("an empty command");
  return argv.map(shellQuote).join(" ");
}
