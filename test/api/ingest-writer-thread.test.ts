// Ingestion through the writer thread (db/writer): the request thread keeps answering reads while a batch
// is written, a full write queue answers 429 with Retry-After to a batch and to an upload (and the same bytes
// are accepted afterwards), and a search right after a write finds the new turns (the writer catches the
// full-text index up first). The writer thread runs at a lower CPU priority than the request thread.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writerTestBatch } from "./writer-batch";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-writer-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");
// One batch in the writer at a time, so the test can fill the queue.
process.env.HARNESS_LAB_WRITE_QUEUE = "1";

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { catchUpFullTextIndex, runWriterTask, startStoreWriter, stopStoreWriter, whenWriterReady, writeQueueDepth, writerThreadRunning, writeValidatedEvents } = await import("@/db/writer/store-writer");
const events = await import("@/app/api/v1/events/route");
const { validateEvent } = await import("@/lib/events/contract");
const { packJson } = await import("@/lib/services/ingest/pure/packed-json");
const rolloutList = await import("@/app/api/v1/rollouts/route");
const { hasPendingTurns } = await import("@/db/full-text-index");
const { fileFingerprint } = await import("@/programs/reliability/hostile-fingerprint");
const rllm = await import("@/app/api/v1/rllm/api/[...path]/route");
const imports = await import("@/app/api/v1/imports/route");

let ingestToken = "";
let readToken = "";
const base = "http://127.0.0.1:3000";
const post = (body: string) =>
  events.POST(new Request(`${base}/api/v1/events`, { method: "POST", body, headers: { authorization: `Bearer ${ingestToken}`, "content-type": "application/json" } }));
const count = (table: string) => getStore().sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

function batch(prefix: string, rollouts: number, word = "ordinary"): string {
  return JSON.stringify(writerTestBatch(prefix, rollouts, word));
}

beforeAll(async () => {
  ingestToken = createApiToken(getStore(), { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
  readToken = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
  startStoreWriter(getStore(), { quietMs: 60_000 });
  expect(await whenWriterReady(120_000)).toBe(true);
}, 150_000);

afterAll(async () => {
  await stopStoreWriter();
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The nice value of each thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of fs.readdirSync("/proc/self/task")) {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
    out.set(Number(tid), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return out;
}

describe("ingestion through the writer thread", () => {
  it("runs the writer thread below the request thread's CPU priority (nice 10), so pages get a busy core first", () => {
    const nice = threadNiceValues();
    // The writer raises its own nice value to 10 and never lowers it, so under a niced test run (nice ≥ 10) it
    // keeps the process's value: compare against what this process started with, not against 0.
    const main = nice.get(process.pid)!;
    const expected = Math.max(main, 10);
    expect([...nice.entries()].filter(([tid, n]) => tid !== process.pid && n === expected).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps answering reads in the request thread while a batch is being written", async () => {
    expect(writerThreadRunning()).toBe(true);
    const readsWhileWriting: number[] = [];
    const reader = setInterval(() => readsWhileWriting.push(count("rollouts")), 2);
    const response = await post(batch("big", 400));
    clearInterval(reader);
    expect(response.status).toBe(200);
    expect((await response.json()).applied.rollout).toBe(400);
    // Reads ran during the write, and they saw the store as it was before the batch committed.
    expect(readsWhileWriting.length).toBeGreaterThanOrEqual(5);
    expect(readsWhileWriting.filter((n) => n === 0).length).toBeGreaterThanOrEqual(5);
    expect(count("rollouts")).toBe(400);
  }, 120_000);

  it("answers 429 with Retry-After while the writer's queue is full, and takes the same bytes afterwards", async () => {
    const first = post(batch("queued", 400));
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(1), { timeout: 60_000, interval: 5 });
    const small = batch("small", 2);
    const refused = await post(small);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect((await refused.json()).error).toMatch(/send this one again/);
    // An upload waits at the client too, instead of in the server's memory until the writer reaches it.
    const form = new FormData();
    form.append("experiment", "upload-while-full");
    form.append("files", new File([batch("upload", 1)], "events.json"));
    const upload = await imports.POST(new Request(`${base}/api/v1/imports`, { method: "POST", body: form, headers: { authorization: `Bearer ${ingestToken}` } }));
    expect(upload.status).toBe(429);
    expect(upload.headers.get("retry-after")).toBe("1");
    expect((await upload.json()).error).toMatch(/upload again after 1 s/);
    expect((await first).status).toBe(200);
    expect(count("rollouts")).toBe(800);
    const again = await post(small);
    expect(again.status).toBe(200);
    expect((await again.json()).applied.rollout).toBe(2);
    // A re-send of the same bytes is answered unchanged, as before.
    expect((await (await post(small)).json()).unchanged.rollout).toBe(2);
  }, 120_000);

  it("finds turns in a search right after they were written", async () => {
    expect((await post(batch("fresh", 3, "zebrafishword"))).status).toBe(200);
    const response = await rolloutList.GET(new Request(`${base}/api/v1/rollouts?q=zebrafishword`, { headers: { authorization: `Bearer ${readToken}` } }));
    expect(response.status).toBe(200);
    const ids = ((await response.json()).rollouts as { id: string }[]).map((r) => r.id).sort();
    expect(ids).toEqual(["fresh-r0", "fresh-r1", "fresh-r2"]);
  }, 60_000);

  it("after a search, indexes each later batch's turns as it is written, not only once writes pause", async () => {
    // The writer here indexes in the background only after 60 s without writes, and nothing below searches:
    // the index can only catch up with these turns because a search came just before.
    const search = await rolloutList.GET(new Request(`${base}/api/v1/rollouts?q=anything`, { headers: { authorization: `Bearer ${readToken}` } }));
    expect(search.status).toBe(200);
    const indexedUpto = () => getStore().sqlite.prepare("SELECT indexed_upto FROM turns_fts_progress WHERE id = 1").pluck().get() as number;
    const lastTurn = () => getStore().sqlite.prepare("SELECT max(id) FROM turns").pluck().get() as number;
    const before = indexedUpto();
    expect(before).toBe(lastTurn());
    for (let i = 0; i < 3; i++) expect((await post(batch(`searched${i}`, 4, "quokkaword"))).status).toBe(200);
    expect(lastTurn()).toBe(before + 3 * 4 * 30);
    await vi.waitFor(() => expect(indexedUpto()).toBe(lastTurn()), { timeout: 20_000, interval: 50 });
  }, 60_000);

  it("while searches go on, a batch's turns are searchable as soon as its answer arrives", async () => {
    expect((await rolloutList.GET(new Request(`${base}/api/v1/rollouts?q=anything`, { headers: { authorization: `Bearer ${readToken}` } }))).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await post(batch(`atonce${i}`, 4, "wombatword"))).status).toBe(200);
      // Indexed in the batch's own transaction: nothing is left for the next search to wait for.
      expect(hasPendingTurns(getStore())).toBe(false);
    }
  }, 60_000);

  it("while searches go on, a batch refused by the writer commits nothing: the -wal file stays byte for byte the same", async () => {
    expect((await rolloutList.GET(new Request(`${base}/api/v1/rollouts?q=anything`, { headers: { authorization: `Bearer ${readToken}` } }))).status).toBe(200);
    // Valid events whose run is missing: only the writer, checking references, refuses them (400).
    const orphans = (writerTestBatch("orphan", 3, "wombatword") as Array<{ type: string }>).filter((e) => e.type !== "run");
    const before = fileFingerprint(getStore().file);
    const refused = await post(JSON.stringify(orphans));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("orphan-run");
    // The store's own file may change meanwhile: the checkpoint thread copies earlier commits into it.
    const after = fileFingerprint(getStore().file);
    expect({ wal: after.wal, walBytes: after.walBytes }).toEqual({ wal: before.wal, walBytes: before.walBytes });
  }, 60_000);

  it("answers a search with nothing left to index at once, not after the write the writer is busy with", async () => {
    expect((await rolloutList.GET(new Request(`${base}/api/v1/rollouts?q=anything`, { headers: { authorization: `Bearer ${readToken}` } }))).status).toBe(200);
    expect(hasPendingTurns(getStore())).toBe(false);
    const startedFile = path.join(dir, "hold-started");
    let held = true;
    const hold = runWriterTask(getStore(), {
      module: path.join(import.meta.dirname, "writer-hold-task.ts"), name: "holdWriter", input: { ms: 3_000, startedFile },
      inThisThread: () => { throw new Error("the test needs the writer thread"); },
    }).then(() => (held = false));
    await vi.waitFor(() => expect(fs.existsSync(startedFile)).toBe(true), { timeout: 20_000, interval: 20 });
    await catchUpFullTextIndex(getStore());
    expect(held).toBe(true);
    await hold;
  }, 60_000);

  it("applies a batch handed over as the parse worker sends it, one JSON text per event in a moved buffer, all or nothing", async () => {
    // Validated first, as the parse worker does (defaults filled in).
    const validated = (text: string) => (JSON.parse(text) as unknown[]).map((value, i) => {
      const result = validateEvent(value, i);
      if (!result.ok) throw new Error(JSON.stringify(result.problems));
      return result.event as Record<string, unknown>;
    });
    const packed = packJson(validated(batch("texts", 3)).map((event) => JSON.stringify(event)));
    const outcome = await writeValidatedEvents(getStore(), { packed }, { arrivedVia: "local" });
    expect(outcome).toMatchObject({ ok: true, applied: { experiment: 1, run: 1, task: 1, rollout: 3 } });
    expect(count("rollouts WHERE run_id = 'texts-run'")).toBe(3);
    // The bytes went to the writer thread without a copy: this thread's view of them is detached.
    expect(packed.bytes.byteLength).toBe(0);
    // A later event naming a run that exists nowhere: nothing of the batch is written.
    const broken = validated(batch("broken", 2)).map((event, i) => JSON.stringify(i === 4 ? { ...event, run: "nowhere" } : event));
    const refused = await writeValidatedEvents(getStore(), { packed: packJson(broken) }, { arrivedVia: "local" });
    expect(refused).toMatchObject({ ok: false, status: 400, errors: [{ index: 4, path: "run" }] });
    expect(count("rollouts WHERE id LIKE 'broken-%'")).toBe(0);
    expect(count("experiments WHERE id = 'broken-exp'")).toBe(0);
  }, 60_000);

  it("applies rllm UI logger requests in the writer thread too: they queue behind a batch instead of blocking the request thread", async () => {
    const first = post(batch("before-rllm", 400));
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(1), { timeout: 60_000, interval: 5 });
    const session = rllm.POST(
      new Request(`${base}/api/v1/rllm/api/sessions`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": ingestToken },
        body: JSON.stringify({ project: "writer", experiment: "thread", config: {}, source_metadata: {} }),
      }),
      { params: Promise.resolve({ path: ["sessions"] }) },
    );
    // Written in the request thread (as before), it would wait there for the batch's lock and never be queued.
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(2), { timeout: 30_000, interval: 2 });
    expect((await first).status).toBe(200);
    const answer = await session;
    expect(answer.status).toBe(200);
    expect(getStore().sqlite.prepare("SELECT count(*) FROM runs WHERE id = ?").pluck().get("writer/thread")).toBe(1);
  }, 120_000);
});
