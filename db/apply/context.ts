// What every event applier shares: the connection, cached statements, the clock, and the bookkeeping
// of references and conflicts that decides, at the end of a request, whether it commits at all.
import "server-only";
import type Database from "better-sqlite3";
import type { EventProblem } from "../../lib/events/contract";
import { eventHash } from "../../lib/events/canonical-json";
import type { HarnessArrival } from "../../lib/harness-trust/arrival";

/** Tables an event may point into, with their key column. */
export const REFERENCE_TABLES = {
  experiments: "id",
  runs: "id",
  tasks: "id",
  harness_versions: "id",
  checkpoints: "id",
  rollouts: "id",
  proposals: "id",
  evolution_rounds: "id",
  failure_packets: "id",
  jobs: "id",
  source_files: "id",
} as const;
export type ReferenceTable = keyof typeof REFERENCE_TABLES;

const NOUN: Record<ReferenceTable, string> = {
  experiments: "experiment", runs: "run", tasks: "task", harness_versions: "harness version",
  checkpoints: "checkpoint", rollouts: "rollout", proposals: "proposal", evolution_rounds: "evolution round",
  failure_packets: "failure packet", jobs: "job", source_files: "source file",
};

export type ApplyStatus = "applied" | "unchanged";

export class ApplyContext {
  readonly problems: EventProblem[] = [];
  private readonly refs = new Map<ReferenceTable, Map<string, { index: number; path: string }>>();
  index = 0;
  /** Who sent the batch; recorded on the harness versions it creates. "unknown" (treated as untrusted) unless told. */
  arrivedVia: HarnessArrival = "unknown";

  /** `hashes[i]` is the content hash of event i when the ingestion worker already computed it. */
  constructor(readonly sqlite: Database.Database, readonly now: number, private readonly hashes?: readonly string[]) {}

  /** Content hash of the current event: how a re-send is told from a changed record. */
  hash(event: object): string {
    return this.hashes?.[this.index] ?? eventHash(event);
  }

  stmt(sql: string): Database.Statement {
    return statementFor(this.sqlite, sql);
  }

  /** Records that the current event points at `id`; checked once the whole request has been applied. */
  ref(table: ReferenceTable, id: string | undefined | null, path: string): void {
    if (id === undefined || id === null) return;
    let ids = this.refs.get(table);
    if (!ids) this.refs.set(table, (ids = new Map()));
    if (!ids.has(id)) ids.set(id, { index: this.index, path });
  }

  conflict(path: string, message: string): ApplyStatus {
    this.problems.push({ index: this.index, path, message });
    return "unchanged";
  }

  /** Every reference must exist by now, in the store or earlier/later in the same request. */
  checkReferences(): void {
    for (const [table, ids] of this.refs) {
      const exists = this.stmt(`SELECT 1 FROM ${table} WHERE ${REFERENCE_TABLES[table]} = ?`).pluck();
      for (const [id, where] of ids) {
        if (exists.get(id) === undefined) {
          this.problems.push({ index: where.index, path: where.path, message: `${NOUN[table]} "${id}" does not exist (not in the store, not in this request)` });
        }
      }
    }
  }
}

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function statementFor(sqlite: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(sqlite);
  if (!cache) statementCache.set(sqlite, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = sqlite.prepare(sql)));
  return stmt;
}

export const json = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
export const bool = (value: boolean): number => (value ? 1 : 0);
export const orNull = <T>(value: T | undefined): T | null => (value === undefined ? null : value);

/**
 * An immutable record of one event as one row: `row` (column → value; id, content_hash and created_at added) is
 * inserted unless the id exists (insertImmutable), then `more` writes its link rows in the same step.
 */
export function insertImmutableRow(ctx: ApplyContext, table: string, noun: string, e: { id: string }, row: Record<string, unknown>, more?: () => void): ApplyStatus {
  const hash = ctx.hash(e);
  return insertImmutable(ctx, table, noun, e.id, hash, () => {
    const full: Record<string, unknown> = { id: e.id, ...row, content_hash: hash, created_at: ctx.now };
    const columns = Object.keys(full);
    ctx.stmt(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`).run(...Object.values(full));
    more?.();
  });
}

/** Inserts an immutable record unless one with that id exists; same content is a no-op, other content a 409. */
export function insertImmutable(
  ctx: ApplyContext,
  table: string,
  noun: string,
  id: string,
  hash: string,
  insert: () => void,
): ApplyStatus {
  const existing = ctx.stmt(`SELECT content_hash FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined;
  if (existing === undefined) {
    insert();
    return "applied";
  }
  if (existing === hash) return "unchanged";
  return ctx.conflict("", `${noun} "${id}" already exists with different content; ${noun}s are immutable, send it under a new id`);
}
