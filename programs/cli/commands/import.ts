// `harness-lab import PATH… --experiment NAME`: reads trajectories, logs and evaluation reports with the
// format readers and sends them as contract events to a server (--server/--token, or HARNESS_LAB_URL /
// HARNESS_LAB_TOKEN) or straight into a store file (--db), like `sync`. Safe to re-run: the same files
// give the same events, which the store answers "unchanged".
import path from "node:path";
import { HarnessLabClient, HarnessLabError } from "../../../lib/client/harness-lab-client";
import { ALL_READERS } from "../../../lib/services/importers/formats";
import type { FormatReader } from "../../../lib/services/importers/types";
import { diskSource, ImportPathError, type FileSource } from "../../../lib/services/importers/sources";
import { ImportAbort, ImportSession } from "../../../lib/services/importers/session";
import { httpApply, runImport, type ApplyFn } from "../../../lib/services/importers/run-import";
import { formatImportReport } from "../../../lib/services/importers/report";
import { DEFAULT_BENCHMARK, DEFAULT_RUN_NAME } from "../../../lib/services/importers/limits";
import type { ExperimentLookup } from "../../../lib/services/importers/resolve-target";
import { parseCommandArgs } from "../command-args";

const USAGE = `usage: harness-lab import PATH… --experiment NAME [--run NAME] [--harness LABEL] [--benchmark NAME]
                           [--server URL --token TOKEN | --db FILE]

Reads the trajectories, logs and evaluation reports in PATH… (files, or folders read recursively; hidden
files and symbolic links are skipped) and imports them as one run. Each file gets a line in the report; a
file that cannot be read is named with the reason, and the others still import. Re-running changes nothing.

  --experiment NAME  an existing experiment's id or name; otherwise a new experiment of that name
  --run NAME         the run the rollouts belong to (default: "${DEFAULT_RUN_NAME}")
  --harness LABEL    the harness version the trajectories ran with (created if the experiment has none of that label)
  --benchmark NAME   the benchmark of tasks whose files name none (default: "${DEFAULT_BENCHMARK}")
  --server URL       the dashboard to send to (default: $HARNESS_LAB_URL)
  --token TOKEN      an API token with the ingest and read scopes (default: $HARNESS_LAB_TOKEN)
  --db FILE          import directly into this SQLite store instead (no server)

Exit status: 0 when every file imported, 1 when some could not be (the rest did), 2 on usage errors.
`;

export interface ImportCommandDeps {
  /** The format readers, in detection order; tests pass their own. */
  readers?: readonly FormatReader[];
}

export async function run(args: string[], deps: ImportCommandDeps = {}): Promise<number> {
  const parsed = parseCommandArgs("import", USAGE, args, { experiment: { type: "string" }, run: { type: "string" }, harness: { type: "string" }, benchmark: { type: "string" }, server: { type: "string" }, token: { type: "string" }, db: { type: "string" } });
  if (!parsed.ok) return parsed.exit;
  const { values, positionals, fail: usageError } = parsed;
  if (positionals.length === 0) return usageError("PATH is required (one or more files or folders)");
  if (values.experiment === undefined || values.experiment.trim() === "") return usageError("--experiment is required (an experiment's id or name)");

  if (values.db !== undefined && values.server !== undefined) return usageError("choose one target: --server or --db, not both");
  const server = values.db === undefined ? (values.server ?? process.env.HARNESS_LAB_URL) : undefined;
  if (values.db === undefined && !server) return usageError("no target: pass --server URL --token T (or set HARNESS_LAB_URL and HARNESS_LAB_TOKEN), or --db FILE");
  if (values.db !== undefined && values.token !== undefined) return usageError("--token only applies to --server");

  let source: FileSource;
  try {
    source = diskSource(positionals);
  } catch (error) {
    if (error instanceof ImportPathError) return usageError(`PATH ${error.message}`);
    throw error;
  }

  let apply: ApplyFn;
  let lookup: ExperimentLookup;
  let close = () => {};
  // A sidecar imported on its own fills the rollouts stored earlier: with the store at hand (store-import.ts), or
  // through the server's import (remote-late-facts.ts).
  let afterImport: (session: ImportSession) => void | Promise<void> = () => {};
  // The store and the lookups are server-only modules; load them only when asked for, as `sync` does.
  const { storeLookup, httpLookup, resolveTarget } = await import("../../../lib/services/importers/resolve-target");
  if (server) {
    const token = values.token ?? process.env.HARNESS_LAB_TOKEN;
    if (!token) return usageError(`no token for ${server}: pass --token T or set HARNESS_LAB_TOKEN`);
    if (!/^https?:\/\//.test(server)) return usageError(`--server must be an http(s) URL, got "${server}"`);
    const client = new HarnessLabClient({ url: server, token });
    apply = httpApply(client);
    lookup = httpLookup(client);
    // A sidecar alone goes to the server's own import, which fills the rollouts stored there (remote-late-facts.ts).
    const { uploadLateFacts } = await import("../../../lib/services/importers/remote-late-facts");
    afterImport = (session) => uploadLateFacts(client, session, source);
  } else {
    if (!values.db) return usageError("--db needs a FILE");
    const { openStore } = await import("../../../db/client");
    const { storeApply, fillLateFacts } = await import("../../../lib/services/importers/store-import");
    const store = openStore(path.resolve(values.db));
    apply = storeApply(store);
    afterImport = (session) => fillLateFacts(store, session);
    lookup = storeLookup(store);
    close = () => store.sqlite.close();
  }

  try {
    const resolved = await resolveTarget(lookup, {
      experiment: values.experiment, run: values.run, harness: values.harness, benchmark: values.benchmark,
    });
    if (!resolved.ok) return usageError(`--${resolved.field} ${resolved.reason}`);
    const readers = deps.readers ?? ALL_READERS;
    process.stderr.write(`import: ${source.entries.length} file(s) into ${server ?? values.db}\n`);
    const session = new ImportSession(source, resolved.target, { readers });
    await runImport(session, apply);
    await afterImport(session);
    const report = session.report();
    process.stdout.write(`${formatImportReport(report)}\n`);
    return report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof ImportAbort) return failure(error.message);
    if (error instanceof HarnessLabError) {
      const hint = error.status === 403 ? " (the token needs the ingest and read scopes)" : "";
      return failure(`${error.headline}${hint}; files already sent stay, and a re-run resumes safely`);
    }
    throw error;
  } finally {
    close();
  }
}

function failure(message: string): number {
  process.stderr.write(`harness-lab import: ${message}\n`);
  return 1;
}

