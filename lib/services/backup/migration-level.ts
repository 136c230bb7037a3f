// Whether a store's schema is one this code can serve: drizzle records each applied migration's journal
// timestamp in __drizzle_migrations and, on start, applies every migration newer than the last one recorded.
// A store ahead of the code (made by a newer Harness Lab) would be served with a schema the code does not know.
import "server-only";
import { knownMigrationTimestamps } from "../../../db/known-migrations";
import { migrationsFolder } from "../../../db/client";

export type MigrationLevel =
  | { kind: "current" | "older"; applied: number; known: number }
  | { kind: "newer" | "unknown"; applied: number; known: number; detail: string };

/** `appliedCreatedAt`: the created_at column of the store's __drizzle_migrations rows. */
export function compareMigrationLevel(appliedCreatedAt: number[], folder: string = migrationsFolder()): MigrationLevel {
  const known = knownMigrationTimestamps(folder);
  const knownSet = new Set(known);
  const latestKnown = Math.max(...known);
  const applied = appliedCreatedAt.length;
  const ahead = appliedCreatedAt.filter((t) => t > latestKnown);
  if (ahead.length) {
    return { kind: "newer", applied, known: known.length, detail: `${ahead.length} migration(s) newer than this code's latest (${new Date(latestKnown).toISOString()})` };
  }
  const strangers = appliedCreatedAt.filter((t) => !knownSet.has(t));
  if (strangers.length) {
    return { kind: "unknown", applied, known: known.length, detail: `${strangers.length} migration(s) this code does not have (another branch or build)` };
  }
  const all = known.every((t) => appliedCreatedAt.includes(t));
  return { kind: all ? "current" : "older", applied, known: known.length };
}
