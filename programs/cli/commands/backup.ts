// `harness-lab backup FILE`: a consistent copy of the store through SQLite's online backup API, safe while the
// server is running and writing. FILE is a single self-contained SQLite file (no -wal beside it).
import fs from "node:fs";
import os from "node:os";
import { defaultDatabaseFile } from "../../../db/client";
import { fileAndStore, parseCommandArgs } from "../command-args";
import { backupStore } from "../../../lib/services/backup/store-backup";
import { describeStore } from "../../../lib/services/backup/describe";
import { describeMaintenance, maintainStore } from "./maintain";

const USAGE = `usage: harness-lab backup FILE [--db STORE] [--force] [--skip-maintenance]

Copies the store to FILE while the server may keep serving and writing. The copy is written under a
temporary name next to FILE, checked (integrity_check, migrations table), fsynced and only then renamed.
First the full-text index is brought up to date and merged (as \`harness-lab maintain\` does).

  --db STORE   the store to copy (default: $HARNESS_LAB_DB, else ./data/harness-lab.db)
  --force      replace FILE if it exists
  --skip-maintenance  copy the store as it is, without merging the full-text index first
  --json       print the outcome as one JSON object (figures, and finishedAt in ms since the epoch)
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("backup", USAGE, args, { db: { type: "string" }, force: { type: "boolean", default: false }, json: { type: "boolean", default: false }, "skip-maintenance": { type: "boolean", default: false } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail } = parsed;
  const target = fileAndStore(positionals, values.db, fail, defaultDatabaseFile);
  if (!target.ok) return target.exit;
  const { file, store } = target;

  // A backup is background work beside a server that answers producers: on a small machine let the server
  // have the CPU first (measured in programs/bench/backup-bench.ts). Not allowed everywhere; then it runs as is.
  try {
    os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // keep the normal priority
  }
  // The copy (and the live store) get a merged full-text index: searches probe one segment, not hundreds.
  const maintenance = values["skip-maintenance"] || !fs.existsSync(store) ? null : maintainStore(store);
  if (maintenance && !values.json && process.stderr.isTTY) process.stderr.write(`${describeMaintenance(maintenance)}\n`);
  let lastShown = -1;
  const outcome = await backupStore({
    store,
    destination: file,
    force: values.force,
    onProgress: (copied, total) => {
      // A line per tenth, on stderr: big stores take a while, and stdout stays the summary.
      const tenth = Math.floor((copied / total) * 10);
      if (process.stderr.isTTY && tenth > lastShown) process.stderr.write(`  ${tenth * 10} % of ${total} pages\n`);
      lastShown = Math.max(lastShown, tenth);
    },
  });
  if (!outcome.ok) {
    process.stderr.write(`harness-lab backup: ${outcome.message}\n`);
    return outcome.reason === "verify-failed" ? 1 : 2;
  }
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ file, ...outcome, finishedAt: Date.now() })}\n`);
    return 0;
  }
  const restarted = outcome.restarts ? ` (restarted ${outcome.restarts}× by writes; finished as one snapshot)` : "";
  process.stdout.write(`backup written to ${file}: ${describeStore(outcome.facts, outcome.seconds)}${restarted}\n`);
  return 0;
}

