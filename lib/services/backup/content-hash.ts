// One hash over every row of every table of a store, independent of row order and page layout: two stores
// with the same hash hold the same data. Used to show that a restore gives back exactly the backup.
import "server-only";
import crypto from "node:crypto";
import Database from "better-sqlite3";

export function storeContentHash(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name").pluck().all() as string[];
    const hash = crypto.createHash("sha256");
    for (const table of tables) {
      const rows = (db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}"`).raw().all() as unknown[][]).map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
      );
      rows.sort();
      hash.update(`${table}\n${rows.length}\n${rows.join("\n")}\n`);
    }
    return hash.digest("hex");
  } finally {
    db.close();
  }
}
