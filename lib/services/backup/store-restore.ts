// Puts a backup in place of a store. Nothing is touched until every check passed: the backup is sound and a
// Harness Lab store no newer than this code, no other process has the store open, and a store with data is
// only replaced when asked (--force), after being kept whole under STORE.before-restore-<time>. The backup is
// copied to a temp file in the store's directory, fsynced, and renamed over the store in one step.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { fsyncDirectory, fsyncFile, placeFile, removeIfPresent, sideFiles, tempPathNextTo } from "./atomic-file";
import { inspectStore, type StoreFacts } from "./inspect-store";
import { compareMigrationLevel, type MigrationLevel } from "./migration-level";
import { lockStoreExclusively, storeRowCount } from "./store-lock";
import { createPrivateFileIfMissing, makePrivateDirectory } from "../../files/private-files";

export interface RestoreRequest {
  backup: string;
  store: string;
  force?: boolean;
  /** Time in the name of the kept store; a parameter so tests can predict it. */
  now?: Date;
}

export type RestoreRefusal = "backup-missing" | "backup-not-sqlite" | "backup-corrupt" | "backup-not-harness-lab" | "backup-newer" | "same-file" | "store-in-use" | "store-not-empty";

export type RestoreOutcome =
  | { ok: true; facts: StoreFacts; level: MigrationLevel; keptAs: string | null; seconds: number }
  | { ok: false; reason: RestoreRefusal; message: string };

export async function restoreStore(request: RestoreRequest): Promise<RestoreOutcome> {
  const started = performance.now();
  const backup = path.resolve(request.backup);
  const store = path.resolve(request.store);
  if ([store, ...sideFiles(store)].includes(backup)) return { ok: false, reason: "same-file", message: `FILE ${backup} is the store itself` };

  const checked = inspectStore(backup);
  if (!checked.ok) {
    const reason = ({ missing: "backup-missing", "not-sqlite": "backup-not-sqlite", corrupt: "backup-corrupt", "not-harness-lab": "backup-not-harness-lab" } as const)[checked.reason];
    return { ok: false, reason, message: `FILE: ${checked.message}` };
  }
  const level = compareMigrationLevel(checked.facts.migrations);
  if (level.kind === "newer" || level.kind === "unknown") {
    return { ok: false, reason: "backup-newer", message: `FILE ${backup} was made by a newer or different Harness Lab (${level.detail}); upgrade this installation first` };
  }

  makePrivateDirectory(path.dirname(store));
  const exists = fs.existsSync(store);
  const lock = exists ? lockStoreExclusively(store) : null;
  if (lock && !lock.ok) return { ok: false, reason: "store-in-use", message: `--db: ${lock.message}` };
  const held = lock?.ok ? lock.db : null;
  const temp = tempPathNextTo(store, "restore");
  try {
    // A file that is not SQLite at all counts as data: it is somebody's, and is kept like a store would be.
    const rows = !exists ? 0 : held ? storeRowCount(held) : 1;
    if (rows > 0 && !request.force) {
      return { ok: false, reason: "store-not-empty", message: `--db: ${store} holds data (${rows} rows); pass --force to replace it (it is kept as ${path.basename(store)}.before-restore-<time>)` };
    }
    await copyThroughBackupApi(backup, temp);
    fsyncFile(temp);

    let keptAs: string | null = null;
    if (held) foldIntoMainFile(held);
    if (rows > 0) {
      keptAs = `${store}.before-restore-${(request.now ?? new Date()).toISOString().replace(/[:.]/g, "-")}`;
      // A second name for the old file, not a copy: instant, and the rename below leaves it whole.
      fs.linkSync(store, keptAs);
    }
    // A stale -wal beside the new file would be replayed into it by the next opener.
    for (const side of sideFiles(store)) removeIfPresent(side);
    placeFile(temp, store, true);
    fsyncDirectory(path.dirname(store));
    const installed = inspectStore(store);
    if (!installed.ok) throw new Error(`the restored store failed its check: ${installed.message}`);
    return { ok: true, facts: installed.facts, level, keptAs, seconds: (performance.now() - started) / 1000 };
  } finally {
    held?.close();
    for (const file of [temp, ...sideFiles(temp)]) removeIfPresent(file);
  }
}

/** Through SQLite rather than a byte copy, so a backup file that still has a -wal beside it is read whole. */
async function copyThroughBackupApi(backup: string, temp: string): Promise<void> {
  // The new store is owner-only whatever the umask (its -wal/-shm later take its mode).
  createPrivateFileIfMissing(temp);
  const source = new Database(backup, { readonly: true, fileMustExist: true });
  try {
    await source.backup(temp);
  } finally {
    source.close();
  }
  const copy = new Database(temp, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/** Checkpoints the old store's WAL into its main file and leaves WAL mode, so the kept file stands alone. */
function foldIntoMainFile(db: Database.Database): void {
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.pragma("journal_mode = DELETE");
}
