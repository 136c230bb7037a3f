// Reads the body of an ingestion request into validated events. Small bodies are parsed in memory
// (in the ingestion worker when they are big enough to be worth it); large ones are split as they stream, validated one event at a time and spooled to a temporary NDJSON
// file, so the server's memory does not grow with the body. Nothing is written to the store here.
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validateEvent, type EventProblem, type HarnessLabEvent } from "../../events/contract";
import { BodyFormatError, EventBodySplitter } from "../../events/body-splitter";
import { INGEST_LIMITS } from "./pure/limits";
import { MAX_PROBLEMS, summarizeProblems } from "./parse-event-bytes";
import { parseEventBytesOffThread } from "./parse-off-thread";
import { readSpool } from "../../files/spool-file";
import { readLimited } from "../../http/read-limited";
import type { PackedJson } from "./pure/packed-json";

/**
 * A valid body's events. `packed` (the parse worker's output) or `spoolFile` say where the writer thread can read
 * them itself; reading `events` parses them in the calling thread, so only code that needs them does.
 */
export type EventBody =
  | { ok: true; count: number; events: Iterable<HarnessLabEvent>; hashes?: string[]; packed?: PackedJson; spoolFile?: string; dispose(): void }
  | { ok: false; status: 400 | 413 | 415 | 503; error: string; errors?: EventProblem[] };

const ACCEPTED_TYPES = ["application/json", "application/x-ndjson", "application/jsonl", "application/x-jsonlines", "text/plain", "application/octet-stream"];
const decoder = new TextDecoder("utf-8", { fatal: true });

function parseOne(bytes: Uint8Array, index: number): { value?: unknown; problem?: EventProblem } {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return { problem: { index, path: "", message: "event is not valid UTF-8" } };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: { index, path: "", message: `event is not valid JSON: ${(error as Error).message.slice(0, 200)}` } };
  }
}

/** Validates streamed events one by one and spools the valid ones to a temporary NDJSON file. */
class SpoolingCollector {
  readonly problems: EventProblem[] = [];
  private spoolFd: number | null = null;
  private spoolDir: string | null = null;
  spoolFile: string | null = null;
  count = 0;

  add(value: unknown): void {
    const index = this.count++;
    const result = validateEvent(value, index);
    if (!result.ok) {
      this.problems.push(...result.problems.slice(0, MAX_PROBLEMS - this.problems.length));
      return;
    }
    if (this.problems.length) return; // the request will be refused; keep validating, stop storing
    if (this.spoolFd === null) {
      this.spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-ingest-"));
      this.spoolFile = path.join(this.spoolDir, "events.ndjson");
      this.spoolFd = fs.openSync(this.spoolFile, "w+");
    }
    fs.writeSync(this.spoolFd, `${JSON.stringify(result.event)}\n`);
  }

  full(): boolean {
    return this.problems.length >= MAX_PROBLEMS;
  }

  iterable(): Iterable<HarnessLabEvent> {
    if (this.spoolFd === null) return [];
    const fd = this.spoolFd;
    return { [Symbol.iterator]: () => readSpool(fd) };
  }

  dispose(): void {
    if (this.spoolFd !== null) fs.closeSync(this.spoolFd);
    if (this.spoolDir) fs.rmSync(this.spoolDir, { recursive: true, force: true });
    this.spoolFd = null;
    this.spoolDir = null;
    this.spoolFile = null;
  }
}


/** Why a Content-Type is refused (415), or null: none at all is taken for JSON. */
export function contentTypeProblem(header: string | null | undefined): string | null {
  const type = header?.split(";")[0].trim().toLowerCase();
  if (!type || ACCEPTED_TYPES.includes(type)) return null;
  return `content-type "${type}" is not accepted; send application/json (an array of events) or application/x-ndjson`;
}

export async function readEventBody(request: Request, limits = INGEST_LIMITS): Promise<EventBody> {
  const typeProblem = contentTypeProblem(request.headers.get("content-type"));
  if (typeProblem) return { ok: false, status: 415, error: typeProblem };
  const declared = Number(request.headers.get("content-length") ?? NaN);
  const tooLarge = { ok: false as const, status: 413 as const, error: `the body is larger than the limit of ${limits.maxBodyBytes} bytes; split it into several requests` };
  if (declared > limits.maxBodyBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, error: "the body is empty; send a JSON array or NDJSON of events" };

  if (declared <= limits.inMemoryBytes) {
    // One copy of the body: Request.arrayBuffer() concatenates the chunks and then copies the result again.
    const bytes = await readLimited(request.body, limits.maxBodyBytes, { leaveRest: true });
    if (!bytes) return tooLarge;
    return eventBodyOfBytes(bytes);
  }
  return readStreamedBody(request.body, limits, tooLarge);
}

/**
 * A whole body held in memory (at most the in-memory limit), parsed and validated in the parse worker when it is
 * large enough to be worth it. `bytes` is moved there when it owns its whole buffer: the caller must not reuse it.
 */
export async function eventBodyOfBytes(bytes: Uint8Array): Promise<EventBody> {
  const parsed = await parseEventBytesOffThread(bytes);
  if (!parsed.ok) return { ok: false, status: parsed.unavailable ? 503 : 400, error: parsed.error, ...(parsed.errors ? { errors: parsed.errors } : {}) };
  if (parsed.packed !== undefined && parsed.count !== undefined) {
    return { ok: true, count: parsed.count, packed: parsed.packed, get events() { return parsed.events; }, hashes: parsed.hashes, dispose: () => {} };
  }
  return { ok: true, count: parsed.events.length, events: parsed.events, hashes: parsed.hashes, dispose: () => {} };
}

/** Bodies over the in-memory limit, or of unknown length: split as they arrive, validated, spooled to disk. */
async function readStreamedBody(stream: ReadableStream<Uint8Array>, limits: typeof INGEST_LIMITS, tooLarge: EventBody): Promise<EventBody> {
  const collector = new SpoolingCollector();
  const splitter = new EventBodySplitter(limits.maxEventBytes);
  const take = (pieces: Uint8Array[]) => {
    for (const piece of pieces) {
      const { value, problem } = parseOne(piece, collector.count);
      if (problem) {
        collector.count++;
        collector.problems.push(problem);
      } else collector.add(value);
    }
  };
  let received = 0;
  // A refused body is left unread, not cancelled: the route drains the rest before it answers
  // (lib/http/drain-body.ts), so a client still sending reads the refusal instead of a reset.
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > limits.maxBodyBytes) {
        collector.dispose();
        return tooLarge;
      }
      take(splitter.push(value));
      if (collector.full()) break;
    }
    if (!collector.full()) take(splitter.finish());
  } catch (error) {
    collector.dispose();
    if (error instanceof BodyFormatError) {
      const status = error.message.includes("larger than the limit") ? 413 : 400;
      return { ok: false, status, error: error.message, errors: [{ index: error.index, path: "", message: error.message }] };
    }
    throw error;
  } finally {
    reader.releaseLock();
  }
  return finish(collector);
}

function finish(collector: SpoolingCollector): EventBody {
  if (collector.problems.length) {
    collector.dispose();
    return { ok: false, status: 400, error: summarizeProblems(collector.problems), errors: collector.problems };
  }
  if (collector.count === 0) {
    collector.dispose();
    return { ok: false, status: 400, error: "the body holds no events" };
  }
  return { ok: true, count: collector.count, events: collector.iterable(), spoolFile: collector.spoolFile ?? undefined, dispose: () => collector.dispose() };
}
