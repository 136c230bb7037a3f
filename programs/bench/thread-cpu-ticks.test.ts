// The ingestion bench splits the server's CPU by thread: a niced worker's CPU must count as the writer and
// parser kind, never as the main thread's, and the main thread's own work as the main thread's.
import os from "node:os";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { cpuTicksOf, statFields, threadCpuTicks } from "./server-process";

/** Clock ticks the calling thread has run (user + system); the worker's source below reads the same by hand. */
const ownTicks = () => cpuTicksOf(statFields("/proc/thread-self/stat"));

/** A worker that nices itself (as the writer thread does) and runs `ticks` clock ticks of CPU, then idles. */
function nicedBusyWorker(ticks: number): Promise<Worker> {
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const fs = require("node:fs"), os = require("node:os");
    const ownTicks = () => {
      const stat = fs.readFileSync("/proc/thread-self/stat", "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return Number(fields[11]) + Number(fields[12]);
    };
    const tid = Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
    os.setPriority(tid, 10);
    const start = ownTicks();
    while (ownTicks() - start < workerData.ticks) {}
    parentPort.postMessage("done");
    setInterval(() => {}, 1000);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { ticks } });
    worker.once("message", () => resolve(worker));
    worker.once("error", reject);
  });
}

describe.runIf(os.platform() === "linux")("threadCpuTicks", () => {
  it("counts a niced worker's CPU as niced and the main thread's as main", async () => {
    const before = threadCpuTicks(process.pid)!;
    // 30 ticks (300 ms) of CPU each, counted by each thread itself, however busy the machine is.
    const worker = await nicedBusyWorker(30);
    const middle = threadCpuTicks(process.pid)!;
    const start = ownTicks();
    while (ownTicks() - start < 30) {
      // the main thread's own work
    }
    const after = threadCpuTicks(process.pid)!;
    await worker.terminate();
    expect(middle.niced - before.niced).toBeGreaterThanOrEqual(30);
    expect(after.main - middle.main).toBeGreaterThanOrEqual(30);
    // The worker idles meanwhile: its thread adds (almost) nothing to the niced count.
    expect(after.niced - middle.niced).toBeLessThan(5);
  });

  it("answers null for a process that does not exist", () => {
    expect(threadCpuTicks(2 ** 22 + 12345)).toBeNull();
  });
});
