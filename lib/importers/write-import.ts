// The upload route's way to store an upload: hands the import (lib/importers/import-job.ts) to the store's
// writer thread (db/writer), which writes it in one transaction, a savepoint per file, in queue order with
// the event batches; where no writer thread runs, it is written here the same way. The files' bytes move to
// the writer thread rather than being copied (an upload is up to 128 MB).
import "server-only";
import path from "node:path";
import type { Store } from "../../db/client";
import { projectHome } from "../../db/client";
import { runWriterTask } from "../../db/writer/store-writer";
import { importJobIntoStore, type ImportJob, type ImportJobResult } from "./import-job";

/** Where import-job.ts is: a source file the writer thread loads at run time, outside any bundle. */
function importJobModule(): string {
  return path.join(/* turbopackIgnore: true */ projectHome(), "lib", "importers", "import-job.ts");
}

/** Stores one upload; the caller must not use the files' bytes afterwards. Throws WriterUnavailable as runWriterTask. */
export function writeImport(store: Store, job: ImportJob): Promise<ImportJobResult> {
  return runWriterTask(store, { module: importJobModule(), name: "importJobIntoStore", input: job, inThisThread: importJobIntoStore, transfer: buffersOf(job) });
}

/** The files' buffers, each once (a buffer shared by two files is moved once). */
function buffersOf(job: ImportJob): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const file of job.files) if (file.bytes.buffer instanceof ArrayBuffer) buffers.add(file.bytes.buffer);
  return [...buffers];
}
