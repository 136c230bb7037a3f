// An event log for producers without network (e.g. cluster nodes): NDJSON files that `harness-lab sync`
// later applies. The format promises exactly what sync relies on: every line is one event written whole,
// so a reader only ever sees complete lines plus, at most, one trailing partial line still being written.
import fs from "node:fs";
import path from "node:path";
import type { HarnessLabEventInput } from "../events/contract";

export interface EventLogWriterOptions {
  /** A file is closed and a new one started once the next line would take it past this size. */
  maxFileBytes?: number;
  /** Mode of the files created (default 0644 less the umask); exports pass 0600, they copy a private store. */
  fileMode?: number;
}

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;

export class EventLogWriter {
  readonly dir: string;
  private readonly maxFileBytes: number;
  private readonly fileMode: number;
  private fd: number | undefined;
  private file: string | undefined;
  private fileBytes = 0;
  private lastStampMs = 0;
  private readonly written: string[] = [];
  private closed = false;

  constructor(dir: string, options: EventLogWriterOptions = {}) {
    this.dir = path.resolve(dir);
    this.maxFileBytes = Math.max(1, options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES);
    this.fileMode = options.fileMode ?? 0o666;
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /** The file being written, once the first event is in. */
  get currentFile(): string | undefined {
    return this.file;
  }

  /** Every file this writer has created, oldest first. */
  get files(): readonly string[] {
    return this.written;
  }

  /**
   * Appends one event as one line. Synchronous on purpose: the line is in the kernel when this returns,
   * so a crash of the producer right after cannot lose or tear it (only an OS crash before flush can).
   */
  write(event: HarnessLabEventInput): void {
    if (this.closed) throw new Error("EventLogWriter: write after close");
    // JSON.stringify escapes newlines inside strings, so the only newline is the terminator.
    const json = JSON.stringify(event);
    if (json === undefined) throw new TypeError("EventLogWriter: an event must be a JSON object");
    const line = Buffer.from(`${json}\n`, "utf8");
    if (this.fd !== undefined && this.fileBytes > 0 && this.fileBytes + line.length > this.maxFileBytes) this.closeFile();
    if (this.fd === undefined) this.open();
    writeWhole(this.fd!, line);
    this.fileBytes += line.length;
  }

  writeMany(events: Iterable<HarnessLabEventInput>): void {
    for (const event of events) this.write(event);
  }

  /** Makes everything written so far durable (fsync). */
  flush(): void {
    if (this.fd !== undefined) fs.fsyncSync(this.fd);
  }

  close(): void {
    if (this.closed) return;
    this.closeFile();
    this.closed = true;
  }

  private closeFile(): void {
    if (this.fd === undefined) return;
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    this.fd = undefined;
    this.file = undefined;
    this.fileBytes = 0;
  }

  private open(): void {
    // Names sort in creation order (sync applies files by name), so a rotated file must never sort before
    // its predecessor even within one millisecond; "ax" (O_EXCL) keeps two writers off the same name.
    for (;;) {
      const stampMs = Math.max(Date.now(), this.lastStampMs + 1);
      this.lastStampMs = stampMs;
      const file = path.join(this.dir, `events-${compactStamp(stampMs)}-${process.pid}.jsonl`);
      try {
        this.fd = fs.openSync(file, "ax", this.fileMode);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") continue;
        throw error;
      }
      this.file = file;
      this.written.push(file);
      return;
    }
  }
}

/** 2024-05-01T12:03:04.005Z → 20240501T120304005Z: fixed width, so name order is time order. */
function compactStamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:.]/g, "");
}

/** One write call in practice; the loop only matters if the kernel accepts a short write (e.g. a signal). */
function writeWhole(fd: number, buffer: Buffer): void {
  let offset = 0;
  while (offset < buffer.length) offset += fs.writeSync(fd, buffer, offset, buffer.length - offset);
}
