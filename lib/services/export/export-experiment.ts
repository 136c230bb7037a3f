// Exports one experiment from a store into an event-log directory that `harness-lab sync` imports. The whole
// read happens in one read transaction, so a server ingesting meanwhile cannot tear the snapshot (WAL lets
// both go on). Every event is checked against the contract before it is written: a directory that the
// target would refuse half-way is worse than no directory.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import type Database from "better-sqlite3";
import { EventLogWriter } from "../../client/event-log-writer";
import { validateEvent } from "../../events/contract";
import { experimentEventStream } from "./experiment-events";
import { findForeignReferences } from "./foreign-references";
import { buildManifest, writeManifest, type ExportManifest } from "./manifest";
import { PRIVATE_FILE_MODE, makePrivateDirectory } from "../../files/private-files";

export type ExportError = "dir-not-empty" | "unknown-experiment" | "foreign-references" | "invalid-event";

export type ExportResult =
  | { ok: true; dir: string; manifest: ExportManifest }
  | { ok: false; code: ExportError; error: string };

export interface ExportOptions {
  /** Check every event against the zod contract while writing (default true). */
  validate?: boolean;
  maxFileBytes?: number;
  now?: number;
  /** Called after each event, e.g. for progress. */
  onEvent?: (type: string, written: number) => void;
}

export function exportExperiment(sqlite: Database.Database, experimentId: string, dir: string, options: ExportOptions = {}): ExportResult {
  const target = path.resolve(dir);
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) return { ok: false, code: "dir-not-empty", error: `${target} exists and is not a directory` };
  if (stat && fs.readdirSync(target).length > 0) {
    return { ok: false, code: "dir-not-empty", error: `${target} is not empty; export into a new or empty directory` };
  }
  const ownTransaction = !sqlite.inTransaction;
  if (ownTransaction) sqlite.exec("BEGIN");
  try {
    return exportInSnapshot(sqlite, experimentId, target, options);
  } finally {
    if (ownTransaction) sqlite.exec("COMMIT");
  }
}

function exportInSnapshot(sqlite: Database.Database, experimentId: string, dir: string, options: ExportOptions): ExportResult {
  const experiment = sqlite.prepare("SELECT id, name, method FROM experiments WHERE id = ?").get(experimentId) as ExportManifest["experiment"] | undefined;
  if (!experiment) return { ok: false, code: "unknown-experiment", error: `experiment "${experimentId}" does not exist in this store` };
  const foreign = findForeignReferences(sqlite, experimentId);
  if (foreign.length) {
    const list = foreign.map((f) => `  ${f.what}: "${f.from}" → "${f.to}"`).join("\n");
    return {
      ok: false, code: "foreign-references",
      error: `experiment "${experimentId}" points at records of other experiments, so it would not import on its own:\n${list}`,
    };
  }

  // Owner-only whatever the umask: an export copies rollouts out of a private store.
  makePrivateDirectory(dir);
  const writer = new EventLogWriter(dir, { maxFileBytes: options.maxFileBytes, fileMode: PRIVATE_FILE_MODE });
  const counts: Record<string, number> = {};
  let written = 0;
  try {
    for (const event of experimentEventStream(sqlite, experimentId)) {
      if (options.validate !== false) {
        const checked = validateEvent(event, written);
        if (!checked.ok) {
          const p = checked.problems[0]!;
          const id = "id" in event ? ` "${event.id}"` : "";
          throw new InvalidExport(`the ${event.type}${id} read from the store does not pass the contract (${p.path || "event"}: ${p.message})`);
        }
      }
      writer.write(event);
      counts[event.type] = (counts[event.type] ?? 0) + 1;
      options.onEvent?.(event.type, ++written);
    }
    writer.close();
  } catch (error) {
    writer.close();
    // Leave no half export behind: the directory was empty, so everything in it is ours.
    for (const file of writer.files) fs.rmSync(file, { force: true });
    if (error instanceof InvalidExport) return { ok: false, code: "invalid-event", error: error.message };
    throw error;
  }
  const manifest = buildManifest({ experiment, counts, files: writer.files.map((f) => path.basename(f)), now: options.now ?? Date.now() });
  writeManifest(dir, manifest);
  return { ok: true, dir, manifest };
}

class InvalidExport extends Error {}
