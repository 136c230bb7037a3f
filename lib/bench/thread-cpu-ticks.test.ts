// The ingestion bench splits the server's CPU by thread: a niced worker's CPU must count as the writer and
// parser kind, never as the main thread's, and the main thread's own work as the main thread's.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { threadCpuTicks } from "./server-process";

/** A worker that nices itself (as the writer thread does) and burns `ms` of CPU, then waits to be ended. */
function nicedBusyWorker(ms: number): Promise<Worker> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const fs = require("node:fs"), os = require("node:os");
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    os.setPriority(tid, 10);
    const end = Date.now() + workerData.ms;
    while (Date.now() < end) {}
    parentPort.postMessage("done");
    setInterval(() => {}, 1000);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { ms } });
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
  });
}

describe.runIf(os.platform() === "linux")("threadCpuTicks", () => {
  it("counts a niced worker's CPU as niced and the main thread's as main", async () => {
    const before = threadCpuTicks(process.pid)!;
    const worker = await nicedBusyWorker(300);
    const middle = threadCpuTicks(process.pid)!;
    const end = Date.now() + 300;
    while (Date.now() < end) {
      // the main thread's own work
    }
    const after = threadCpuTicks(process.pid)!;
    await worker.terminate();
    // Clock ticks are 10 ms: 300 ms of work is ≈ 30, allow for the scheduler.
    expect(middle.niced - before.niced).toBeGreaterThanOrEqual(20);
    expect(after.main - middle.main).toBeGreaterThanOrEqual(20);
    expect(after.niced - middle.niced).toBeLessThan(5);
  });

  it("answers null for a process that does not exist", () => {
    expect(threadCpuTicks(2 ** 22 + 12345)).toBeNull();
  });
});
