// The request thread's side of the writer thread (db/writer/writer-thread.ts): hands validated batches and
// services' writes (an upload's import: runWriterTask) to it and awaits their outcome, so the request thread never runs a write transaction of ingestion and pages keep
// rendering while trainers post. The queue is bounded: when it is full, ingestion answers 429 with
// Retry-After (the clients wait and send the same bytes again) instead of holding ever more bodies in memory.
//
// Where no writer thread runs (tests, the CLI, an in-memory store, HARNESS_LAB_WRITER=0, or a writer that
// failed), batches are applied in the calling thread by the same function, with the same guarantees.
import "server-only";
import path from "node:path";
import type { Worker } from "node:worker_threads";
import type { Store } from "../client";
import { projectHome } from "../client";
import { applyValidatedEvents, type ApplyOutcome } from "../apply-events";
import { hasPendingTurns, indexPendingTurns, startFullTextIndexer } from "../full-text-index";
import type { HarnessArrival } from "../../lib/harness-trust/arrival";
import { batchTransfer, CHECKPOINT_PAUSE_MS, eventsOfBatch, SQLITE_DEFAULT_WAL_AUTOCHECKPOINT, WAL_LIMIT_PAGES, type BatchSource, type WriterData, type WriterNotice, type WriterReply, type WriterRequest } from "./writer-messages";
import { logLine } from "../../lib/log-text";
import { catchUpIndexInServingProcess, isPageRenderer } from "./serving-process-index";

/** Batches waiting for (or in) the writer at most; more are refused with 429 until it catches up. */
export const WRITE_QUEUE_LIMIT = queueLimit(process.env.HARNESS_LAB_WRITE_QUEUE);

function queueLimit(configured: string | undefined): number {
  const n = Number(configured);
  return Number.isInteger(n) && n > 0 ? n : 32;
}
/** What a refused producer is told to wait, in seconds (Retry-After takes whole seconds). */
export const WRITE_RETRY_AFTER_SECONDS = 1;

type Waiter = { resolve: (reply: WriterReply) => void; request: WriterRequest };
interface WriterState {
  worker: Worker | null;
  ready: boolean;
  waiting: Map<number, Waiter>;
  next: number;
  /** Batches accepted and not yet answered, whichever thread applies them. */
  queued: number;
  stopIndexer: (() => void) | null;
  onReady: (() => void)[];
}

// On globalThis: Next bundles routes and the start-up code apart, and they must share one writer.
const global = globalThis as unknown as { __harnessLabWriter?: WriterState };

function state(): WriterState {
  return (global.__harnessLabWriter ??= { worker: null, ready: false, waiting: new Map(), next: 0, queued: 0, stopIndexer: null, onReady: [] });
}

/** Where the writer thread's entry lives: a file of the sources, loaded at run time, outside any bundle. */
function writerEntry(): { boot: string; entry: string } {
  const dir = path.join(/* turbopackIgnore: true */ projectHome(), "db", "writer");
  return { boot: path.join(dir, "writer-boot.mjs"), entry: path.join(dir, "writer-thread.ts") };
}

/**
 * Starts the writer thread for this store (the server's start-up does this). Until it reports ready, and if
 * it cannot start, batches are applied here and the full-text indexer runs here as before.
 */
export function startStoreWriter(
  store: Store,
  options: { quietMs?: number; checkpointer?: boolean; walLimitPages?: number; checkpointDelayMs?: number } = {},
): void {
  const s = state();
  if (s.worker || s.stopIndexer) return;
  s.stopIndexer = startFullTextIndexer(store);
  if (store.file === ":memory:" || process.env.HARNESS_LAB_WRITER === "0") return;
  try {
    const { boot, entry } = writerEntry();
    const data: WriterData = {
      file: store.file,
      quietMs: options.quietMs ?? 500,
      checkpointer: options.checkpointer ?? true,
      walLimitPages: options.walLimitPages ?? WAL_LIMIT_PAGES,
      checkpointDelayMs: options.checkpointDelayMs ?? CHECKPOINT_PAUSE_MS,
    };
    // Taken from the running Node, not imported: Turbopack treats `new Worker(x)` of an imported Worker as a
    // bundle entry and, for a path it cannot resolve, traces every module of the project as a candidate.
    const { Worker: WorkerThread } = process.getBuiltinModule("node:worker_threads");
    const worker: Worker = new WorkerThread(boot, { workerData: { ...data, entry }, execArgv: ["--conditions=react-server"] });
    worker.unref();
    s.worker = worker;
    // This thread's rare commits (a token, a decision) no longer copy the WAL into the store inside a page's
    // request either: the writer's checkpoint thread does, and the writer's limit bounds the WAL.
    if (data.checkpointer) store.sqlite.pragma(`wal_autocheckpoint = ${data.walLimitPages}`);
    worker.on("message", (reply: WriterReply) => {
      if (reply.kind === "ready") {
        s.ready = true;
        // From now on the writer thread indexes; this thread's indexer stops.
        s.stopIndexer?.();
        s.stopIndexer = null;
        console.info("Harness Lab: writer thread ready");
        for (const resolve of s.onReady.splice(0)) resolve();
        return;
      }
      const waiter = s.waiting.get(reply.id);
      if (!waiter) return;
      s.waiting.delete(reply.id);
      waiter.resolve(reply);
    });
    const fail = (reason: string) => {
      if (!s.worker) return;
      console.warn(logLine`writer thread stopped (${reason}); writing in the request thread`);
      s.worker = null;
      s.ready = false;
      // Whether a batch in flight committed is unknown: its producer gets a 503 and sends it again, and the
      // re-send is answered "unchanged" if it had committed (ids and content hashes make it idempotent).
      for (const [id, waiter] of s.waiting) waiter.resolve({ kind: "failed", id, error: `writer thread stopped: ${reason}` });
      s.waiting.clear();
      s.stopIndexer ??= startFullTextIndexer(store);
      // No writer, no checkpoint thread: this thread's commits checkpoint as SQLite does by default.
      if (data.checkpointer) store.sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_WAL_AUTOCHECKPOINT}`);
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exit code ${code}`));
  } catch (error) {
    console.warn(logLine`writer thread could not start (${error}); writing in the request thread`);
  }
}

/** Resolves once batches go to the writer thread (false if none runs or it did not start within `ms`). */
export function whenWriterReady(ms = 60_000): Promise<boolean> {
  const s = state();
  if (s.ready) return Promise.resolve(true);
  if (!s.worker) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    s.onReady.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Batches accepted and not yet answered. */
export function writeQueueDepth(): number {
  return state().queued;
}

/** True when a new batch should be refused with 429: the writer has WRITE_QUEUE_LIMIT batches to apply. */
export function writeQueueFull(): boolean {
  return state().queued >= WRITE_QUEUE_LIMIT;
}

/** Thrown when the writer thread stopped under a batch: the caller answers 503 and the producer re-sends. */
export class WriterUnavailable extends Error {}

function ask(s: WriterState, request: WriterRequest, transfer: ArrayBuffer[] = []): Promise<WriterReply> {
  return new Promise((resolve) => {
    s.waiting.set(request.id, { resolve, request });
    s.worker!.postMessage(request, transfer);
  });
}


/**
 * Applies one validated batch, all or nothing, in the writer thread when it runs (else here) and resolves
 * with its outcome. Throws WriterUnavailable if the writer thread died under it.
 */
export async function writeValidatedEvents(
  store: Store,
  source: BatchSource,
  options: { hashes?: string[]; arrivedVia: HarnessArrival },
): Promise<ApplyOutcome> {
  const s = state();
  s.queued++;
  try {
    if (!s.worker || !s.ready) return applyValidatedEvents(store, eventsOfBatch(source), options);
    const reply = await ask(s, { kind: "apply", id: s.next++, source, hashes: options.hashes, arrivedVia: options.arrivedVia }, batchTransfer(source));
    if (reply.kind === "applied") return reply.outcome;
    if (reply.kind === "failed" && reply.error.startsWith("writer thread stopped")) throw new WriterUnavailable(reply.error);
    throw new Error(reply.kind === "failed" ? reply.error : `unexpected writer reply ${reply.kind}`);
  } finally {
    s.queued--;
  }
}

/** A write a service hands the writer thread: `name(store, input)` of the source file `module`. */
export interface WriterTask<I, O> {
  /** Absolute path of the TypeScript source that exports the function (the writer thread loads it once). */
  module: string;
  name: string;
  input: I;
  /** The same function, called here where no writer thread runs. */
  inThisThread: (store: Store, input: I) => O;
  /** Buffers of `input` moved to the writer thread instead of copied (the caller must not use them after). */
  transfer?: ArrayBuffer[];
}

/**
 * Runs one service's write (an upload's import) in the writer thread when it runs, else here, queued in
 * order with the event batches, and resolves with its result. Throws WriterUnavailable if the writer thread
 * died under it.
 */
export async function runWriterTask<I, O>(store: Store, task: WriterTask<I, O>): Promise<O> {
  const s = state();
  s.queued++;
  try {
    if (!s.worker || !s.ready) return task.inThisThread(store, task.input);
    const reply = await ask(s, { kind: "task", id: s.next++, module: task.module, name: task.name, input: task.input }, task.transfer);
    if (reply.kind === "done") return reply.output as O;
    if (reply.kind === "failed" && reply.error.startsWith("writer thread stopped")) throw new WriterUnavailable(reply.error);
    throw new Error(reply.kind === "failed" ? reply.error : `unexpected writer reply ${reply.kind}`);
  } finally {
    s.queued--;
  }
}

/** Brings the full-text index up to every stored turn (before a search), in the writer thread when it runs. */
export async function catchUpFullTextIndex(store: Store): Promise<void> {
  // The page renderer leaves the index to the serving process's writer thread.
  if (isPageRenderer()) return catchUpIndexInServingProcess();
  const s = state();
  if (!s.worker || !s.ready) {
    indexPendingTurns(store);
    return;
  }
  // Nothing stored is left to index (while searches go on, the writer indexes each batch's turns in its
  // transaction): the search need not wait behind the batches queued in the writer. The writer is told a search
  // happened, so it keeps doing so.
  if (!hasPendingTurns(store)) {
    s.worker.postMessage({ kind: "searched" } satisfies WriterNotice);
    return;
  }
  const reply = await ask(s, { kind: "index", id: s.next++ });
  if (reply.kind === "failed" && !reply.error.startsWith("writer thread stopped")) throw new Error(reply.error);
}

/** For tests: stop the writer thread and forget it. */
export async function stopStoreWriter(): Promise<void> {
  const s = state();
  s.stopIndexer?.();
  const worker = s.worker;
  global.__harnessLabWriter = undefined;
  if (worker) {
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}

/**
 * Whether batches currently go to a writer thread (then only it writes the full-text index): this process's, or,
 * in the page renderer, the serving process's.
 */
export function writerThreadRunning(): boolean {
  if (isPageRenderer()) return true;
  const s = global.__harnessLabWriter;
  return Boolean(s?.worker && s.ready);
}
