// The argument handling every `harness-lab` command shares: parse with node:util, `--help` prints the usage,
// and a bad argument prints what is wrong above the usage with exit code 2.
import { parseArgs, type ParseArgsConfig } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;
const HELP = { help: { type: "boolean", short: "h" } } as const;

export function usageError(command: string, usage: string, message: string): number {
  process.stderr.write(`harness-lab ${command}: ${message}\n\n${usage}`);
  return 2;
}

type Config<T extends Options> = { args: string[]; allowPositionals: true; options: T & typeof HELP };
export type CommandArgs<T extends Options> =
  | { ok: false; exit: number }
  | { ok: true; values: ReturnType<typeof parseArgs<Config<T>>>["values"]; positionals: string[]; fail: (message: string) => number };

/**
 * `ok: false` with the exit code when the command should end now (help shown, or a usage error printed);
 * otherwise the parsed values and positionals, and `fail(message)` for the command's own checks of them.
 */
export function parseCommandArgs<const T extends Options>(command: string, usage: string, args: string[], options: T): CommandArgs<T> {
  const fail = (message: string) => usageError(command, usage, message);
  let parsed: ReturnType<typeof parseArgs<Config<T>>>;
  try {
    parsed = parseArgs<Config<T>>({ args, allowPositionals: true, options: { ...options, ...HELP } });
  } catch (error) {
    return { ok: false, exit: fail((error as Error).message) };
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage);
    return { ok: false, exit: 0 };
  }
  return { ok: true, values: parsed.values, positionals: parsed.positionals, fail };
}

/** Backup and restore: exactly one FILE, and the store from `--db` (else the configured one), never ":memory:". */
export function fileAndStore(
  positionals: string[],
  db: string | undefined,
  fail: (message: string) => number,
  defaultStore: () => string,
): { ok: true; file: string; store: string } | { ok: false; exit: number } {
  if (positionals.length !== 1) return { ok: false, exit: fail(positionals.length === 0 ? "FILE is required" : `expected one FILE, got ${positionals.length}`) };
  if (db === "") return { ok: false, exit: fail("--db needs a STORE path") };
  const store = db ?? defaultStore();
  if (store === ":memory:") return { ok: false, exit: fail("--db: an in-memory store has no file to copy") };
  return { ok: true, file: positionals[0]!, store };
}
