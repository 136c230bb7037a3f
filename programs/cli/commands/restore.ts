// `harness-lab restore FILE`: puts a backup in place of the store, after checking the backup and that no
// server has the store open. A store with data is only replaced with --force, and then kept beside it.
import { defaultDatabaseFile } from "../../../db/client";
import { fileAndStore, parseCommandArgs } from "../command-args";
import { restoreStore } from "../../../lib/services/backup/store-restore";
import { describeStore } from "../../../lib/services/backup/describe";

const USAGE = `usage: harness-lab restore FILE [--db STORE] [--force]

Replaces the store with the backup FILE. Refuses (exit 2, nothing changed) when FILE is missing, is not a
sound SQLite file or not a Harness Lab store, was made by a newer Harness Lab, when another process (a
running server) has the store open, or when the store holds data and --force is not given.

  --db STORE   the store to replace (default: $HARNESS_LAB_DB, else ./data/harness-lab.db)
  --force      replace a store that holds data; it is kept as STORE.before-restore-<time>
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("restore", USAGE, args, { db: { type: "string" }, force: { type: "boolean", default: false } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail } = parsed;
  const target = fileAndStore(positionals, values.db, fail, defaultDatabaseFile);
  if (!target.ok) return target.exit;
  const { file, store } = target;

  const outcome = await restoreStore({ backup: file, store, force: values.force });
  if (!outcome.ok) {
    process.stderr.write(`harness-lab restore: refused (${outcome.reason}): ${outcome.message}\n`);
    return 2;
  }
  const migrate = outcome.level.kind === "older" ? `; its schema is older (${outcome.level.applied} of ${outcome.level.known} migrations), the server migrates it on start` : "";
  const kept = outcome.keptAs ? `\nthe replaced store is kept as ${outcome.keptAs}` : "";
  process.stdout.write(`restored ${store} from ${file}: ${describeStore(outcome.facts, outcome.seconds)}${migrate}${kept}\n`);
  return 0;
}

