// The writer thread and the ingestion parser lower their own priority with lowerThisThreadPriority: it must
// change the calling worker thread only, never the process's main thread (which later threads would inherit).
import os from "node:os";
import { Worker } from "node:worker_threads";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { backgroundNice, lowerThisThreadPriority, thisThreadId } from "./thread-priority";

const module = fileURLToPath(new URL("./thread-priority.ts", import.meta.url));

function inWorker(nice: number): Promise<{ tid: number; after: number | null; seen: number }> {
  // A plain-JS worker that loads the TypeScript module through tsx, as the writer thread does.
  const source = `
    const { parentPort, workerData } = require("node:worker_threads");
    const os = require("node:os");
    const { register } = require("tsx/cjs/api");
    register();
    const m = require(workerData.module);
    const after = m.lowerThisThreadPriority(workerData.nice);
    const tid = m.thisThreadId();
    parentPort.postMessage({ tid, after, seen: os.getPriority(tid) });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { module, nice } });
    worker.once("message", (m) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

describe("lowerThisThreadPriority", () => {
  it("lowers the calling worker thread's priority and leaves the main thread's as it was", async () => {
    const mainBefore = os.getPriority(process.pid);
    const { tid, after, seen } = await inWorker(Math.min(19, mainBefore + 5));
    expect(tid).not.toBe(process.pid);
    expect(after).toBe(Math.min(19, mainBefore + 5));
    expect(seen).toBe(after);
    expect(os.getPriority(process.pid)).toBe(mainBefore);
  });

  it("refuses to change the main thread", () => {
    const before = os.getPriority(process.pid);
    expect(thisThreadId()).toBe(process.pid);
    expect(lowerThisThreadPriority(before + 3)).toBeNull();
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it("reads HARNESS_LAB_BACKGROUND_NICE: 10 by default, 0 to keep the server's priority, nonsense ignored", () => {
    expect(backgroundNice(undefined)).toBe(10);
    expect(backgroundNice("0")).toBe(0);
    expect(backgroundNice("15")).toBe(15);
    expect(backgroundNice("-5")).toBe(10);
    expect(backgroundNice("high")).toBe(10);
  });
});
