// A trainer's metric series as columns, kept in memory between requests. Reading a series is the curves' main
// server cost: the 10-run overlay (10 × 10,000 points) spent most of its server time per page view reading and
// parsing its points, on the same thread that answers the trainers' posts. Metric points are only ever added
// (applyMetrics refuses to change one), so a series is unchanged while the count of its points and its highest
// rowid are: both come from one short scan of the covering index metric_points_series, about a fifth of the
// cost of reading the points. Server only.
import "server-only";
import type { Store } from "../client";
import type { StepColumns } from "../../lib/curves/build-series";

/** Which columns besides step and value a series needs (the others are all null). */
export interface MetricNeeds {
  epoch: boolean;
  time: boolean;
}

interface Entry {
  count: number;
  lastRowid: number;
  columns: StepColumns;
}

/** Points kept across all series of a store: 10 overlaid runs of 100,000 points, ~30 MB of columns. */
export const CACHED_POINTS_LIMIT = 1_000_000;

const caches = new WeakMap<Store, { entries: Map<string, Entry>; points: number }>();

function cacheOf(store: Store) {
  let cache = caches.get(store);
  if (!cache) {
    cache = { entries: new Map(), points: 0 };
    caches.set(store, cache);
  }
  return cache;
}

/** Drops every series kept for this store: the curves bench times a read from the store with it. */
export function forgetMetricSeries(store: Store): void {
  caches.delete(store);
}

/**
 * The series (run, key) in step order as `read` returns it, from memory when no point was added since it was
 * read. The count and rowid are read before the points: a point committed in between only makes the next
 * request read the series again, never keeps a stale one.
 */
export function cachedMetricColumns(store: Store, runId: string, key: string, needs: MetricNeeds, read: () => StepColumns): StepColumns {
  const [count, lastRowid] = store.sqlite
    .prepare("SELECT count(*), coalesce(max(rowid), 0) FROM metric_points WHERE run_id = ? AND key = ?")
    .raw()
    .get(runId, key) as [number, number];
  const cache = cacheOf(store);
  const id = `${needs.epoch ? "e" : "-"}${needs.time ? "t" : "-"}\u0000${runId}\u0000${key}`;
  const hit = cache.entries.get(id);
  if (hit) {
    cache.entries.delete(id);
    cache.points -= hit.columns.step.length;
  }
  if (hit && hit.count === count && hit.lastRowid === lastRowid) {
    cache.entries.set(id, hit); // most recently used last
    cache.points += hit.columns.step.length;
    return hit.columns;
  }
  const fresh = read();
  // Shared by every later request, so no caller may change it. Frozen under the tests (vitest sets NODE_ENV
  // "test"), which catch a caller that tries; not elsewhere (the server, the benches): freezing four
  // 100,000-element arrays cost 11–20 ms, and reading a frozen array was ~10× slower than a plain one (Node 20),
  // which made the first, uncached read of a 100 k series 25 ms slower (curves bench: median 73 → 98 ms).
  const columns: StepColumns = process.env.NODE_ENV !== "test" ? fresh : Object.freeze({
    step: Object.freeze(fresh.step) as number[],
    value: Object.freeze(fresh.value) as Array<number | null>,
    epoch: Object.freeze(fresh.epoch) as Array<number | null>,
    time: Object.freeze(fresh.time) as Array<number | null>,
  });
  if (columns.step.length > CACHED_POINTS_LIMIT) return columns;
  cache.entries.set(id, { count, lastRowid, columns });
  cache.points += columns.step.length;
  for (const [oldest, entry] of cache.entries) {
    if (cache.points <= CACHED_POINTS_LIMIT) break;
    cache.entries.delete(oldest);
    cache.points -= entry.columns.step.length;
  }
  return columns;
}
