// Lowers the CPU priority of the calling thread only, so the server's background threads (the writer thread,
// the ingestion parser) yield a core to the request thread that renders pages and answers reads while
// trainers post. On Linux setpriority() applied to a thread id changes that one thread (the id is the last
// segment of /proc/thread-self); elsewhere, and for a process's main thread (whose id is the process's, and
// whose priority threads started later would inherit), nothing is changed.
import fs from "node:fs";
import os from "node:os";

/** The nice value background threads take: HARNESS_LAB_BACKGROUND_NICE (0 keeps them at the server's), else 10. */
export function backgroundNice(configured: string | undefined = process.env.HARNESS_LAB_BACKGROUND_NICE): number {
  if (configured === undefined || configured.trim() === "") return 10;
  const n = Number(configured);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : 10;
}

/** This thread's kernel id (Linux), or null where there is none to be had. */
export function thisThreadId(): number | null {
  if (process.platform !== "linux") return null;
  try {
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Raises the calling thread's nice value to `nice` (never lowers it: that needs privileges) and returns the
 * thread's nice value after, or null when nothing was changed (not Linux, the main thread, nice 0, refused).
 */
export function lowerThisThreadPriority(nice: number): number | null {
  const tid = thisThreadId();
  if (tid === null || tid === process.pid || !(nice > 0)) return null;
  try {
    if (os.getPriority(tid) < nice) os.setPriority(tid, Math.min(19, nice));
    return os.getPriority(tid);
  } catch {
    return null;
  }
}
