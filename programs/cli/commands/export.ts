// `harness-lab export EXPERIMENT_ID DIR`: writes one experiment as an event-log directory (events-*.jsonl and
// manifest.json) that `harness-lab sync DIR` loads into another store or server. Reads the store through a
// read-only connection inside one read transaction, so it is safe while the server is serving.
import fs from "node:fs";
import path from "node:path";
import { parseCommandArgs } from "../command-args";

const USAGE = `usage: harness-lab export EXPERIMENT_ID DIR [--db FILE]

Writes every record of the experiment (runs, harness versions with their files, checkpoints, the tasks it
uses, metrics, rollouts with every turn, skills, proposals, comparisons, decisions, evaluations, Harness-R1
packets and patch evaluations) as events of the v1 contract into DIR, which must be new or empty.
Load it elsewhere with: harness-lab sync DIR --db FILE   (or --server URL --token T)

  --db FILE   the store to read (default: $HARNESS_LAB_DB, else data/harness-lab.db)
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("export", USAGE, args, { db: { type: "string" } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail: usageError } = parsed;
  if (positionals.length !== 2) return usageError(positionals.length < 2 ? "EXPERIMENT_ID and DIR are required" : `expected EXPERIMENT_ID DIR, got ${positionals.length} arguments`);
  const [experimentId, dir] = positionals as [string, string];

  const { defaultDatabaseFile } = await import("../../../db/client");
  const file = values.db !== undefined ? path.resolve(values.db) : defaultDatabaseFile();
  if (file === ":memory:" || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    process.stderr.write(`harness-lab export: no store at ${file}\n`);
    return 1;
  }
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 10000");
  try {
    const { exportExperiment } = await import("../../../lib/services/export/export-experiment");
    const started = performance.now();
    const result = exportExperiment(sqlite, experimentId, dir);
    if (!result.ok) {
      process.stderr.write(`harness-lab export: ${result.error}\n`);
      return 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const { manifest } = result;
    const counts = Object.entries(manifest.counts).map(([type, n]) => `${type} ${n}`).join(", ");
    process.stdout.write(
      `exported experiment "${manifest.experiment.id}" (${manifest.experiment.name}) to ${result.dir} in ${seconds.toFixed(1)} s: ` +
      `${manifest.events} event(s) in ${manifest.files.length} file(s)\n  ${counts || "no events"}\n` +
      `import it with: harness-lab sync ${dir} --db FILE   (or --server URL --token T)\n`,
    );
    return 0;
  } finally {
    sqlite.close();
  }
}

