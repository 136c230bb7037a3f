// The one SQLite connection of this process: WAL, foreign keys on, a busy timeout, migrations applied.
// better-sqlite3 is synchronous, so every write in this process is serialized on this connection (one writer).
import "server-only";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";
import { createPrivateFileIfMissing, makePrivateDirectory } from "../lib/files/private-files";

export type Db = BetterSQLite3Database<typeof schema>;
export interface Store {
  file: string;
  sqlite: Database.Database;
  db: Db;
}

/** Where the repository lives; the CLI sets it, the server runs from it. */
export function projectHome(): string {
  return process.env.HARNESS_LAB_HOME ?? process.cwd();
}

export function defaultDatabaseFile(): string {
  const configured = process.env.HARNESS_LAB_DB;
  if (configured) return configured === ":memory:" ? configured : path.resolve(/* turbopackIgnore: true */ configured);
  return path.join(/* turbopackIgnore: true */ projectHome(), "data", "harness-lab.db");
}

export function migrationsFolder(): string {
  return path.join(/* turbopackIgnore: true */ projectHome(), "db", "migrations");
}

export function openStore(file: string = defaultDatabaseFile()): Store {
  if (file !== ":memory:") {
    // Owner-only whatever the umask: SQLite gives -wal/-shm the main file's mode, so the main file is made
    // 0600 before SQLite opens (and would otherwise create) it. An existing store keeps its mode (serve warns).
    makePrivateDirectory(path.dirname(file));
    createPrivateFileIfMissing(file);
  }
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  // NORMAL is durable against a killed process in WAL mode; only an OS crash can lose the last commits.
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 10000");
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsFolder() });
  return { file, sqlite, db };
}

const globalStore = globalThis as unknown as { __harnessLabStore?: Store };

/** The process-wide store; kept on globalThis so Next's module reloading does not open a second writer. */
export function getStore(): Store {
  if (!globalStore.__harnessLabStore) globalStore.__harnessLabStore = openStore();
  return globalStore.__harnessLabStore;
}

export function closeStore(): void {
  globalStore.__harnessLabStore?.sqlite.close();
  globalStore.__harnessLabStore = undefined;
}
