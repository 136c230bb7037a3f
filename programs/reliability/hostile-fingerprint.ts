// Byte-for-byte and logical fingerprints of a store. In WAL mode every commit appends frames to the -wal file
// (or, once the WAL was reset, overwrites its first frames under a new salt), so an unchanged -wal means nothing
// was committed. The store's own file is hashed too, but it may change without a commit: the server's
// checkpoint thread copies frames committed earlier into it once commits pause (db/writer/checkpoint-thread.ts).
// The -shm index is left out, since readers update it without writing anything. The logical fingerprint
// (every row of every table, read through a read-only connection) is the second opinion.
import crypto from "node:crypto";
import fs from "node:fs";
import Database from "better-sqlite3";

export interface FileFingerprint {
  db: string;
  /** null when there is no -wal file. */
  wal: string | null;
  walBytes: number;
}

function sha256File(file: string): string | null {
  if (!fs.existsSync(file)) return null;
  return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

export function fileFingerprint(dbFile: string): FileFingerprint {
  const wal = `${dbFile}-wal`;
  return { db: sha256File(dbFile) ?? "missing", wal: sha256File(wal), walBytes: fs.existsSync(wal) ? fs.statSync(wal).size : 0 };
}

/** Whether nothing was committed between two fingerprints: the -wal file is byte for byte the same. */
export const noCommitBetween = (a: FileFingerprint, b: FileFingerprint): boolean => a.wal === b.wal && a.walBytes === b.walBytes;

/** sha256 over every row of every table (FTS shadow tables included), in table-name and rowid order. */
export function logicalFingerprint(dbFile: string): { hash: string; tables: number; rows: number } {
  const sqlite = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const hash = crypto.createHash("sha256");
    const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    let rows = 0;
    for (const table of tables) {
      hash.update(`\u0000table ${table}\u0000`);
      const quoted = `"${table.replace(/"/g, '""')}"`;
      let statement;
      try {
        statement = sqlite.prepare(`SELECT * FROM ${quoted} ORDER BY rowid`);
      } catch {
        // WITHOUT ROWID tables (and virtual tables without one): their own order, stable for unchanged content.
        statement = sqlite.prepare(`SELECT * FROM ${quoted}`);
      }
      for (const row of statement.raw().iterate() as Iterable<unknown[]>) {
        rows++;
        hash.update(JSON.stringify(row, (_key, value) => (Buffer.isBuffer(value) ? `hex:${value.toString("hex")}` : typeof value === "bigint" ? `${value}n` : value)));
        hash.update("\n");
      }
    }
    return { hash: hash.digest("hex"), tables: tables.length, rows };
  } finally {
    sqlite.close();
  }
}
