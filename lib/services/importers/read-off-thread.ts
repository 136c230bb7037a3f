// Reads an upload's files in a worker thread (lib/services/importers/read-worker.ts) before the route applies them,
// so inflating archives and parsing JSON never hold the server's request thread: other users' pages and
// API reads keep answering while an upload (or a zip bomb) is read. The worker is started for the upload
// and ended after it, with a memory limit: an upload that needs more is refused file by file, not a crash.
// Outside the Next.js server (vitest, the CLI) the files are read where the import is written.
import "server-only";
import { Worker } from "node:worker_threads";
import { MAX_IMPORT_FILE_BYTES } from "./limits";
import type { ReadOutcome } from "./registry";
import type { FileSource } from "./sources";
import type { InputFile } from "./types";
import type { ReadReply, ReadRequest } from "./read-worker";

/** Heap for the worker: well above the per-archive inflate budget (256 MB) and its parsed JSON. */
const WORKER_HEAP_MB = 2048;

function workerEnabled(): boolean {
  // Only the Next.js server bundles the worker entry; vitest and the CLI run TypeScript sources directly.
  return process.env.NEXT_RUNTIME === "nodejs" && process.env.HARNESS_LAB_IMPORT_WORKER !== "0";
}

const OUT_OF_BOUNDS = "reading this upload needed more memory or time than the server gives an upload; import it with `npx harness-lab import`";

/**
 * Every file of `source` the session will read (those within the per-file limit), read off the request
 * thread with every format reader, by file name: the outcomes go with the import to the store's writer
 * thread (lib/services/importers/import-job.ts), which reads there only the files without one. Null when no reading
 * worker runs here.
 */
export async function readOutcomesOffThread(source: FileSource): Promise<Array<[string, ReadOutcome]> | null> {
  if (!workerEnabled()) return null;
  const files = source.entries.filter((e) => e.size <= MAX_IMPORT_FILE_BYTES).map((e) => ({ name: e.name, bytes: source.load(e.name) }));
  if (files.length === 0) return null;
  const outcomes = await readInWorker(files);
  if (outcomes === null) return null;
  return files.map((f, i) => [f.name, outcomes[i]!]);
}

/** The outcomes, index for index; null when no worker could start (then the caller reads in its thread). */
function readInWorker(files: InputFile[]): Promise<ReadOutcome[] | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL("./read-worker.ts", import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 64 } });
    } catch (error) {
      console.info(`import reading worker could not start (${(error as Error).message}); reading in the request thread`);
      resolve(null);
      return;
    }
    let settled = false;
    let online = false;
    const settle = (outcomes: ReadOutcome[] | null) => {
      if (settled) return;
      settled = true;
      resolve(outcomes);
      void worker.terminate();
    };
    // The worker ran but died (out of memory): every file is refused with the reason, nothing is written.
    const failAll = (reason: string) => {
      if (settled) return; // the exit that follows terminate()
      console.info(`import reading worker failed (${reason})`);
      settle(online ? files.map(() => ({ ok: false, format: null, field: "file", reason: OUT_OF_BOUNDS })) : null);
    };
    worker.on("online", () => (online = true));
    worker.on("message", (reply: ReadReply) => settle(reply.outcomes));
    worker.on("error", (error) => failAll(error.message));
    worker.on("exit", (code) => failAll(`exited with code ${code}`));
    const request: ReadRequest = { files };
    worker.postMessage(request);
  });
}
