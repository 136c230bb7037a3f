// `harness-lab restore FILE`: puts a backup in place of the store, after checking the backup and that no
// server has the store open. A store with data is only replaced with --force, and then kept beside it.
import { parseArgs } from "node:util";
import { defaultDatabaseFile } from "../../../db/client";
import { restoreStore } from "../../backup/store-restore";
import { describeStore } from "../../backup/describe";

const USAGE = `usage: harness-lab restore FILE [--db STORE] [--force]

Replaces the store with the backup FILE. Refuses (exit 2, nothing changed) when FILE is missing, is not a
sound SQLite file or not a Harness Lab store, was made by a newer Harness Lab, when another process (a
running server) has the store open, or when the store holds data and --force is not given.

  --db STORE   the store to replace (default: $HARNESS_LAB_DB, else ./data/harness-lab.db)
  --force      replace a store that holds data; it is kept as STORE.before-restore-<time>
`;

export async function run(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { db: { type: "string" }, force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } } });
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length !== 1) return usageError(positionals.length === 0 ? "FILE is required" : `expected one FILE, got ${positionals.length}`);
  if (values.db === "") return usageError("--db needs a STORE path");
  const store = values.db ?? defaultDatabaseFile();
  if (store === ":memory:") return usageError("--db: an in-memory store cannot be restored into");

  const outcome = await restoreStore({ backup: positionals[0]!, store, force: values.force });
  if (!outcome.ok) {
    process.stderr.write(`harness-lab restore: refused (${outcome.reason}): ${outcome.message}\n`);
    return 2;
  }
  const migrate = outcome.level.kind === "older" ? `; its schema is older (${outcome.level.applied} of ${outcome.level.known} migrations), the server migrates it on start` : "";
  const kept = outcome.keptAs ? `\nthe replaced store is kept as ${outcome.keptAs}` : "";
  process.stdout.write(`restored ${store} from ${positionals[0]}: ${describeStore(outcome.facts, outcome.seconds)}${migrate}${kept}\n`);
  return 0;
}

function usageError(message: string): number {
  process.stderr.write(`harness-lab restore: ${message}\n\n${USAGE}`);
  return 2;
}
