// `harness-lab sync DIR`: applies an offline event log directory to a server (--server/--token, or
// HARNESS_LAB_URL/HARNESS_LAB_TOKEN) or straight into a store file (--db). Safe to re-run at any time.
import fs from "node:fs";
import path from "node:path";
import { HarnessLabClient } from "../../../lib/client/harness-lab-client";
import { formatSyncFailure, formatSyncSummary, syncDirectory, type SyncTarget } from "../../../lib/services/sync/sync-directory";
import { parseCommandArgs } from "../command-args";

const USAGE = `usage: harness-lab sync DIR [--server URL --token TOKEN | --db FILE] [--state FILE]

Applies the events-*.jsonl files of DIR in name order, resuming where the last sync to the same target
stopped. Only complete lines are applied, so it is safe while producers are still writing.

  --server URL   the dashboard to send to (default: $HARNESS_LAB_URL)
  --token TOKEN  an API token with the ingest scope (default: $HARNESS_LAB_TOKEN)
  --db FILE      apply directly to this SQLite store instead (no server)
  --state FILE   where progress is recorded (default: DIR/.harness-lab-sync.json)
`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs("sync", USAGE, args, { server: { type: "string" }, token: { type: "string" }, db: { type: "string" }, state: { type: "string" } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail: usageError } = parsed;
  if (positionals.length !== 1) return usageError(positionals.length === 0 ? "DIR is required" : `expected one DIR, got ${positionals.length}`);
  const dir = positionals[0]!;
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    process.stderr.write(`harness-lab sync: ${dir} is not a directory\n`);
    return 1;
  }

  // An explicit flag outranks the environment: `--db` with HARNESS_LAB_URL exported still means the file.
  if (values.db !== undefined && values.server !== undefined) return usageError("choose one target: --server or --db, not both");
  const server = values.db === undefined ? (values.server ?? process.env.HARNESS_LAB_URL) : undefined;
  if (values.db === undefined && !server) return usageError("no target: pass --server URL --token T (or set HARNESS_LAB_URL and HARNESS_LAB_TOKEN), or --db FILE");
  if (values.db !== undefined && values.token !== undefined) return usageError("--token only applies to --server");

  let target: SyncTarget;
  let closeTarget = () => {};
  if (server) {
    const token = values.token ?? process.env.HARNESS_LAB_TOKEN;
    if (!token) return usageError(`no token for ${server}: pass --token T or set HARNESS_LAB_TOKEN`);
    if (!/^https?:\/\//.test(server)) return usageError(`--server must be an http(s) URL, got "${server}"`);
    target = { kind: "http", client: new HarnessLabClient({ url: server, token }) };
  } else {
    if (!values.db) return usageError("--db needs a FILE");
    // The store is server-only; load it only when asked for, so the http mode stays light.
    const { openStore } = await import("../../../db/client");
    const store = openStore(path.resolve(values.db));
    target = { kind: "db", store };
    closeTarget = () => store.sqlite.close();
  }

  try {
    const outcome = await syncDirectory({ dir, target, statePath: values.state });
    process.stdout.write(`${formatSyncSummary(outcome.summary, !outcome.ok)}\n`);
    if (outcome.ok) return 0;
    process.stderr.write(`harness-lab sync: ${formatSyncFailure(outcome)}\n`);
    return 1;
  } finally {
    closeTarget();
  }
}

