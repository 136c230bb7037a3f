// Sends large request bodies to the ingestion worker (lib/ingest/parse-worker.ts), so parsing,
// validation and hashing of one request overlap with SQLite writes of another on a second core.
// Small bodies, tests and any worker failure use the same function in the calling thread.
import "server-only";
import { Worker } from "node:worker_threads";
import type { HarnessLabEvent } from "../events/contract";
import { parseEventBytes, type ParsedEvents } from "./parse-event-bytes";
import type { ParseReply } from "./parse-worker";
import { logLine } from "../log-text";
import { parsePackedJson, type PackedJson } from "./pure/packed-json";

/**
 * Below this a round trip to the worker costs more than it saves. A producer's usual batch (tens of KB) is
 * above it: parsed here it cost the request thread its parse, its validation and a structured clone of the
 * events to the writer, while pages waited (the concurrency run's CPU profile). HARNESS_LAB_INGEST_WORKER_MIN_BYTES
 * overrides it, so a bench can compare thresholds on one build.
 */
const OFF_THREAD_MIN_BYTES = Number(process.env.HARNESS_LAB_INGEST_WORKER_MIN_BYTES) || 16 * 1024;

type Pending = { resolve: (parsed: ParsedEvents) => void; bytes: Uint8Array };
const state = globalThis as unknown as { __harnessLabParser?: { worker: Worker; pending: Map<number, Pending>; next: number } | "unavailable" };

function workerEnabled(): boolean {
  // Only the Next.js server bundles the worker entry; vitest and the CLI run TypeScript sources directly.
  return process.env.NEXT_RUNTIME === "nodejs" && process.env.HARNESS_LAB_INGEST_WORKER !== "0";
}

function parser() {
  if (state.__harnessLabParser === "unavailable") return null;
  if (state.__harnessLabParser) return state.__harnessLabParser;
  try {
    // A large young generation, as for the server (lib/server/node-flags.ts): each body dies young.
    const worker = new Worker(new URL("./parse-worker.ts", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 192 } });
    const entry = { worker, pending: new Map<number, Pending>(), next: 0 };
    worker.unref();
    worker.on("message", (reply: ParseReply) => {
      const pending = entry.pending.get(reply.id);
      if (!pending) return;
      entry.pending.delete(reply.id);
      pending.resolve(reply.ok ? lazilyParsed(reply.packed, reply.count, reply.hashes) : reply);
    });
    const fail = (reason: string) => {
      console.info(logLine`ingestion worker unavailable (${reason}); parsing in the request thread`);
      state.__harnessLabParser = "unavailable";
      // The bytes were transferred to the worker, so requests in flight keep their own copy (see below).
      for (const pending of entry.pending.values()) pending.resolve(parseEventBytes(pending.bytes));
      entry.pending.clear();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exited with code ${code}`));
    state.__harnessLabParser = entry;
    return entry;
  } catch (error) {
    console.info(logLine`ingestion worker could not start (${error}); parsing in the request thread`);
    state.__harnessLabParser = "unavailable";
    return null;
  }
}

/**
 * The worker's events as packed JSON text, parsed here only if this thread reads `events`: the route moves the
 * buffer to the writer thread (db/writer/store-writer.ts), which parses it there.
 */
function lazilyParsed(packed: PackedJson, count: number, hashes: string[]): ParsedEvents {
  let events: HarnessLabEvent[] | undefined;
  return {
    ok: true,
    packed,
    count,
    hashes,
    get events() {
      return (events ??= Array.from(parsePackedJson(packed)) as HarnessLabEvent[]);
    },
  };
}

export function parseEventBytesOffThread(bytes: Uint8Array): Promise<ParsedEvents> {
  const entry = bytes.length >= OFF_THREAD_MIN_BYTES && workerEnabled() ? parser() : null;
  if (!entry) return Promise.resolve(parseEventBytes(bytes));
  return new Promise((resolve) => {
    const id = entry.next++;
    // Copied, not transferred: if the worker dies mid-request, this copy is parsed here instead.
    entry.pending.set(id, { resolve, bytes });
    entry.worker.postMessage({ id, bytes });
  });
}
