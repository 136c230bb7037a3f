// The writer thread: applies validated event batches and uploads (imports) on a connection of its own, one at
// a time, so the request thread (page rendering, read queries, HTTP) never runs a write transaction. Between batches, once
// writes have paused, it indexes new turns for full-text search and merges the index's segments: neither
// competes with a page for the request thread. A search asks for the index to be caught up first ("index").
//
// Same guarantees as applying in the request thread: applyValidatedEvents is the one apply function, every
// batch is one transaction (all or nothing), re-sent batches are answered "unchanged", and a SIGKILL of the
// process loses only what was never committed (the client saw no answer and sends it again).
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import * as schema from "../schema";
import type { Store } from "../client";
import { applyValidatedEvents } from "../apply-events";
import { indexPendingTurns, mergeFullTextSegments } from "../full-text-index";
import { readSpoolFile } from "../../lib/files/spool-file";
import { importJobIntoStore } from "../../lib/importers/import-job";
import type { BatchSource, WriterData, WriterReply, WriterRequest } from "./writer-messages";
import type { HarnessLabEvent } from "../../lib/events/contract";

const port = parentPort!;
const { file, quietMs } = workerData as WriterData;

// The request thread opened the store first and applied the migrations; this is a second connection.
const sqlite = new Database(file);
sqlite.pragma("journal_mode = WAL");
sqlite.pragma("synchronous = NORMAL");
sqlite.pragma("foreign_keys = ON");
sqlite.pragma("busy_timeout = 10000");
const store: Store = { file, sqlite, db: drizzle(sqlite, { schema }) };

/** Turns indexed per background slice: a few ms, so a queued batch never waits long behind indexing. */
const INDEX_SLICE_TURNS = 500;
/** Pages per background merge step. */
const MERGE_PAGES = 64;

const queue: WriterRequest[] = [];
let scheduled = false;
let lastWrite = 0;
let mergeWanted = false;
let backgroundTimer: NodeJS.Timeout | null = null;

function send(reply: WriterReply): void {
  port.postMessage(reply);
}

function eventsOf(source: BatchSource): Iterable<HarnessLabEvent> {
  if ("events" in source) return source.events;
  if ("json" in source) return JSON.parse(source.json) as HarnessLabEvent[];
  return readSpoolFile(source.spoolFile);
}

function handle(request: WriterRequest): void {
  try {
    if (request.kind === "index") {
      const turns = indexPendingTurns(store);
      if (turns > 0) mergeWanted = true;
      send({ kind: "indexed", id: request.id, turns });
      return;
    }
    if (request.kind === "import") {
      const result = importJobIntoStore(store, request.job);
      lastWrite = Date.now();
      send({ kind: "imported", id: request.id, result });
      return;
    }
    const outcome = applyValidatedEvents(store, eventsOf(request.source), { hashes: request.hashes, arrivedVia: request.arrivedVia });
    lastWrite = Date.now();
    send({ kind: "applied", id: request.id, outcome });
  } catch (error) {
    send({ kind: "failed", id: request.id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** One request per turn of the event loop, so messages that arrive meanwhile join the queue in order. */
function drain(): void {
  scheduled = false;
  // A search is waiting on an index request: serve it before the batches queued ahead of it.
  const urgent = queue.findIndex((r) => r.kind === "index");
  const next = urgent >= 0 ? queue.splice(urgent, 1)[0] : queue.shift();
  if (next) handle(next);
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
  if (queue.length) return schedule();
  const quietFor = Date.now() - lastWrite;
  if (quietFor < quietMs) return scheduleBackground(quietMs - quietFor);
  try {
    const indexed = indexPendingTurns(store, INDEX_SLICE_TURNS);
    if (indexed > 0) {
      mergeWanted = true;
      return scheduleBackground(0);
    }
    if (mergeWanted && mergeFullTextSegments(store, MERGE_PAGES)) return scheduleBackground(0);
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

port.on("message", (request: WriterRequest) => {
  queue.push(request);
  schedule();
});
send({ kind: "ready" });
scheduleBackground(quietMs);
