// One upload's import as plain data (its files, where it goes, what the reading worker read), so it can be
// handed to the store's writer thread (db/writer) and written there: the upload route's request thread then
// neither holds a write transaction nor competes for SQLite's write lock with a second connection, and pages
// keep rendering while a large upload is stored. The same function runs in the calling thread where no
// writer thread runs (tests, an in-memory store), with the same report.
import "server-only";
import type { Store } from "../../../db/client";
import type { HarnessArrival } from "../../harness-trust/arrival";
import { ALL_READERS } from "./formats";
import { readImportFile, type ReadOutcome } from "./registry";
import type { ImportReport } from "./report";
import { ImportAbort, ImportSession } from "./session";
import { memorySource } from "./sources";
import { importIntoStore } from "./store-import";
import type { ImportTarget } from "./target";
import type { InputFile } from "./types";

export interface ImportJob {
  files: InputFile[];
  target: ImportTarget;
  arrivedVia: HarnessArrival;
  maxTotalBytes: number;
  /** What the reading worker read, by file name (lib/services/importers/read-off-thread.ts); null: read where written. */
  outcomes: Array<[string, ReadOutcome]> | null;
}

/** The per-file report, or why nothing could be imported (the import's own records were refused). */
export type ImportJobResult = { ok: true; report: ImportReport } | { ok: false; aborted: string };

/** The whole upload in one transaction, a savepoint per file (importIntoStore), with every format reader. */
export function importJobIntoStore(store: Store, job: ImportJob): ImportJobResult {
  const source = memorySource(job.files);
  const read = job.outcomes ? new Map(job.outcomes) : null;
  const session = new ImportSession(source, job.target, {
    readers: ALL_READERS,
    maxTotalBytes: job.maxTotalBytes,
    ...(read ? { readFile: (file: InputFile) => read.get(file.name) ?? readInThisThread(file) } : {}),
  });
  try {
    return { ok: true, report: importIntoStore(store, session, job.arrivedVia) };
  } catch (error) {
    if (error instanceof ImportAbort) return { ok: false, aborted: error.message };
    throw error;
  }
}

function readInThisThread(file: InputFile): ReadOutcome {
  return readImportFile(file, ALL_READERS);
}
