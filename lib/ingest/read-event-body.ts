// Reads the body of an ingestion request into validated events. Small bodies are parsed in memory;
// large ones are split as they stream, validated one event at a time and spooled to a temporary NDJSON
// file, so the server's memory does not grow with the body. Nothing is written to the store here.
import "server-only";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { validateEvent, type EventProblem, type HarnessLabEvent } from "../events/contract";
import { BodyFormatError, EventBodySplitter } from "../events/body-splitter";
import { INGEST_LIMITS } from "./limits";

export type EventBody =
  | { ok: true; count: number; events: Iterable<HarnessLabEvent>; dispose(): void }
  | { ok: false; status: 400 | 413 | 415; error: string; errors?: EventProblem[] };

const MAX_PROBLEMS = 100;
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

class EventCollector {
  readonly problems: EventProblem[] = [];
  private events: HarnessLabEvent[] = [];
  private spoolFd: number | null = null;
  private spoolDir: string | null = null;
  count = 0;

  constructor(private readonly spool: boolean) {}

  add(value: unknown): void {
    const index = this.count++;
    const result = validateEvent(value, index);
    if (!result.ok) {
      this.problems.push(...result.problems.slice(0, MAX_PROBLEMS - this.problems.length));
      return;
    }
    if (this.problems.length) return; // the request will be refused; keep validating, stop storing
    if (!this.spool) {
      this.events.push(result.event);
      return;
    }
    if (this.spoolFd === null) {
      this.spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-ingest-"));
      this.spoolFd = fs.openSync(path.join(this.spoolDir, "events.ndjson"), "w+");
    }
    fs.writeSync(this.spoolFd, `${JSON.stringify(result.event)}\n`);
  }

  full(): boolean {
    return this.problems.length >= MAX_PROBLEMS;
  }

  iterable(): Iterable<HarnessLabEvent> {
    if (this.spoolFd === null) return this.events;
    const fd = this.spoolFd;
    return { [Symbol.iterator]: () => readSpool(fd) };
  }

  dispose(): void {
    if (this.spoolFd !== null) fs.closeSync(this.spoolFd);
    if (this.spoolDir) fs.rmSync(this.spoolDir, { recursive: true, force: true });
    this.spoolFd = null;
    this.spoolDir = null;
    this.events = [];
  }
}

/** Reads the spool back synchronously, so the whole apply stays inside one synchronous transaction. */
function* readSpool(fd: number): Generator<HarnessLabEvent> {
  const chunk = Buffer.alloc(1024 * 1024);
  let position = 0;
  let rest = "";
  for (;;) {
    const n = fs.readSync(fd, chunk, 0, chunk.length, position);
    if (n === 0) break;
    position += n;
    // The spool holds only JSON.stringify output, so a chunk boundary may split a character: decode as a stream.
    const lines = (rest + spoolDecoder.decode(chunk.subarray(0, n), { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) yield JSON.parse(line) as HarnessLabEvent;
  }
}
const spoolDecoder = new TextDecoder();

/** Small bodies: one native JSON.parse (or one per NDJSON line) is much faster than scanning bytes in JS. */
function parseInMemory(bytes: Uint8Array, collector: EventCollector): string | null {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return "the body is not valid UTF-8";
  }
  const trimmed = text.trimStart();
  if (trimmed.startsWith("[")) {
    let values: unknown;
    try {
      values = JSON.parse(trimmed);
    } catch (error) {
      return `the body is not valid JSON: ${(error as Error).message.slice(0, 200)}`;
    }
    for (const value of values as unknown[]) {
      if (collector.full()) break;
      collector.add(value);
    }
    return null;
  }
  if (trimmed && !trimmed.startsWith("{")) return "the body must be a JSON array of events or NDJSON (one event object per line)";
  for (const line of trimmed.split("\n")) {
    if (!line.trim()) continue;
    if (collector.full()) break;
    try {
      collector.add(JSON.parse(line));
    } catch (error) {
      collector.problems.push({ index: collector.count++, path: "", message: `event is not valid JSON: ${(error as Error).message.slice(0, 200)}` });
    }
  }
  return null;
}

function contentTypeProblem(request: Request): string | null {
  const type = request.headers.get("content-type")?.split(";")[0].trim().toLowerCase();
  if (!type || ACCEPTED_TYPES.includes(type)) return null;
  return `content-type "${type}" is not accepted; send application/json (an array of events) or application/x-ndjson`;
}

export async function readEventBody(request: Request, limits = INGEST_LIMITS): Promise<EventBody> {
  const typeProblem = contentTypeProblem(request);
  if (typeProblem) return { ok: false, status: 415, error: typeProblem };
  const declared = Number(request.headers.get("content-length") ?? NaN);
  const tooLarge = { ok: false as const, status: 413 as const, error: `the body is larger than the limit of ${limits.maxBodyBytes} bytes; split it into several requests` };
  if (declared > limits.maxBodyBytes) return tooLarge;
  if (!request.body) return { ok: false, status: 400, error: "the body is empty; send a JSON array or NDJSON of events" };

  const inMemory = declared <= limits.inMemoryBytes;
  const collector = new EventCollector(!inMemory);
  if (inMemory) {
    const formatError = parseInMemory(new Uint8Array(await request.arrayBuffer()), collector);
    if (formatError) return { ok: false, status: 400, error: formatError };
    return finish(collector);
  }
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
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.length;
      if (received > limits.maxBodyBytes) {
        await reader.cancel();
        collector.dispose();
        return tooLarge;
      }
      take(splitter.push(value));
      if (collector.full()) {
        await reader.cancel();
        break;
      }
    }
    if (!collector.full()) take(splitter.finish());
  } catch (error) {
    collector.dispose();
    if (error instanceof BodyFormatError) {
      const status = error.message.includes("larger than the limit") ? 413 : 400;
      return { ok: false, status, error: error.message, errors: [{ index: error.index, path: "", message: error.message }] };
    }
    throw error;
  }
  return finish(collector);
}

function finish(collector: EventCollector): EventBody {
  if (collector.problems.length) {
    collector.dispose();
    const n = collector.problems.length;
    const first = collector.problems[0];
    const where = `event ${first.index}${first.path ? ` field ${first.path}` : ""}`;
    const error = `${n}${n >= MAX_PROBLEMS ? "+" : ""} problem${n === 1 ? "" : "s"} in the events, nothing was written; first: ${where}: ${first.message}`;
    return { ok: false, status: 400, error, errors: collector.problems };
  }
  if (collector.count === 0) {
    collector.dispose();
    return { ok: false, status: 400, error: "the body holds no events" };
  }
  return { ok: true, count: collector.count, events: collector.iterable(), dispose: () => collector.dispose() };
}
