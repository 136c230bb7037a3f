// Splits a request body that arrives in chunks into the raw bytes of each event, without holding the
// whole body: either a JSON array of objects or NDJSON (one object per line). Memory stays at about
// one event plus one chunk, whatever the body's size.

export class BodyFormatError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
  }
}

type Mode = "detect" | "array" | "ndjson" | "done";
const BRACKET_OPEN = 0x5b, BRACKET_CLOSE = 0x5d, BRACE_OPEN = 0x7b, BRACE_CLOSE = 0x7d;
const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, NEWLINE = 0x0a;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

export class EventBodySplitter {
  private mode: Mode = "detect";
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  // Array scanning state, kept across chunks.
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectValue = true;
  private index = 0;

  constructor(private readonly maxEventBytes: number) {}

  /** Feeds one chunk; returns the complete events it finished (as bytes). */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let start = 0;
    if (this.mode === "detect") {
      while (start < chunk.length && isSpace(chunk[start])) start++;
      if (start === chunk.length) return out;
      if (chunk[start] === BRACKET_OPEN) {
        this.mode = "array";
        start++;
      } else if (chunk[start] === BRACE_OPEN) {
        this.mode = "ndjson";
      } else {
        throw new BodyFormatError("the body must be a JSON array of events or NDJSON (one event object per line)", 0);
      }
    }
    if (this.mode === "ndjson") this.splitLines(chunk, start, out);
    else if (this.mode === "array") this.scanArray(chunk, start, out);
    else if (this.mode === "done") this.expectOnlySpace(chunk, start);
    return out;
  }

  /** Called at the end of the body; returns a last NDJSON line without a trailing newline. */
  finish(): Uint8Array[] {
    if (this.mode === "array") throw new BodyFormatError("the JSON array is not closed: the body ended early", this.index);
    if (this.mode === "detect") return [];
    const last = this.takePending();
    return last.length && !last.every(isSpace) ? [last] : [];
  }

  private splitLines(chunk: Uint8Array, from: number, out: Uint8Array[]): void {
    let start = from;
    for (let nl = chunk.indexOf(NEWLINE, start); nl !== -1; nl = chunk.indexOf(NEWLINE, start)) {
      this.keep(chunk.subarray(start, nl));
      const line = this.takePending();
      if (line.length && !line.every(isSpace)) out.push(line);
      start = nl + 1;
    }
    this.keep(chunk.subarray(start));
  }

  private scanArray(chunk: Uint8Array, from: number, out: Uint8Array[]): void {
    let elementStart = this.depth > 0 ? from : -1;
    for (let i = from; i < chunk.length; i++) {
      const b = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
        continue;
      }
      if (this.depth === 0) {
        if (isSpace(b)) continue;
        if (b === BRACKET_CLOSE && (this.expectValue ? this.index === 0 : true)) {
          this.mode = "done";
          this.expectOnlySpace(chunk, i + 1);
          return;
        }
        if (b === COMMA && !this.expectValue) {
          this.expectValue = true;
          continue;
        }
        if (b === BRACE_OPEN && this.expectValue) {
          this.depth = 1;
          elementStart = i;
          continue;
        }
        throw new BodyFormatError(`unexpected "${String.fromCharCode(b)}" between events: each element must be an event object`, this.index);
      }
      if (b === QUOTE) this.inString = true;
      else if (b === BRACE_OPEN || b === BRACKET_OPEN) this.depth++;
      else if (b === BRACE_CLOSE || b === BRACKET_CLOSE) {
        this.depth--;
        if (this.depth === 0) {
          this.keep(chunk.subarray(elementStart, i + 1));
          out.push(this.takePending());
          this.index++;
          this.expectValue = false;
          elementStart = -1;
        }
      }
    }
    if (this.depth > 0 && elementStart !== -1) this.keep(chunk.subarray(elementStart));
  }

  private expectOnlySpace(chunk: Uint8Array, from: number): void {
    for (let i = from; i < chunk.length; i++) {
      if (!isSpace(chunk[i])) throw new BodyFormatError("unexpected content after the closing ] of the event array", this.index);
    }
  }

  private keep(part: Uint8Array): void {
    if (!part.length) return;
    this.pendingBytes += part.length;
    if (this.pendingBytes > this.maxEventBytes) {
      throw new BodyFormatError(`event is larger than the limit of ${this.maxEventBytes} bytes`, this.index);
    }
    this.pending.push(part.slice());
  }

  private takePending(): Uint8Array {
    const parts = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    if (parts.length === 1) return parts[0];
    return Buffer.concat(parts);
  }
}
