// The ingestion worker: parses, validates and hashes request bodies so the server's main thread spends
// its time in SQLite. Events travel back as JSON text, one text per event: structured-cloning the object
// graph costs as much on the receiving side as the parsing it saves. Not one string for the batch: a 3 MB
// string is a V8 large object, ≈ 25× dearer to create than 100 strings of 32 KB. And not an array of
// strings either: the texts are packed into one buffer (lib/services/ingest/pure/packed-json.ts) that is moved, not
// copied, to the request thread and on to the writer, which alone decodes and parses them.
import { parentPort } from "node:worker_threads";
import { parseEventBytes } from "./parse-event-bytes";
import { packJson, packedTransfer, type PackedJson } from "./pure/packed-json";
import { backgroundNice, lowerThisThreadPriority } from "../../os/thread-priority";

// Below the request thread's priority, like the writer thread: a page being rendered gets a busy core first.
lowerThisThreadPriority(backgroundNice());

export interface ParseRequest {
  id: number;
  bytes: Uint8Array;
}

export type ParseReply =
  | { id: number; ok: true; packed: PackedJson; count: number; hashes: string[] }
  | { id: number; ok: false; error: string; errors?: import("../../events/contract").EventProblem[] };

parentPort?.on("message", ({ id, bytes }: ParseRequest) => {
  const parsed = parseEventBytes(bytes);
  if (!parsed.ok) return parentPort!.postMessage({ id, ...parsed } satisfies ParseReply);
  const packed = packJson(parsed.events.map((event) => JSON.stringify(event)));
  parentPort!.postMessage({ id, ok: true, packed, count: parsed.events.length, hashes: parsed.hashes } satisfies ParseReply, packedTransfer(packed));
});
