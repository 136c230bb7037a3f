// The concurrency run's clocks, each in a worker thread of its own: the timed browser queries and the heavy-page
// readers. In the process that builds the 32 producers' payloads a timer also measured that process's own
// event-loop delay (p99 up to 270 ms), which inflated the figures; a worker's event loop is busy only with
// its own requests. This file is both the worker's entry and the main thread's handle to start it.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { countAnswer, describeFailure, newCounters, readPages, type LoadCounters } from "./concurrency-load";

export type TimerJob =
  /** GETs `warmUp` (untimed: this thread's fetch and JIT warm up too), then `queries` one after another, each one timed. */
  | { kind: "queries"; url: string; cookie: string; warmUp: string[]; queries: string[] }
  /** GETs `paths` in turn until stopped (or after `limit` requests). */
  | { kind: "pages"; url: string; cookie: string; paths: string[]; limit?: number };

export interface TimerResult {
  times: number[];
  counters: LoadCounters;
  /** The worker's own event-loop delay p99 while it ran: what its clock may have added to a figure. */
  eventLoopDelayP99Ms: number;
}

interface TimerData {
  concurrencyTimer: true;
  job: TimerJob;
  stop: SharedArrayBuffer;
}

async function timeQueries(url: string, cookie: string, queries: string[], counters: LoadCounters): Promise<number[]> {
  const times: number[] = [];
  for (const query of queries) {
    const started = performance.now();
    let status = 0;
    let body = "";
    try {
      const response = await fetch(`${url}${query}`, { headers: { cookie, accept: "application/json" }, signal: AbortSignal.timeout(60_000) });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = describeFailure(error);
    }
    const ms = performance.now() - started;
    countAnswer(counters, status, body, ms, query);
    times.push(ms);
  }
  return times;
}

async function runJob({ job, stop }: TimerData): Promise<TimerResult> {
  const stopped = new Int32Array(stop);
  const counters = newCounters();
  if (job.kind === "queries") await timeQueries(job.url, job.cookie, job.warmUp, counters);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let times: number[] = [];
  if (job.kind === "queries") times = await timeQueries(job.url, job.cookie, job.queries, counters);
  else {
    const limit = job.limit ?? Infinity;
    await readPages(job.url, job.cookie, job.paths, () => Atomics.load(stopped, 0) === 0 && counters.requests < limit, counters);
  }
  delay.disable();
  return { times, counters, eventLoopDelayP99Ms: delay.percentile(99) / 1e6 };
}

if (!isMainThread && (workerData as TimerData | undefined)?.concurrencyTimer) {
  runJob(workerData as TimerData).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (error) => parentPort!.postMessage({ ok: false, error: String(error) }),
  );
}

/** Starts `job` in a new worker thread; `stop()` ends a "pages" job after its request in flight. */
export function startTimer(job: TimerJob): { result: Promise<TimerResult>; stop(): void } {
  const stop = new SharedArrayBuffer(4);
  const data: TimerData = { concurrencyTimer: true, job, stop };
  // A worker does not inherit the TypeScript loader: the writer thread's boot (a plain .mjs) registers tsx, then
  // imports `entry`, this file.
  const boot = fileURLToPath(new URL("../../db/writer/writer-boot.mjs", import.meta.url));
  const worker = new Worker(boot, { workerData: { ...data, entry: fileURLToPath(import.meta.url) } });
  const result = new Promise<TimerResult>((resolve, reject) => {
    worker.once("message", (reply: { ok: true; result: TimerResult } | { ok: false; error: string }) => {
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`the ${job.kind} timer failed: ${reply.error}`));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the ${job.kind} timer exited with code ${code} before answering`)));
  });
  result.catch(() => undefined); // the caller awaits it later; a failure before then is not "unhandled"
  return { result, stop: () => Atomics.store(new Int32Array(stop), 0, 1) };
}
