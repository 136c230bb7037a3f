// The ingestion worker: parses, validates and hashes request bodies so the server's main thread spends
// its time in SQLite. Events travel back as JSON text, one string per event: structured-cloning the object
// graph costs as much on the receiving side as the parsing it saves, and a string is a copy. Not one string
// for the batch: a 3 MB string is a V8 large object, and each thread it passes through (this one, the
// request thread, the writer) paid ≈ 25× more to create it than 100 strings of 32 KB.
import { parentPort } from "node:worker_threads";
import { parseEventBytes } from "./parse-event-bytes";
import { backgroundNice, lowerThisThreadPriority } from "../os/thread-priority";

// Below the request thread's priority, like the writer thread: a page being rendered gets a busy core first.
lowerThisThreadPriority(backgroundNice());

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
}

export type ParseReply =
  | { id: number; ok: true; json: string[]; count: number; hashes: string[] }
  | { id: number; ok: false; error: string; errors?: import("../events/contract").EventProblem[] };

parentPort?.on("message", ({ id, bytes }: ParseRequest) => {
  const parsed = parseEventBytes(bytes);
  const reply: ParseReply = parsed.ok ? { id, ok: true, json: parsed.events.map((event) => JSON.stringify(event)), count: parsed.events.length, hashes: parsed.hashes } : { id, ...parsed };
  parentPort!.postMessage(reply);
});
