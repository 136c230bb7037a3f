// The request thread's side of the parse worker: each body goes to the worker with an id, its reply settles
// that request, and when the worker stops every request still waiting is settled too. Apart from the Worker
// itself (lib/services/ingest/parse-off-thread.ts starts it), so a test can drive it with a fake worker.
import type { HarnessLabEvent } from "../../events/contract";
import { parseEventBytes, type ParsedEvents } from "./parse-event-bytes";
import type { ParseReply, ParseRequest } from "./parse-worker";
import { parsePackedJson, type PackedJson } from "./pure/packed-json";

/** What the channel needs of a worker thread. */
export interface ParseWorkerLike {
  postMessage(message: ParseRequest, transfer?: ArrayBuffer[]): void;
}

/** `bytes`: the body, when it was copied to the worker rather than moved (null once moved). */
type Pending = { resolve: (parsed: ParsedEvents) => void; bytes: Uint8Array | null };

export const WORKER_STOPPED: ParsedEvents = {
  ok: false,
  unavailable: true,
  error: "the ingestion worker stopped while parsing this batch; send it again (nothing of it was written)",
};

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

export class ParseChannel {
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  constructor(private readonly worker: ParseWorkerLike) {}

  parse(bytes: Uint8Array): Promise<ParsedEvents> {
    return new Promise((resolve) => {
      const id = this.next++;
      // Moved, not copied, when the body owns its whole buffer (readEventBody's read does): the copy cost
      // the request thread ≈ 9 % of its ingestion time (BENCHMARKS.md, issue 19). A view into a larger buffer
      // (a pooled Buffer) is copied, since moving would take the rest of that buffer from its owner.
      const movable = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
      this.pending.set(id, { resolve, bytes: movable ? null : bytes });
      if (movable) this.worker.postMessage({ id, bytes }, [bytes.buffer as ArrayBuffer]);
      else this.worker.postMessage({ id, bytes });
    });
  }

  /** The worker's answer to one body. */
  reply(reply: ParseReply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    pending.resolve(reply.ok ? lazilyParsed(reply.packed, reply.count, reply.hashes) : reply);
  }

  /**
   * The worker stopped. A body that was moved to it has no bytes left here: its request is answered 503, "send
   * it again", as for a batch the writer thread did not finish. A copied body is parsed in this thread.
   */
  stopped(): void {
    for (const pending of this.pending.values()) pending.resolve(pending.bytes ? parseEventBytes(pending.bytes) : WORKER_STOPPED);
    this.pending.clear();
  }
}
