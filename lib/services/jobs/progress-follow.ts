// Reads what a running job appended to its log since the last look and stores its latest progress report.
// Returns why the log cannot be read when something other than a regular file is at its path (the caller ends
// the job), null otherwise.
import "server-only";
import fs from "node:fs";
import { StringDecoder } from "node:string_decoder";
import type { JobRecord } from "../../../db/queries/jobs";
import { setJobProgress } from "../../../db/mutations/jobs";
import { scanProgress } from "./progress";
import { openRegularFile } from "./job-log-file";
import type { RuntimeState } from "./runtime-state";

/** Per look, at most this much log is read; a job that writes faster is caught up over several ticks. */
const MAX_READ = 1024 * 1024;
/** A runtime that starts following a job it did not start (a restart) looks back only this far. */
const LOOK_BACK = 64 * 1024;

export function followProgress(rt: RuntimeState, job: Pick<JobRecord, "id" | "logPath" | "progress" | "progressMessage">): string | null {
  if (!job.logPath) return null;
  const opened = openRegularFile(job.logPath);
  // Missing: not written yet (a Slurm job still pending).
  if (!opened.ok) return opened.missing ? null : `the job's log ${opened.error}`;
  const { fd } = opened;
  try {
    const size = fs.fstatSync(fd).size;
    let state = rt.logs.get(job.id);
    if (!state || state.offset > size) rt.logs.set(job.id, (state = { offset: Math.max(0, size - LOOK_BACK), carry: "", decoder: new StringDecoder("utf8") }));
    if (state.offset === size) return null;
    const buffer = Buffer.alloc(Math.min(MAX_READ, size - state.offset));
    const n = fs.readSync(fd, buffer, 0, buffer.length, state.offset);
    state.offset += n;
    const { last, carry } = scanProgress(state.carry, state.decoder.write(buffer.subarray(0, n)));
    state.carry = carry;
    if (last && (last.fraction !== job.progress || last.message !== job.progressMessage)) setJobProgress(rt.store, job.id, last.fraction, last.message);
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
