// A consistent copy of a live store through SQLite's online backup API, safe while the server writes: the copy
// reads from its own connection (in WAL mode readers and the writer do not block each other), lands under a
// temp name next to the destination, is checked, switched to a self-contained rollback-journal file, fsynced,
// and only then given its final name, so a half-written backup never carries it.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { fsyncFile, placeFile, removeIfPresent, sideFiles, tempPathNextTo } from "./atomic-file";
import { inspectStore, type StoreFacts } from "./inspect-store";
import { createPrivateFileIfMissing } from "../../files/private-files";

export interface BackupRequest {
  store: string;
  destination: string;
  /** Replace an existing destination file. */
  force?: boolean;
  /** Pages copied per step before the first restart; small steps keep the snapshot short on a quiet store. */
  pagesPerStep?: number;
  onProgress?(copied: number, total: number): void;
}

export type BackupOutcome =
  | { ok: true; facts: StoreFacts; seconds: number; phases: { copy: number; verify: number; sync: number }; steps: number; restarts: number }
  | { ok: false; reason: "store-missing" | "destination-exists" | "same-file" | "destination-dir-missing" | "verify-failed"; message: string };

// The backup API restarts from the first page when another connection writes between two steps. A busy server
// writes every few milliseconds, so once a write has restarted the copy the rest goes in one step: one read
// transaction, a consistent snapshot, and in WAL mode the writer keeps going meanwhile (the WAL only grows until
// the copy ends). Growing the step instead was measured to waste more than it saves: on a 350 MB store under
// ingestion, three restarts at 4096/16384/65536 pages recopied ~340 MB.
const ALL_PAGES = 0x7fffffff;

export async function backupStore(request: BackupRequest): Promise<BackupOutcome> {
  const store = path.resolve(request.store);
  const destination = path.resolve(request.destination);
  if (!fs.statSync(store, { throwIfNoEntry: false })?.isFile()) return { ok: false, reason: "store-missing", message: `--db: the store ${store} does not exist` };
  if ([store, ...sideFiles(store)].includes(destination)) return { ok: false, reason: "same-file", message: `FILE ${destination} is the store itself (or one of its side files)` };
  if (!fs.statSync(path.dirname(destination), { throwIfNoEntry: false })?.isDirectory()) {
    return { ok: false, reason: "destination-dir-missing", message: `the directory of FILE (${path.dirname(destination)}) does not exist` };
  }
  if (!request.force && fs.existsSync(destination)) return { ok: false, reason: "destination-exists", message: `FILE ${destination} already exists (pass --force to replace it)` };

  const started = performance.now();
  const temp = tempPathNextTo(destination, "backup");
  const source = new Database(store, { fileMustExist: true });
  let steps = 0;
  let restarts = 0;
  try {
    // Owner-only whatever the umask: the copy holds every rollout and the password hashes. SQLite keeps the mode
    // of an existing file (and gives its journal the same), so the temp file is created 0600 before the copy.
    createPrivateFileIfMissing(temp);
    source.pragma("busy_timeout = 10000");
    let rate = Math.max(1, request.pagesPerStep ?? 4096);
    // better-sqlite3's first step copies no pages (it only learns the page count).
    let lastCopied = 0;
    let lastRate = 0;
    await source.backup(temp, {
      progress: ({ totalPages, remainingPages }) => {
        steps++;
        // An unfinished step copies exactly its rate; a restarted one starts over at page 1 and lands short.
        const copied = totalPages - remainingPages;
        if (copied !== lastCopied + lastRate) {
          restarts++;
          rate = ALL_PAGES;
        }
        lastCopied = copied;
        lastRate = rate;
        request.onProgress?.(copied, totalPages);
        return rate;
      },
    });
    const copied = performance.now();
    makeSelfContained(temp);
    const checked = inspectStore(temp);
    if (!checked.ok) return { ok: false, reason: "verify-failed", message: `the copy failed its check: ${checked.message}` };
    const verified = performance.now();
    fsyncFile(temp);
    if (!placeFile(temp, destination, request.force ?? false)) {
      return { ok: false, reason: "destination-exists", message: `FILE ${destination} appeared while the backup ran (pass --force to replace it)` };
    }
    const done = performance.now();
    const facts = { ...checked.facts, bytes: fs.statSync(destination).size };
    const phases = { copy: (copied - started) / 1000, verify: (verified - copied) / 1000, sync: (done - verified) / 1000 };
    return { ok: true, facts, seconds: (done - started) / 1000, phases, steps, restarts };
  } finally {
    source.close();
    for (const file of [temp, ...sideFiles(temp)]) removeIfPresent(file);
  }
}

/** The copy carries the source's WAL flag in its header; a backup must open on its own, without a -wal. */
function makeSelfContained(file: string): void {
  const copy = new Database(file, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}
