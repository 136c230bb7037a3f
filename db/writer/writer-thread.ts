// The writer thread: applies validated event batches, and the writes services hand it (an upload's import,
// as a "task"), on a connection of its own, one at a time, so the request thread (page rendering, read
// queries, HTTP) never runs a write transaction. Between batches, once
// writes have paused, it indexes new turns for full-text search and merges the index's segments: neither
// competes with a page for the request thread. A search asks for the index to be caught up first ("index");
// for a while after one, each write is followed by a slice of indexing, so the next search finds little left.
// It runs at a lower CPU priority than the request thread (lib/os/thread-priority.ts). Copying its commits
// from the WAL into the store's file (checkpointing) is left to a thread of its own (checkpoint-thread.ts).
//
// Same guarantees as applying in the request thread: applyValidatedEvents is the one apply function, every
// batch is one transaction (all or nothing), re-sent batches are answered "unchanged", and a SIGKILL of the
// process loses only what was never committed (the client saw no answer and sends it again).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parentPort, Worker, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../schema";
import type { Store } from "../client";
import { applyValidatedEvents, type ApplyOutcome } from "../apply-events";
import { indexPendingTurns, mergeFullTextSegments } from "../full-text-index";
import { writeTransaction } from "../write-transaction";
import { eventsOfBatch, SQLITE_DEFAULT_WAL_AUTOCHECKPOINT, type CheckpointerData, type WriterData, type WriterNotice, type WriterReply, type WriterRequest } from "./writer-messages";
import { backgroundNice, lowerThisThreadPriority } from "../../lib/os/thread-priority";

const port = parentPort!;
const { file, quietMs, checkpointer: withCheckpointer, walLimitPages, checkpointDelayMs } = workerData as WriterData;

// Below the request thread's priority (nice 10 unless HARNESS_LAB_BACKGROUND_NICE says otherwise): when the
// cores are busy, a page being rendered gets one before a batch being written, whose producer can wait.
lowerThisThreadPriority(backgroundNice());

// The request thread opened the store first and applied the migrations; this is a second connection.
const sqlite = new Database(file);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = NORMAL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma("busy_timeout = 10000");
const store: Store = { file, sqlite, db: drizzle(sqlite, { schema }) };

/**
 * Starts the checkpoint thread and raises this connection's checkpoint threshold to `walLimitPages`, so a
 * commit no longer copies the WAL into the store itself unless that much piled up without a pause. Should
 * the thread stop, the threshold goes back to SQLite's default.
 */
function startCheckpointer(): Worker | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  try {
    const data: CheckpointerData & { entry: string } = { file, delayMs: checkpointDelayMs, entry: path.join(here, "checkpoint-thread.ts") };
    const worker = new Worker(path.join(here, "writer-boot.mjs"), { workerData: data, execArgv: ["--conditions=react-server"] });
    worker.unref();
    const stopped = (reason: string) => {
      if (checkpointer !== worker) return;
      checkpointer = null;
      sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_WAL_AUTOCHECKPOINT}`);
      console.warn(`writer thread: the checkpoint thread stopped (${reason}); commits checkpoint the WAL themselves`);
    };
    worker.on("error", (error) => stopped(error.message));
    worker.on("exit", (code) => stopped(`exit code ${code}`));
    sqlite.pragma(`wal_autocheckpoint = ${walLimitPages}`);
    return worker;
  } catch (error) {
    console.warn(`writer thread: no checkpoint thread (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
}

/** Rows this connection has inserted, updated or deleted since it opened: did a task write anything? */
const totalChanges = sqlite.prepare("SELECT total_changes()").pluck();

let checkpointer: Worker | null = null;
if (withCheckpointer) checkpointer = startCheckpointer();

/**
 * After a commit that wrote something: the checkpoint thread copies it into the store's file once commits
 * pause. Only then: a refused or re-sent batch, or a search with nothing to index, writes nothing, and should
 * leave the store's files as they are (the hostile-input run checks them byte for byte).
 */
function committed(): void {
  checkpointer?.postMessage(0);
}

/** Turns indexed per background slice: a few ms, so a queued batch never waits long behind indexing. */
const INDEX_SLICE_TURNS = 500;
/**
 * How long after a search the writer keeps the index caught up batch by batch (a slice after each write)
 * instead of waiting for writes to pause: a researcher who searched while trainers post will likely search
 * again, and each search first waits for the index to cover every stored turn. Without this, under steady
 * ingestion nothing is indexed between searches, and each search waited for this thread (niced, behind the
 * pages) to index every turn since the last one: the search shape held the browser query's p95 under load.
 */
const SEARCHED_RECENTLY_MS = 30_000;
const searchedRecently = () => Date.now() - lastSearch < SEARCHED_RECENTLY_MS;
/** Pages per background merge step. */
const MERGE_PAGES = 64;

const queue: WriterRequest[] = [];
let scheduled = false;
let lastWrite = 0;
let lastSearch = Number.NEGATIVE_INFINITY;
let mergeWanted = false;
let backgroundTimer: NodeJS.Timeout | null = null;

function send(reply: WriterReply): void {
  port.postMessage(reply);
}


/** The modules of task requests, loaded on first use. */
const taskModules = new Map<string, Record<string, unknown>>();

async function taskFunction(module: string, name: string): Promise<(store: Store, input: unknown) => unknown> {
  let loaded = taskModules.get(module);
  if (!loaded) {
    loaded = (await import(module)) as Record<string, unknown>;
    taskModules.set(module, loaded);
  }
  const fn = loaded[name];
  if (typeof fn !== "function") throw new Error(`writer task ${name} is not a function of ${module}`);
  return fn as (store: Store, input: unknown) => unknown;
}

/**
 * After a write, while searches are recent: one slice of the turns not yet indexed, after the answer was sent
 * (the producer does not wait for it). A busy store leaves them to the next slice or the background pass.
 */
function indexWhileSearched(): void {
  if (!searchedRecently()) return;
  try {
    if (indexPendingTurns(store, INDEX_SLICE_TURNS) > 0) {
      mergeWanted = true;
      committed();
    }
  } catch (error) {
    console.warn(`writer thread: indexing after a write: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function handle(request: WriterRequest): Promise<void> {
  try {
    if (request.kind === "task") {
      const task = await taskFunction(request.module, request.name);
      const changesBefore = totalChanges.get();
      const output = task(store, request.input);
      lastWrite = Date.now();
      send({ kind: "done", id: request.id, output });
      // An upload refused by its importer returns its refusal without writing a row.
      if (totalChanges.get() !== changesBefore) committed();
      indexWhileSearched();
      return;
    }
    if (request.kind === "index") {
      lastSearch = Date.now();
      const turns = indexPendingTurns(store);
      send({ kind: "indexed", id: request.id, turns });
      if (turns > 0) {
        mergeWanted = true;
        committed();
      }
      return;
    }
    const apply = () => applyValidatedEvents(store, eventsOfBatch(request.source), { hashes: request.hashes, arrivedVia: request.arrivedVia });
    // While searches go on, the batch's turns are indexed in the batch's own transaction (a slice at most): a search
    // then usually finds nothing left to index and answers without waiting behind the batches queued here
    // (store-writer.ts catchUpFullTextIndex). All or nothing still: a refused batch rolls the whole transaction
    // back, not only its savepoint, whose rolled-back pages the commit would otherwise write to the WAL again.
    const outcome = searchedRecently() ? applyAndIndex(apply) : apply();
    lastWrite = Date.now();
    send({ kind: "applied", id: request.id, outcome });
    if (outcome.ok && Object.values(outcome.applied).some((n) => n > 0)) committed();
    indexWhileSearched();
  } catch (error) {
    send({ kind: "failed", id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** A refused batch, thrown out of the transaction so that all of it rolls back. */
class RefusedBatch {
  constructor(readonly outcome: ApplyOutcome) {}
}

/** `apply` and the indexing of its turns in one transaction: committed only when the batch was applied. */
function applyAndIndex(apply: () => ApplyOutcome): ApplyOutcome {
  try {
    return writeTransaction(store, () => {
      const applied = apply();
      if (!applied.ok) throw new RefusedBatch(applied);
      indexPendingTurns(store, INDEX_SLICE_TURNS);
      return applied;
    });
  } catch (error) {
    if (error instanceof RefusedBatch) return error.outcome;
    throw error;
  }
}

let handling = false;

/**
 * One request per turn of the event loop, so messages that arrive meanwhile join the queue in order; never
 * two at once (a task's first use awaits loading its module).
 */
async function drain(): Promise<void> {
  scheduled = false;
  if (handling) return;
  // A search is waiting on an index request: serve it before the batches queued ahead of it.
  const urgent = queue.findIndex((r) => r.kind === "index");
  const next = urgent >= 0 ? queue.splice(urgent, 1)[0] : queue.shift();
  if (next) {
    handling = true;
    try {
      await handle(next);
    } finally {
      handling = false;
    }
  }
  if (queue.length) schedule();
  else scheduleBackground(quietMs);
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(drain);
}

/** Background work once writes have paused: index new turns slice by slice, then merge segments. */
function background(): void {
  backgroundTimer = null;
  if (queue.length || handling) return schedule();
  const quietFor = Date.now() - lastWrite;
  if (quietFor < quietMs) return scheduleBackground(quietMs - quietFor);
  try {
    const indexed = indexPendingTurns(store, INDEX_SLICE_TURNS);
    if (indexed > 0) {
      mergeWanted = true;
      committed();
      return scheduleBackground(0);
    }
    if (mergeWanted && mergeFullTextSegments(store, MERGE_PAGES)) {
      committed();
      return scheduleBackground(0);
    }
    if (mergeWanted) committed();
    mergeWanted = false;
  } catch (error) {
    // A busy store (another process writing): try again after a pause rather than stop for good.
    console.warn(`writer thread: background full-text work: ${error instanceof Error ? error.message : String(error)}`);
    return scheduleBackground(1000);
  }
  scheduleBackground(1000);
}

function scheduleBackground(ms: number): void {
  if (backgroundTimer) clearTimeout(backgroundTimer);
  backgroundTimer = setTimeout(background, Math.max(0, ms));
}

port.on("message", (request: WriterRequest | WriterNotice) => {
  if (request.kind === "searched") {
    lastSearch = Date.now();
    return;
  }
  queue.push(request);
  schedule();
});
send({ kind: "ready" });
scheduleBackground(quietMs);
