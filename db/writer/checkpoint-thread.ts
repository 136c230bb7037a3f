// The checkpointer: copies the pages the writer thread committed to the write-ahead log (the store's -wal file)
// into the store's file, on a connection of its own, once commits pause, rather than inside the commits.
//
// Why: with SQLite's default (wal_autocheckpoint = 1000 pages) the connection whose commit takes the WAL past
// 1000 pages copies them itself before its commit returns. A batch of 100 rollouts of 30 turns is about 1000
// pages, so the writer thread copied a batch's worth of pages inside nearly every commit, as long as the
// commit itself took (a page read from the WAL and written to the file per page): a raw insert of the ingest
// bench's rows runs 1.2–2× as fast without it. A trainer posts a step's rollouts and then trains: here the
// copy waits for that pause and runs in this thread, so a batch arriving meanwhile is not held up behind it.
// When no pause comes, the writer's own commits copy what has piled up once the WAL passes its limit
// (writer-thread.ts), which bounds it; each page is then copied once per limit's worth of commits, not once
// per batch.
//
// A PASSIVE checkpoint never waits for and never blocks a reader or the writer: it copies what no reader still
// needs and leaves the rest for the next one. Started by the writer thread, told after each of its commits
// that wrote something.
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { backgroundNice, lowerThisThreadPriority } from "../../lib/os/thread-priority";
import type { CheckpointerData } from "./writer-messages";

const port = parentPort!;
const { file, delayMs } = workerData as CheckpointerData;

// Niced like the writer: a page being rendered gets a busy core first; the copy can wait.
lowerThisThreadPriority(backgroundNice());

// The store is in WAL mode already (journal_mode is kept in the file); this connection only checkpoints.
const sqlite = new Database(file);

let timer: NodeJS.Timeout | null = null;

/** One PASSIVE checkpoint: copies every committed page no reader still needs. */
function checkpoint(): void {
  timer = null;
  try {
    sqlite.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // The store busy with another checkpoint (a backup's): the next commit asks again.
    console.warn(`checkpoint thread: ${error instanceof Error ? error.message : String(error)}`);
  }
}

// Each commit restarts the wait: the copy runs once commits pause for `delayMs`.
port.on("message", () => {
  if (timer) clearTimeout(timer);
  timer = setTimeout(checkpoint, delayMs);
});
