// Turns become searchable after they are stored: in slices by the background indexer, all at once
// before a search, never twice.
import { beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "./client";
import { applyEvents } from "./apply-events";
import {
  compactFullTextIndex, fullTextSegmentCount, indexPendingTurns, mergeFullTextSegments, noteIngestion, pendingTurnCount, startFullTextIndexer,
} from "./full-text-index";
import { exampleEvents } from "../lib/events/examples";
import { listBrowserPage } from "./queries/rollout-browser";

let store: Store;
const hits = (word: string) => store.sqlite.prepare("SELECT count(*) FROM turns_fts WHERE turns_fts MATCH ?").pluck().get(word) as number;

beforeEach(() => {
  store = openStore(":memory:");
  expect(applyEvents(store, exampleEvents()).ok).toBe(true);
});

describe("full-text indexing after commit", () => {
  it("indexes pending turns in slices, oldest first, and each turn once", () => {
    const total = pendingTurnCount(store);
    expect(total).toBeGreaterThan(3);
    expect(indexPendingTurns(store, 2)).toBe(2);
    expect(pendingTurnCount(store)).toBe(total - 2);
    expect(indexPendingTurns(store)).toBe(total - 2);
    expect(indexPendingTurns(store)).toBe(0);
    // indexing again adds nothing: the same word is found as often as before
    const before = hits("range");
    indexPendingTurns(store);
    expect(hits("range")).toBe(before);
    expect(store.sqlite.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
  });

  it("a search sees every stored turn, even ones the background indexer has not reached", () => {
    expect(hits("range")).toBe(0);
    const page = listBrowserPage(store, { filter: { q: "range" }, sort: { key: "created", dir: "desc" } }, { limit: 50, cursor: null });
    expect(page.ok && page.value.rows.length).toBeGreaterThan(0);
    expect(pendingTurnCount(store)).toBe(0);
  });

  it("the background indexer catches up on its own and stops when told", async () => {
    const stop = startFullTextIndexer(store, { sliceTurns: 1, idleMs: 5, quietMs: 0 });
    await expect.poll(() => pendingTurnCount(store), { timeout: 5_000 }).toBe(0);
    stop();
    expect(hits("range")).toBeGreaterThan(0);
  });

  it("waits while events are being written", async () => {
    noteIngestion();
    const stop = startFullTextIndexer(store, { sliceTurns: 1, idleMs: 5, quietMs: 60_000 });
    try {
      const pending = pendingTurnCount(store);
      // several idle periods pass without a slice: ingestion was just now
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pendingTurnCount(store)).toBe(pending);
    } finally {
      stop();
    }
  });

  it("a background merge step merges segments and keeps every match", () => {
    // Indexing turn by turn leaves many small segments, as bursts of small batches do.
    while (indexPendingTurns(store, 1) > 0);
    const many = fullTextSegmentCount(store);
    expect(many).toBeGreaterThan(3);
    const before = hits("range");
    expect(mergeFullTextSegments(store, 1)).toBe(true);
    expect(fullTextSegmentCount(store)).toBeLessThan(many);
    expect(hits("range")).toBe(before);
  });

  it("maintenance indexes what is pending and merges the index into one segment", () => {
    expect(indexPendingTurns(store, 3)).toBe(3);
    while (indexPendingTurns(store, 1) > 0 && fullTextSegmentCount(store) < 6);
    expect(fullTextSegmentCount(store)).toBeGreaterThan(3);
    const pending = pendingTurnCount(store);
    const compacted = compactFullTextIndex(store);
    expect(compacted.indexed).toBe(pending);
    expect(compacted.mergeSteps).toBeGreaterThan(0);
    expect(fullTextSegmentCount(store)).toBe(1);
    expect(hits("range")).toBeGreaterThan(0);
    expect(store.sqlite.prepare("INSERT INTO turns_fts(turns_fts, rank) VALUES ('integrity-check', 1)").run()).toBeTruthy();
    // Nothing left: another compaction has no work.
    expect(compactFullTextIndex(store)).toEqual({ indexed: 0, mergeSteps: 0 });
  });
});
