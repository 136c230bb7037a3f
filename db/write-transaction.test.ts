// Reproduced in CI: creating an API token in Settings failed with "SqliteError: database is locked" while the
// writer thread was writing an import. A transaction that read before it wrote could not wait for the lock.
// Here a second connection (as the writer thread is) holds the write lock for a moment; every write of the
// request thread must wait for it and succeed, not fail at once.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "./client";
import { applyEvents } from "./apply-events";
import { indexPendingTurns, pendingTurnCount } from "./full-text-index";
import { exampleEvents } from "../lib/events/examples";
import { insertUserUnlessTaken } from "./mutations/auth";
import { saveJobTemplate } from "./mutations/jobs";
import { JobTemplateSpec } from "../lib/services/jobs/pure/template-schema";
import { REFERENCE_TEMPLATES } from "../lib/services/jobs/reference-templates";
import { createApiToken } from "../lib/services/auth/api-tokens";
import { SYSTEM_ACTOR } from "../lib/domain/audit-actor";

const HOLD_MS = 400;
const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.sqlite.close();
});

function storeOnDisk(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-write-lock-"));
  const store = openStore(path.join(dir, "store.db"));
  stores.push(store);
  return store;
}

/** Another connection takes the write lock and keeps it for `HOLD_MS`; resolves once it holds it. */
async function anotherConnectionHoldsTheWriteLock(file: string): Promise<{ released: Promise<void> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
     const Database = require("better-sqlite3");
     const db = new Database(workerData.file);
     db.exec("BEGIN IMMEDIATE");
     db.prepare("INSERT INTO turns_fts_progress (id, indexed_upto) VALUES (1, 0) ON CONFLICT(id) DO NOTHING").run();
     parentPort.postMessage("locked");
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.holdMs);
     db.exec("COMMIT");
     db.close();`,
    { eval: true, workerData: { file, holdMs: HOLD_MS } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  return { released: new Promise<void>((resolve) => worker.once("exit", () => resolve())) };
}

describe("a write on the request thread waits for the writer thread's lock", () => {
  it("creating an API token (it checks the name, then inserts) waits and succeeds", async () => {
    const store = storeOnDisk();
    const holder = await anotherConnectionHoldsTheWriteLock(store.file);
    const started = Date.now();
    const token = createApiToken(store, { name: "ci-token", scopes: ["ingest"], createdBy: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(HOLD_MS / 2);
    await holder.released;
    expect(store.sqlite.prepare("SELECT name FROM api_tokens WHERE id = ?").pluck().get(token.id)).toBe("ci-token");
  });

  it("adding a user unless the name is taken waits and succeeds", async () => {
    const store = storeOnDisk();
    const holder = await anotherConnectionHoldsTheWriteLock(store.file);
    const user = insertUserUnlessTaken(store, { id: "u-1", username: "rita", displayName: null, role: "reviewer", passwordHash: null }, SYSTEM_ACTOR);
    await holder.released;
    expect(user?.username).toBe("rita");
  });

  it("saving a job template (it looks for the template, then writes) waits and succeeds", async () => {
    const store = storeOnDisk();
    expect(applyEvents(store, [{ type: "experiment", id: "wl-exp", name: "write lock", method: "custom" }]).ok).toBe(true);
    const holder = await anotherConnectionHoldsTheWriteLock(store.file);
    const spec = JobTemplateSpec.parse(REFERENCE_TEMPLATES["reference-train-epoch"]);
    const outcome = saveJobTemplate(store, { id: "tpl-1", experimentId: "wl-exp", spec, createdBy: null }, SYSTEM_ACTOR);
    await holder.released;
    expect(outcome).toBe("created");
  });

  it("indexing new turns for search waits and indexes them", async () => {
    const store = storeOnDisk();
    expect(applyEvents(store, exampleEvents()).ok).toBe(true);
    const pending = pendingTurnCount(store);
    expect(pending).toBeGreaterThan(0);
    const holder = await anotherConnectionHoldsTheWriteLock(store.file);
    expect(indexPendingTurns(store)).toBe(pending);
    await holder.released;
    expect(pendingTurnCount(store)).toBe(0);
  });
});

describe("no write transaction of the product begins deferred", () => {
  // Reads may share a snapshot in a plain transaction; writes go through writeTransaction.
  const READ_ONLY_TRANSACTIONS = new Set(["db/queries/rollout-totals.ts", "db/write-transaction.ts"]);
  const root = path.resolve(import.meta.dirname, "..");
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(rel);
      return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
    });

  it("only writeTransaction and known read snapshots call .transaction(", () => {
    const offenders = ["db", "lib", "app", "components"]
      .flatMap(sources)
      .filter((file) => !READ_ONLY_TRANSACTIONS.has(file) && /\.transaction\(/.test(fs.readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });
});
