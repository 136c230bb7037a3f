// Turns enter the full-text index (turns_fts) after they are stored, not inside the insert: indexing
// every turn in a trigger made ingestion 2–5× slower. The server indexes new turns in the background in
// small slices (startFullTextIndexer), and every search first indexes what is still pending
// (indexPendingTurns), so a search always sees every stored turn.
//
// turns.id is an INTEGER PRIMARY KEY assigned in increasing order and turns are never rewritten, so
// "everything up to indexed_upto is indexed" is the whole bookkeeping.
import "server-only";
import type { Store } from "./client";
import { logLine } from "../lib/log-text";
import { writeTransaction } from "./write-transaction";
import { recordTimeMarks } from "./full-text-time-marks";

/** Indexes up to `maxTurns` of the turns not yet indexed, oldest first; returns how many it indexed. */
export function indexPendingTurns(store: Store, maxTurns = Number.POSITIVE_INFINITY): number {
  const sqlite = store.sqlite;
  return writeTransaction(store, (): number => {
    const upto = sqlite.prepare("SELECT indexed_upto FROM turns_fts_progress WHERE id = 1").pluck().get() as number;
    const limit = Number.isFinite(maxTurns) ? Math.max(1, Math.floor(maxTurns)) : -1;
    const last = sqlite.prepare("SELECT max(id) FROM (SELECT id FROM turns WHERE id > ? ORDER BY id LIMIT ?)").pluck().get(upto, limit) as number | null;
    if (last === null) return 0;
    const added = sqlite
      .prepare("INSERT INTO turns_fts (rowid, content, reasoning, observation) SELECT id, content, reasoning, observation FROM turns WHERE id > ? AND id <= ?")
      .run(upto, last).changes;
    recordTimeMarks(sqlite, upto, last);
    sqlite.prepare("UPDATE turns_fts_progress SET indexed_upto = ? WHERE id = 1").run(last);
    return added;
  });
}

/**
 * One step of FTS5's incremental merge of index segments (each batch of indexed turns adds segments, and a
 * search probes every segment). Returns false once there was nothing left to merge.
 */
export function mergeFullTextSegments(store: Store, pages = 200): boolean {
  const sqlite = store.sqlite;
  const before = sqlite.prepare("SELECT total_changes()").pluck().get() as number;
  sqlite.prepare("INSERT INTO turns_fts (turns_fts, rank) VALUES ('merge', ?)").run(pages);
  // FTS5's rule: fewer than 2 changes means the merge found no work.
  return (sqlite.prepare("SELECT total_changes()").pluck().get() as number) - before >= 2;
}

/**
 * Indexes every pending turn and merges the index down to one segment, in small steps (each its own short
 * transaction), so a running server's writes interleave with it: `harness-lab maintain` and `harness-lab backup`.
 */
export function compactFullTextIndex(store: Store, pagesPerStep = 256): { indexed: number; mergeSteps: number } {
  let indexed = 0;
  for (let n = indexPendingTurns(store, 5000); n > 0; n = indexPendingTurns(store, 5000)) indexed += n;
  let mergeSteps = 0;
  // A negative page count merges every level with 2 or more segments, not only crowded ones.
  while (mergeSteps < 1_000_000 && mergeFullTextSegments(store, -pagesPerStep)) mergeSteps++;
  return { indexed, mergeSteps };
}

/** Segments of the full-text index (each search probes every one). */
export function fullTextSegmentCount(store: Store): number {
  return store.sqlite.prepare("SELECT count(DISTINCT segid) FROM turns_fts_idx").pluck().get() as number;
}

/** Whether any stored turn is not yet searchable (one probe of the primary key, whatever the store's size). */
export function hasPendingTurns(store: Store): boolean {
  return store.sqlite
    .prepare("SELECT EXISTS (SELECT 1 FROM turns WHERE id > (SELECT indexed_upto FROM turns_fts_progress WHERE id = 1))")
    .pluck()
    .get() === 1;
}

/** Turns stored but not yet searchable. */
export function pendingTurnCount(store: Store): number {
  return store.sqlite
    .prepare("SELECT count(*) FROM turns WHERE id > (SELECT indexed_upto FROM turns_fts_progress WHERE id = 1)")
    .pluck()
    .get() as number;
}

// On globalThis: Next bundles the route that ingests and the start-up code that runs the indexer apart,
// so a module variable would not be shared between them.
const activity = globalThis as unknown as { __harnessLabLastIngestion?: number };

/** Called by every write of events: the indexer leaves the CPU to ingestion while it is going on. */
export function noteIngestion(now = Date.now()): void {
  activity.__harnessLabLastIngestion = now;
}

/**
 * Indexes in the quiet moments: once no events have been written for `quietMs`, a slice of `sliceTurns`
 * turns, then the next slice on the next turn of the loop while any are pending, else a pause of `idleMs`.
 * During heavy ingestion it waits; a search in the meantime indexes what it needs itself.
 */
export function startFullTextIndexer(store: Store, options: { sliceTurns?: number; idleMs?: number; quietMs?: number } = {}): () => void {
  const slice = options.sliceTurns ?? 500;
  const idle = options.idleMs ?? 1000;
  const quiet = options.quietMs ?? 2000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (Date.now() - (activity.__harnessLabLastIngestion ?? 0) < quiet) {
      timer = setTimeout(tick, idle);
      timer.unref();
      return;
    }
    let indexed = 0;
    try {
      indexed = indexPendingTurns(store, slice);
    } catch (error) {
      // A busy store or a closing process: try again after the pause rather than stop indexing for good.
      console.warn(logLine`full-text indexer: ${error}`);
    }
    timer = indexed > 0 ? setTimeout(tick, 0) : setTimeout(tick, idle);
    timer.unref();
  };
  timer = setTimeout(tick, idle);
  timer.unref();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
