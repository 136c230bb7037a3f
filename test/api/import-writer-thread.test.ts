// Uploads (POST /api/v1/imports) are written by the store's writer thread (db/writer), like event batches:
// the request thread keeps answering reads while a large upload is stored, an upload queues in order behind
// the batches ahead of it instead of waiting for the write lock on the request thread, and one file the store
// refuses is reported while the upload's other files are stored (a savepoint per file, as before).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { writerTestBatch } from "./writer-batch";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-import-writer-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { startStoreWriter, stopStoreWriter, whenWriterReady, writeQueueDepth, writerThreadRunning } = await import("@/db/writer/store-writer");
const imports = await import("@/app/api/v1/imports/route");
const events = await import("@/app/api/v1/events/route");

const base = "http://127.0.0.1:3000";
let ingestToken = "";
const auth = () => ({ authorization: `Bearer ${ingestToken}` });
const count = (table: string) => getStore().sqlite.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

/** A real mini-swe-agent trajectory (the fixture), as instance `id`, its tool output grown by `pad` characters. */
const fixture = JSON.parse(fs.readFileSync(path.join(process.cwd(), "test/fixtures/importers/mini-swe-agent-1.1.traj.json"), "utf8"));
function trajectory(id: string, pad = 0, exitStatus?: string): string {
  const copy = structuredClone(fixture);
  copy.instance_id = id;
  if (exitStatus) copy.info.exit_status = exitStatus;
  const last = copy.messages[copy.messages.length - 2];
  last.content = `${last.content}${` output line of ${id}`.repeat(Math.ceil(pad / 30))}`;
  return JSON.stringify(copy);
}

function upload(experiment: string, files: Record<string, string>) {
  const data = new FormData();
  data.set("experiment", experiment);
  for (const [name, content] of Object.entries(files)) data.append("files", new Blob([content]), name);
  return imports.POST(new Request(`${base}/api/v1/imports`, { method: "POST", body: data, headers: auth() }));
}

function manyTrajectories(prefix: string, n: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) files[`${prefix}/${prefix}__repo-${i}.traj.json`] = trajectory(`${prefix}__repo-${i}`, 20_000);
  return files;
}

function eventBatch(prefix: string, rollouts: number): string {
  return JSON.stringify(writerTestBatch(prefix, rollouts));
}

beforeAll(async () => {
  ingestToken = createApiToken(getStore(), { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
  startStoreWriter(getStore(), { quietMs: 60_000 });
  expect(await whenWriterReady(120_000)).toBe(true);
}, 150_000);

afterAll(async () => {
  await stopStoreWriter();
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("uploads through the writer thread", () => {
  it("keeps answering reads in the request thread while a large upload is being stored", async () => {
    expect(writerThreadRunning()).toBe(true);
    // Each read notes whether the upload was in the writer's hands at that moment and what it saw.
    const reads: Array<{ storing: boolean; rollouts: number }> = [];
    const reader = setInterval(() => reads.push({ storing: writeQueueDepth() > 0, rollouts: count("rollouts") }), 2);
    const response = await upload("big upload", manyTrajectories("big", 150));
    clearInterval(reader);
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report.totals).toMatchObject({ imported: 150, failed: 0, rollouts: 150 });
    // Reads were answered while the upload was being stored, and saw the store as it was before it committed.
    const whileStoring = reads.filter((r) => r.storing);
    expect(whileStoring.length).toBeGreaterThanOrEqual(5);
    expect(whileStoring.filter((r) => r.rollouts === 0).length).toBeGreaterThanOrEqual(5);
    expect(count("rollouts")).toBe(150);
  }, 120_000);

  it("queues an upload behind the event batches ahead of it instead of waiting for the write lock in the request thread", async () => {
    const batch = events.POST(new Request(`${base}/api/v1/events`, { method: "POST", body: eventBatch("ahead", 400), headers: { ...auth(), "content-type": "application/json" } }));
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(1), { timeout: 60_000, interval: 2 });
    const uploaded = upload("queued upload", manyTrajectories("queued", 3));
    // Written in the request thread (as before), it would wait there for the batch's lock and never be queued.
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(2), { timeout: 30_000, interval: 2 });
    expect((await batch).status).toBe(200);
    const answer = await uploaded;
    expect(answer.status).toBe(200);
    expect((await answer.json()).totals).toMatchObject({ imported: 3, rollouts: 3 });
    expect(count("rollouts")).toBe(150 + 400 + 3);
  }, 120_000);

  it("moves an upload's bytes to the writer only when they fill their buffer: data beside a view stays whole", async () => {
    const { writeImport } = await import("@/lib/services/importers/write-import");
    const { resolveTarget, storeLookup } = await import("@/lib/services/importers/resolve-target");
    const resolved = await resolveTarget(storeLookup(getStore()), { experiment: "shared buffer" });
    if (!resolved.ok) throw new Error(resolved.reason);
    const own = new TextEncoder().encode(trajectory("own__a"));
    // A view into a larger buffer, as a Buffer from Node's shared pool is: 64 bytes of other data sit before it.
    const text = new TextEncoder().encode(trajectory("view__b"));
    const shared = new Uint8Array(64 + text.byteLength);
    shared.fill(7, 0, 64);
    shared.set(text, 64);
    const result = await writeImport(getStore(), {
      files: [{ name: "sb/own__a.traj.json", bytes: own }, { name: "sb/view__b.traj.json", bytes: shared.subarray(64) }],
      target: resolved.target, arrivedVia: "admin_token", maxTotalBytes: 1 << 30, outcomes: null,
    });
    expect(result.ok && result.report.totals).toMatchObject({ imported: 2, rollouts: 2 });
    expect(own.byteLength).toBe(0); // moved, as the caller was told
    expect(shared.byteLength).toBe(64 + text.byteLength);
    expect([...shared.subarray(0, 64)].every((b) => b === 7)).toBe(true);
  }, 120_000);

  it("refuses the one file the store refuses and stores the others, with the same report as before", async () => {
    const first = await upload("savepoints", { "sp/sp__a.traj.json": trajectory("sp__a") });
    expect(first.status).toBe(200);
    const before = count("rollouts");
    const again = await upload("savepoints", {
      "sp/sp__a.traj.json": trajectory("sp__a", 0, "LimitsExceeded"),
      "sp/sp__b.traj.json": trajectory("sp__b"),
    });
    expect(again.status).toBe(200);
    const report = await again.json();
    expect(report.totals).toMatchObject({ imported: 1, failed: 1, rollouts: 1 });
    const refused = report.files.find((f: { file: string }) => f.file === "sp/sp__a.traj.json");
    expect(refused.problem.reason).toMatch(/imported into run .* before from a different version of this file/);
    expect(count("rollouts")).toBe(before + 1);
  }, 120_000);
});
