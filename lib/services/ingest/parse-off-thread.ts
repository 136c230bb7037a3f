// Sends large request bodies to the ingestion worker (lib/services/ingest/parse-worker.ts), so parsing,
// validation and hashing of one request overlap with SQLite writes of another on a second core.
// Small bodies, tests and any worker failure use the same function in the calling thread.
import "server-only";
import { Worker } from "node:worker_threads";
import { parseEventBytes, type ParsedEvents } from "./parse-event-bytes";
import type { ParseReply } from "./parse-worker";
import { logLine } from "../../log-text";
import { ParseChannel } from "./parse-channel";

/**
 * Below this a round trip to the worker costs more than it saves. A producer's usual batch (tens of KB) is
 * above it: parsed here it cost the request thread its parse, its validation and a structured clone of the
 * events to the writer, while pages waited (the concurrency run's CPU profile). HARNESS_LAB_INGEST_WORKER_MIN_BYTES
 * overrides it, so a bench can compare thresholds on one build.
 */
const OFF_THREAD_MIN_BYTES = Number(process.env.HARNESS_LAB_INGEST_WORKER_MIN_BYTES) || 16 * 1024;

const state = globalThis as unknown as { __harnessLabParser?: ParseChannel | "unavailable" };

function workerEnabled(): boolean {
  // Only the Next.js server bundles the worker entry; vitest and the CLI run TypeScript sources directly.
  return process.env.NEXT_RUNTIME === "nodejs" && process.env.HARNESS_LAB_INGEST_WORKER !== "0";
}

function parser(): ParseChannel | null {
  if (state.__harnessLabParser === "unavailable") return null;
  if (state.__harnessLabParser) return state.__harnessLabParser;
  try {
    // A large young generation, as for the server (lib/services/server/node-flags.ts): each body dies young.
    const worker = new Worker(new URL("./parse-worker.ts", import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 192 } });
    const channel = new ParseChannel(worker);
    worker.unref();
    worker.on("message", (reply: ParseReply) => channel.reply(reply));
    const fail = (reason: string) => {
      console.info(logLine`ingestion worker unavailable (${reason}); parsing in the request thread`);
      state.__harnessLabParser = "unavailable";
      channel.stopped();
    };
    worker.on("error", (error) => fail(error.message));
    worker.on("exit", (code) => fail(`exited with code ${code}`));
    state.__harnessLabParser = channel;
    return channel;
  } catch (error) {
    console.info(logLine`ingestion worker could not start (${error}); parsing in the request thread`);
    state.__harnessLabParser = "unavailable";
    return null;
  }
}

export function parseEventBytesOffThread(bytes: Uint8Array): Promise<ParsedEvents> {
  const channel = bytes.length >= OFF_THREAD_MIN_BYTES && workerEnabled() ? parser() : null;
  return channel ? channel.parse(bytes) : Promise.resolve(parseEventBytes(bytes));
}
