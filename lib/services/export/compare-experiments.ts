// Compares one experiment in two stores, table by table and row by row: every row of every table the
// experiment owns must be in both with equal values, except the store-local columns listed (with their
// reason) in compared-tables.ts. Both sides are read in key order and merged, so a million rollouts are
// compared in constant memory.
import type Database from "better-sqlite3";
import { COMPARED_TABLES, type ComparedTable } from "./compared-tables";

type Row = Record<string, unknown>;

export interface Difference {
  table: string;
  /** The row's key, e.g. `rollout_id=r1, idx=3`. */
  key: string;
  /** missing: in the original only; extra: in the copy only; changed: a column differs. */
  kind: "missing" | "extra" | "changed";
  column?: string;
  original?: unknown;
  copy?: unknown;
}

export interface CompareOptions {
  /** Stop after this many differences (default 100); one wrong turn should not list a million. */
  limit?: number;
  tables?: readonly ComparedTable[];
}

/** The differences of experiment `experimentId` between `original` and `copy`; empty when they hold the same experiment. */
export function compareExperiments(original: Database.Database, copy: Database.Database, experimentId: string, options: CompareOptions = {}): Difference[] {
  const limit = options.limit ?? 100;
  const out: Difference[] = [];
  for (const spec of options.tables ?? COMPARED_TABLES) {
    compareTable(spec, original, copy, experimentId, out, limit);
    if (out.length >= limit) break;
  }
  return out;
}

function compareTable(spec: ComparedTable, original: Database.Database, copy: Database.Database, experiment: string, out: Difference[], limit: number): void {
  const a = rows(spec, original, experiment);
  const b = rows(spec, copy, experiment);
  let x = a.next();
  let y = b.next();
  try {
    while ((!x.done || !y.done) && out.length < limit) {
      const order = x.done ? 1 : y.done ? -1 : compareKeys(spec.key.map((k) => x.value![k]), spec.key.map((k) => y.value![k]));
      if (order < 0) {
        out.push({ table: spec.table, key: keyText(spec, x.value!), kind: "missing" });
        x = a.next();
      } else if (order > 0) {
        out.push({ table: spec.table, key: keyText(spec, y.value!), kind: "extra" });
        y = b.next();
      } else {
        diffRow(spec, x.value!, y.value!, out, limit);
        x = a.next();
        y = b.next();
      }
    }
  } finally {
    // Stop both statements if the limit cut the walk short.
    a.return(undefined);
    b.return(undefined);
  }
}

function* rows(spec: ComparedTable, sqlite: Database.Database, experiment: string): Generator<Row, void, undefined> {
  for (const raw of sqlite.prepare(spec.sql).iterate({ e: experiment }) as Iterable<Row>) {
    const row = { ...raw };
    for (const column of Object.keys(spec.excluded)) delete row[column];
    yield spec.normalize ? spec.normalize(row) : row;
  }
}

function diffRow(spec: ComparedTable, a: Row, b: Row, out: Difference[], limit: number): void {
  const columns = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const column of columns) {
    if (out.length >= limit) return;
    if (!(column in b) || !(column in a) || !Object.is(a[column], b[column])) {
      out.push({ table: spec.table, key: keyText(spec, a), kind: "changed", column, original: shown(a[column]), copy: shown(b[column]) });
    }
  }
}

/** SQLite's order for the key columns (integers numerically, text by its UTF-8 bytes), so the merge agrees with ORDER BY. */
function compareKeys(a: unknown[], b: unknown[]): number {
  for (let i = 0; i < a.length; i++) {
    const p = a[i];
    const q = b[i];
    let c: number;
    if (typeof p === "number" && typeof q === "number") c = p - q;
    else if (typeof p === "string" && typeof q === "string") c = Buffer.compare(Buffer.from(p), Buffer.from(q));
    else c = typeof p === "number" ? -1 : 1;
    if (c !== 0) return c < 0 ? -1 : 1;
  }
  return 0;
}

const keyText = (spec: ComparedTable, row: Row) => spec.key.map((k) => `${k}=${String(row[k])}`).join(", ");

/** Long texts (a turn's content) are cut for the report; the comparison itself used the whole value. */
const shown = (value: unknown) => (typeof value === "string" && value.length > 200 ? `${value.slice(0, 200)}… (${value.length} chars)` : value);
