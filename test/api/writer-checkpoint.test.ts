// Checkpointing beside the writer thread (db/writer/checkpoint-thread.ts): a batch's commit no longer copies
// the write-ahead log into the store's file before the producer is answered (SQLite's default does, once the
// WAL passes 1000 pages: about one batch of 100 rollouts); the checkpoint thread copies it once commits pause,
// and the writer's own commits still bound the WAL when no pause comes.
import { afterEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writerTestBatch } from "./writer-batch";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-checkpoint-"));
process.env.HARNESS_LAB_DB = path.join(dir, "unused.db");

const { openStore } = await import("@/db/client");
const { startStoreWriter, stopStoreWriter, whenWriterReady, writeValidatedEvents } = await import("@/db/writer/store-writer");
const { WAL_LIMIT_PAGES } = await import("@/db/writer/writer-messages");
const { validateEvent } = await import("@/lib/events/contract");
const { statFields } = await import("@/programs/bench/server-process");
type Store = ReturnType<typeof openStore>;

const stores: Store[] = [];
afterEach(async () => {
  await stopStoreWriter();
  for (const store of stores.splice(0)) store.sqlite.close();
});

/** A store of its own per test, with its writer thread started with `options`. */
async function storeWithWriter(name: string, options: Parameters<typeof startStoreWriter>[1]): Promise<Store> {
  const store = openStore(path.join(dir, `${name}.db`));
  stores.push(store);
  startStoreWriter(store, { quietMs: 60_000, ...options });
  expect(await whenWriterReady(120_000)).toBe(true);
  return store;
}

/** `rollouts` rollouts of 30 turns (about 22 KB each), validated as the parse worker hands them over. */
function batch(prefix: string, rollouts: number) {
  return writerTestBatch(prefix, rollouts, "rollout").map((value, i) => {
    const result = validateEvent(value, i);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return result.event;
  });
}

/** A thread's nice value (Linux: proc(5) field 19 of its stat); NaN once it has exited. */
function niceOf(tid: number): number {
  try {
    return Number(statFields(`/proc/self/task/${tid}/stat`)[16]);
  } catch {
    return Number.NaN;
  }
}

const size = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
const PAGE = 4096;

describe("checkpointing the write-ahead log beside the writer thread", () => {
  it("answers a batch of more than 1000 WAL pages before copying them into the store's file, and copies them soon after", async () => {
    // A pause long enough that nothing but the commit itself could have copied the pages when the answer comes.
    const store = await storeWithWriter("beside", { checkpointDelayMs: 5_000 });
    const before = size(store.file);
    const outcome = await writeValidatedEvents(store, { events: batch("big", 300) }, { arrivedVia: "local" });
    expect(outcome).toMatchObject({ ok: true, applied: { rollout: 300 } });
    // The batch is in the WAL, well past SQLite's default threshold of 1000 pages, and not yet in the file.
    expect(size(`${store.file}-wal`)).toBeGreaterThan(1000 * PAGE);
    expect(size(store.file)).toBe(before);
    // The checkpoint thread copies it once commits have paused that long.
    await vi.waitFor(() => expect(size(store.file)).toBeGreaterThan(before + 1000 * PAGE), { timeout: 60_000, interval: 50 });
    expect(store.sqlite.prepare("SELECT count(*) FROM turns").pluck().get()).toBe(300 * 30);
    // The request thread's own (rare) commits leave the copy to that thread too.
    expect(store.sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(WAL_LIMIT_PAGES);
  }, 120_000);

  it("keeps the WAL bounded when commits do not pause: past the limit the writer's commit copies it", async () => {
    const store = await storeWithWriter("bounded", { checkpointDelayMs: 600_000, walLimitPages: 1200 });
    const before = size(store.file);
    await writeValidatedEvents(store, { events: batch("first", 300) }, { arrivedVia: "local" });
    expect(size(store.file)).toBeGreaterThan(before + 1000 * PAGE);
  }, 120_000);

  it("runs the checkpoint thread niced like the writer, and stops it with the writer thread", async () => {
    // Both raise their own nice value to 10, never lower it: under a test run already at nice 10 or more,
    // they stay at the process's value and cannot be told from its other threads.
    const main = niceOf(process.pid);
    const niced = () => fs.readdirSync("/proc/self/task").map(Number).filter((tid) => tid !== process.pid && niceOf(tid) === 10 && main < 10).length;
    expect(niced()).toBe(0);
    await storeWithWriter("stopped", {});
    await vi.waitFor(() => expect(niced()).toBe(main < 10 ? 2 : 0), { timeout: 30_000, interval: 20 });
    await stopStoreWriter();
    await vi.waitFor(() => expect(niced()).toBe(0), { timeout: 30_000, interval: 20 });
  }, 120_000);
});
