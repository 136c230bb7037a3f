// Small conversions from stored columns back to event fields. The appliers store an absent optional field as
// NULL and free-form JSON as canonical text, so each conversion here is the exact inverse of one in
// db/apply/context.ts (orNull, json, bool): an event rebuilt from a row hashes the same as the one stored.
import type Database from "better-sqlite3";

export type Row = Record<string, unknown>;

/** NULL → absent (undefined is dropped by JSON.stringify and by the event hash alike). */
export const opt = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/** Stored JSON text → the value it was written from; NULL → absent. */
export const parsed = <T = Record<string, unknown>>(text: unknown): T | undefined =>
  text === null || text === undefined ? undefined : (JSON.parse(text as string) as T);

export const flag = (value: unknown): boolean => value === 1 || value === true;

/** Rows of a statement, one at a time: the statement streams, so a million rows never sit in memory together. */
export function* rowsOf<T = Row>(sqlite: Database.Database, sql: string, ...params: unknown[]): Generator<T> {
  for (const row of sqlite.prepare(sql).iterate(...params)) yield row as T;
}

/**
 * Orders records so every parent comes before its children (harness versions by parent, proposals by the
 * proposal they revise): an import applies in batches, and a batch may not point forward into a later one.
 * Ties keep the input order (the store's insertion order), so the result is deterministic.
 */
export function parentsFirst<T extends { id: string; parent: string | null }>(items: readonly T[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const out: T[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (item: T) => {
    if (state.get(item.id) === "done") return;
    // A cycle cannot be stored (a parent must exist when its child is applied); stop rather than loop.
    if (state.get(item.id) === "visiting") return;
    state.set(item.id, "visiting");
    const parent = item.parent === null ? undefined : byId.get(item.parent);
    if (parent) visit(parent);
    state.set(item.id, "done");
    out.push(item);
  };
  for (const item of items) visit(item);
  return out;
}
