// tailLog: a job's log from a byte offset, for live streaming (poll with the returned offset, or stream it from
// a route handler). Chunks end on a whole UTF-8 character, so a client can append them as they come.
import "server-only";
import fs from "node:fs";
import type { Store } from "../../../db/client";
import { getJob } from "../../../db/queries/jobs";
import { openRegularFile } from "./job-log-file";

export const MAX_TAIL_BYTES = 256 * 1024;

export type LogChunk =
  | {
      ok: true;
      text: string;
      /** Where the next call continues. */
      nextOffset: number;
      /** The log's size now. */
      size: number;
      /** The job has ended and everything has been read: stop polling. */
      done: boolean;
    }
  | { ok: false; status: 400 | 404 | 409; error: string };

export function tailLog(store: Store, jobId: string, offset = 0, maxBytes = MAX_TAIL_BYTES): LogChunk {
  if (!Number.isInteger(offset) || offset < 0) return { ok: false, status: 400, error: "offset: must be a whole number ≥ 0" };
  const job = getJob(store, jobId);
  if (!job) return { ok: false, status: 404, error: `job "${jobId}" does not exist` };
  const ended = job.status !== "queued" && job.status !== "running";
  if (!job.logPath) return { ok: true, text: "", nextOffset: 0, size: 0, done: ended };
  const opened = openRegularFile(job.logPath);
  // A Slurm job that has not started has no output file yet.
  if (!opened.ok && opened.missing) return { ok: true, text: "", nextOffset: offset, size: 0, done: ended };
  if (!opened.ok) return { ok: false, status: 409, error: `the job's log ${opened.error}` };
  const { fd } = opened;
  try {
    const size = fs.fstatSync(fd).size;
    const from = Math.min(offset, size);
    const length = Math.min(Math.max(1, Math.min(maxBytes, MAX_TAIL_BYTES)), size - from);
    const buffer = Buffer.alloc(Math.max(0, length));
    const n = length > 0 ? fs.readSync(fd, buffer, 0, length, from) : 0;
    // A finished log will not grow: a broken last character is returned as it is rather than never.
    const whole = ended && from + n === size ? n : completeUtf8Length(buffer.subarray(0, n));
    return { ok: true, text: buffer.subarray(0, whole).toString("utf8"), nextOffset: from + whole, size, done: ended && from + whole >= size };
  } finally {
    fs.closeSync(fd);
  }
}

/** Bytes of `buf` up to the end of its last complete UTF-8 character. */
export function completeUtf8Length(buf: Uint8Array): number {
  // Walk back over continuation bytes (10xxxxxx) to the lead byte of the last character.
  for (let back = 1; back <= Math.min(4, buf.length); back++) {
    const byte = buf[buf.length - back];
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need <= back ? buf.length : buf.length - back;
  }
  return buf.length;
}

/**
 * Follows a job's log until the job has ended and everything is read: yields each new chunk (empty ones are
 * skipped). For a streaming route handler: `for await (const chunk of followLog(store, id, { signal }))`.
 */
export async function* followLog(
  store: Store,
  jobId: string,
  options: { offset?: number; intervalMs?: number; signal?: AbortSignal } = {},
): AsyncGenerator<Extract<LogChunk, { ok: true }>> {
  let offset = options.offset ?? 0;
  while (!options.signal?.aborted) {
    const chunk = tailLog(store, jobId, offset);
    if (!chunk.ok) return;
    offset = chunk.nextOffset;
    if (chunk.text) yield chunk;
    if (chunk.done) return;
    if (chunk.text.length === 0) await new Promise((r) => setTimeout(r, options.intervalMs ?? 500));
  }
}
