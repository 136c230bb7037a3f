// The ingestion worker: parses, validates and hashes request bodies so the server's main thread spends
// its time in SQLite. Events travel back as one JSON string: structured-cloning the object graph costs
// as much on the receiving side as the parsing it saves, a single string is a copy.
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
  | { id: number; ok: true; json: string; count: number; hashes: string[] }
  | { id: number; ok: false; error: string; errors?: import("../events/contract").EventProblem[] };

parentPort?.on("message", ({ id, bytes }: ParseRequest) => {
  const parsed = parseEventBytes(bytes);
  const reply: ParseReply = parsed.ok ? { id, ok: true, json: JSON.stringify(parsed.events), count: parsed.events.length, hashes: parsed.hashes } : { id, ...parsed };
  parentPort!.postMessage(reply);
});
