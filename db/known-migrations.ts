// The journal timestamps of the migrations this code ships (drizzle records each applied one's in
// __drizzle_migrations): db owns the migration files, so services ask here rather than read them with drizzle.
import "server-only";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "./client";

export function knownMigrationTimestamps(folder: string = migrationsFolder()): number[] {
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => m.folderMillis);
}
