// Reads a store file without changing it and says whether it is a sound Harness Lab store: SQLite can open
// it, integrity_check says ok, the drizzle migrations table is there. Also the figures a backup reports.
import "server-only";
import fs from "node:fs";
import Database from "better-sqlite3";

export interface StoreFacts {
  bytes: number;
  pages: number;
  pageSize: number;
  journalMode: string;
  /** created_at of each applied migration, as drizzle recorded it. */
  migrations: number[];
  experiments: number;
  rollouts: number;
}

export type InspectOutcome =
  | { ok: true; facts: StoreFacts }
  | { ok: false; reason: "missing" | "not-sqlite" | "corrupt" | "not-harness-lab"; message: string };

const MIGRATIONS_TABLE = "__drizzle_migrations";

export function inspectStore(file: string): InspectOutcome {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return { ok: false, reason: "missing", message: `${file} does not exist` };
  if (!stat.isFile()) return { ok: false, reason: "not-sqlite", message: `${file} is not a regular file` };
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 10000");
    const problems = db.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0].integrity_check !== "ok") {
      return { ok: false, reason: "corrupt", message: `${file} fails PRAGMA integrity_check: ${problems.slice(0, 3).map((p) => p.integrity_check).join("; ")}` };
    }
    const has = (table: string) => db!.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !== undefined;
    if (!has(MIGRATIONS_TABLE)) return { ok: false, reason: "not-harness-lab", message: `${file} is a SQLite database but not a Harness Lab store (no ${MIGRATIONS_TABLE} table)` };
    const count = (table: string) => (has(table) ? (db!.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number) : 0);
    const facts: StoreFacts = {
      bytes: stat.size,
      pages: db.pragma("page_count", { simple: true }) as number,
      pageSize: db.pragma("page_size", { simple: true }) as number,
      journalMode: String(db.pragma("journal_mode", { simple: true })),
      migrations: (db.prepare(`SELECT created_at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at`).pluck().all() as (number | string)[]).map(Number),
      experiments: count("experiments"),
      rollouts: count("rollouts"),
    };
    return { ok: true, facts };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "SQLITE_NOTADB") return { ok: false, reason: "not-sqlite", message: `${file} is not a SQLite database` };
    if (code === "SQLITE_CORRUPT") return { ok: false, reason: "corrupt", message: `${file} is damaged: ${(error as Error).message}` };
    throw error;
  } finally {
    db?.close();
  }
}
