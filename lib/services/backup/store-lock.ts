// Takes a store away from every other process before it is replaced. A WAL connection keeps a shared lock on
// the database file from its first read until it closes (that is how SQLite refuses to leave WAL mode under
// another connection), so a server with the store open — even an idle one — holds it. An exclusive-mode
// connection with no busy timeout asks for the exclusive lock on its first read and fails at once if anyone
// else holds the file; it then keeps the lock until it is closed.
import "server-only";
import Database from "better-sqlite3";

export type LockOutcome =
  | { ok: true; db: Database.Database; sqlite: true }
  | { ok: true; db: null; sqlite: false }
  | { ok: false; reason: "in-use"; message: string };

export function lockStoreExclusively(file: string): LockOutcome {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 0");
    db.pragma("locking_mode = EXCLUSIVE");
    // BEGIN EXCLUSIVE takes the write lock even in rollback-journal mode, where a first read would only share.
    db.exec("BEGIN EXCLUSIVE");
    db.exec("COMMIT");
    return { ok: true, db, sqlite: true };
  } catch (error) {
    db.close();
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") {
      return { ok: false, reason: "in-use", message: `${file} is open in another process (a running server?); stop it first` };
    }
    if (code === "SQLITE_NOTADB") return { ok: true, db: null, sqlite: false };
    throw error;
  }
}

/** Rows in the store's own tables (not SQLite's, not drizzle's bookkeeping, not full-text shadow tables). */
export function storeRowCount(db: Database.Database): number {
  const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as { name: string; sql: string | null }[];
  const virtual = tables.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql ?? "")).map((t) => t.name);
  const own = tables.filter(
    (t) => !t.name.startsWith("sqlite_") && t.name !== "__drizzle_migrations" && !virtual.some((v) => t.name === v || t.name.startsWith(`${v}_`)),
  );
  return own.reduce((sum, t) => sum + (db.prepare(`SELECT count(*) FROM "${t.name.replaceAll('"', '""')}"`).pluck().get() as number), 0);
}
