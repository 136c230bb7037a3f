// Every write transaction of the product takes SQLite's write lock when it begins (BEGIN IMMEDIATE).
//
// Why: the store has two connections in one server, the request thread's and the writer thread's
// (db/writer). A deferred transaction (better-sqlite3's default `BEGIN`) that reads first and writes
// second holds a read snapshot when it asks for the write lock; if the writer thread holds that lock,
// SQLite answers SQLITE_BUSY at once instead of waiting out the busy timeout, because waiting could
// deadlock a reader that already holds a snapshot. CI met this as "database is locked" on creating an API
// token (it checks the name, then inserts) while an import was being written. Asking for the lock at
// BEGIN makes the transaction wait its turn like a single-statement write does.
import type Database from "better-sqlite3";

/** Runs `work` in one transaction that holds the write lock from its start; nested calls become savepoints. */
export function writeTransaction<T>(store: { sqlite: Database.Database }, work: () => T): T {
  return store.sqlite.transaction(work).immediate();
}
