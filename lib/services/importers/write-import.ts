// The upload route's way to store an upload: hands the import (lib/services/importers/import-job.ts) to the store's
// writer thread (db/writer), which writes it in one transaction, a savepoint per file, in queue order with
// the event batches; where no writer thread runs, it is written here the same way. The files' bytes move to
// the writer thread rather than being copied (an upload is up to 128 MB).
import "server-only";
import path from "node:path";
import type { Store } from "../../../db/client";
import { projectHome } from "../../../db/client";
import { runWriterTask } from "../../../db/writer/store-writer";
import { importJobIntoStore, type ImportJob, type ImportJobResult } from "./import-job";

/** Where import-job.ts is: a source file the writer thread loads at run time, outside any bundle. */
function importJobModule(): string {
  return path.join(/* turbopackIgnore: true */ projectHome(), "lib", "services", "importers", "import-job.ts");
}

/** Stores one upload; the caller must not use the files' bytes afterwards. Throws WriterUnavailable as runWriterTask. */
export function writeImport(store: Store, job: ImportJob): Promise<ImportJobResult> {
  return runWriterTask(store, { module: importJobModule(), name: "importJobIntoStore", input: job, inThisThread: importJobIntoStore, transfer: buffersOf(job) });
}

/**
 * The files' buffers that each file's bytes fill whole, each once. A view into a larger buffer (a Buffer from
 * Node's shared pool, say) is copied instead: moving its buffer would empty whatever else lives in it.
 */
function buffersOf(job: ImportJob): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { bytes } of job.files) {
    if (bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) buffers.add(bytes.buffer);
  }
  return [...buffers];
}
