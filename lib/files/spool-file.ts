// Reads a spool file of validated events (one JSON object per line, written by lib/services/ingest/read-event-body.ts)
// synchronously, so a whole batch is applied inside one synchronous transaction, in whichever thread
// applies it (the request thread or the writer thread, which gets the file's path). It lives in lib/files,
// beside the other file helpers, because both ingestion and the store's writer read it and db may not import
// a service.
import fs from "node:fs";
import type { HarnessLabEvent } from "../events/contract";

export function* readSpoolFile(file: string): Generator<HarnessLabEvent> {
  const fd = fs.openSync(file, "r");
  try {
    yield* readSpool(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export function* readSpool(fd: number): Generator<HarnessLabEvent> {
  const chunk = Buffer.alloc(1024 * 1024);
  const decoder = new TextDecoder();
  let position = 0;
  let rest = "";
  for (;;) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    position += n;
    // The spool holds only JSON.stringify output, so a chunk boundary may split a character: decode as a stream.
    const lines = (rest + decoder.decode(chunk.subarray(0, n), { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) yield JSON.parse(line) as HarnessLabEvent;
  }
}
