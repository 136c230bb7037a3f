// The concurrency run's 32 producers, in a worker thread of their own whose CPU priority can be lowered.
// They stand in for trainers, which run on other machines: on a 2-core box producers at the server's
// priority take cores the server would have (building and sending 32 streams of ~60 KB batches). With
// `nice` > 0 their thread yields a busy core to the server, an honest model of "the trainers are elsewhere";
// the run reports both. This file is both the worker's entry and the main thread's handle to start it.
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { lowerThisThreadPriority } from "../../lib/os/thread-priority";
import { newCounters, produce, type LoadCounters } from "./concurrency-load";

export interface ProducersJob {
  url: string;
  token: string;
  prefix: string;
  producers: number;
  batch: number;
  /** Nice value of the producers' thread (0: the server's priority). */
  nice: number;
}

export interface ProducersResult {
  ingested: number;
  counters: LoadCounters;
  /** The thread's nice value as set (null: unchanged, e.g. not Linux). */
  niceApplied: number | null;
}

interface ProducersData {
  concurrencyProducers: true;
  job: ProducersJob;
  /** [0]: 1 = stop; [1]: answers counted so far (so the main thread knows when the load has built up). */
  shared: SharedArrayBuffer;
}

async function runProducers({ job, shared }: ProducersData): Promise<ProducersResult> {
  const flags = new Int32Array(shared);
  const niceApplied = job.nice > 0 ? lowerThisThreadPriority(job.nice) : null;
  const counters = newCounters();
  const counting = new Proxy(counters, {
    set(target, key, value) {
      (target as unknown as Record<string | symbol, unknown>)[key] = value;
      if (key === "requests") Atomics.store(flags, 1, value as number);
      return true;
    },
  });
  const running = () => Atomics.load(flags, 0) === 0;
  const sent = await Promise.all(Array.from({ length: job.producers }, (_, p) => produce(job.url, job.token, job.prefix, p, job.batch, running, counting)));
  return { ingested: sent.reduce((a, b) => a + b, 0), counters, niceApplied };
}

if (!isMainThread && (workerData as ProducersData | undefined)?.concurrencyProducers) {
  runProducers(workerData as ProducersData).then(
    (result) => parentPort!.postMessage({ ok: true, result }),
    (error) => parentPort!.postMessage({ ok: false, error: String(error) }),
  );
}

/** Starts the producers in a new worker thread; `stop()` ends each after its request in flight. */
export function startProducers(job: ProducersJob): { result: Promise<ProducersResult>; answered(): number; stop(): void } {
  const shared = new SharedArrayBuffer(8);
  const flags = new Int32Array(shared);
  const data: ProducersData = { concurrencyProducers: true, job, shared };
  // As for the timers: the writer thread's boot (a plain .mjs) registers tsx, then imports this file.
  const boot = fileURLToPath(new URL("../../db/writer/writer-boot.mjs", import.meta.url));
  const worker = new Worker(boot, { workerData: { ...data, entry: fileURLToPath(import.meta.url) } });
  const result = new Promise<ProducersResult>((resolve, reject) => {
    worker.once("message", (reply: { ok: true; result: ProducersResult } | { ok: false; error: string }) => {
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`the producers failed: ${reply.error}`));
      void worker.terminate();
    });
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the producers' thread exited with code ${code} before answering`)));
  });
  result.catch(() => undefined);
  return { result, answered: () => Atomics.load(flags, 1), stop: () => Atomics.store(flags, 0, 1) };
}
