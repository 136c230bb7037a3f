// Starts the production server (lib/services/server/serve-http.mjs, as npm start runs it) on a free port with its own store,
// for benchmarks, and samples its memory from /proc while a measurement runs.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";

import { serverCommand } from "../../lib/services/server/server-command";
import { freePort } from "../../lib/services/server/free-port";

export interface RunningServer {
  url: string;
  port: number;
  pid: number;
  process: ChildProcess;
  stop(): Promise<void>;
  /** Everything the server printed so far (stdout and stderr), for tests that read its log. */
  log(): string;
}


/**
 * `port` restarts a server where a killed one listened, so its producers find it again. `waitForPages: false`
 * returns as soon as the API answers, before the page renderer is ready (a run that times only the API's return).
 */
export async function startProductionServer(home: string, env: Record<string, string>, options: { port?: number; waitForPages?: boolean } = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  // BENCH_CPU_PROF=DIR writes a V8 CPU profile of the server there, to see where ingestion spends its time.
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, serverCommand(home, "127.0.0.1", port, profile), {
    cwd: home,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const chunks: string[] = [];
  child.stdout!.on("data", (d: Buffer) => chunks.push(d.toString()));
  child.stderr!.on("data", (d: Buffer) => chunks.push(d.toString()));
  const tail = () => chunks.join("").slice(-4000);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${tail()}`);
    try {
      if ((await fetch(`${url}/api/v1/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 60 s:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Pages go to the page renderer once it is ready (lib/services/server/page-renderer.mjs); until then the serving process
  // renders them itself, so a bench that started earlier would time, and warm up, the wrong process.
  const renderer = options.waitForPages !== false && (env.HARNESS_LAB_PAGE_RENDERER ?? process.env.HARNESS_LAB_PAGE_RENDERER) !== "0";
  while (renderer && !chunks.join("").includes("page renderer ready")) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${tail()}`);
    if (Date.now() > deadline) throw new Error(`the page renderer was not ready within 60 s:\n${tail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid!,
    log: () => chunks.join(""),
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/**
 * The fields of a /proc stat file after the command name, so proc(5)'s field 3 (state) is [0]; the name may hold
 * spaces and parentheses, hence the last ")". Throws when the process or thread is gone.
 */
export function statFields(file: string): string[] {
  const stat = fs.readFileSync(file, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** utime + stime, in clock ticks, from statFields. */
export function cpuTicksOf(fields: string[]): number {
  return Number(fields[11]) + Number(fields[12]);
}

/** Processes and all of their descendants (Linux /proc): the server may fork workers of its own. */
export function processTree(...rootPids: number[]): number[] {
  const roots = new Set(rootPids);
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(Number(entry), Number(statFields(`/proc/${entry}/stat`)[1]));
    } catch {
      // the process ended while we looked
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++) if (roots.has(p)) return true;
    return false;
  };
  return [...parents.keys()].filter(inTree);
}

/** Resident memory of a process and all of its descendants, in bytes. */
export function treeRssBytes(rootPid: number): number {
  let total = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const match = /VmRSS:\s+(\d+) kB/.exec(status);
      if (match) total += Number(match[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/** Samples the tree's RSS every `everyMs` until stopped; returns the peak seen. */
export function sampleMemory(rootPid: number, everyMs = 50): { stop(): number } {
  let peak = treeRssBytes(rootPid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssBytes(rootPid))), everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, treeRssBytes(rootPid));
    },
  };
}

/** CPU time (user + system, clock ticks) of a process and all of its descendants. */
export function treeCpuTicks(rootPid: number): number {
  let total = 0;
  for (const pid of processTree(rootPid)) {
    try {
      total += cpuTicksOf(statFields(`/proc/${pid}/stat`));
    } catch {
      // gone
    }
  }
  return total;
}

/** A process's CPU time (clock ticks) split by thread kind: its main thread, threads at nice > 0, the rest. */
export interface ThreadCpuTicks {
  /** The main thread: the one that serves pages and reads request bodies. */
  main: number;
  /** Threads the server niced (lib/os/thread-priority.ts): the store writer and the ingestion parser. */
  niced: number;
  /** Everything else: V8's helper threads (parallel and concurrent GC, compilation) and libuv's pool. */
  other: number;
}

/** Per-thread CPU of one process from /proc/PID/task (Linux); null where there is none to read. */
export function threadCpuTicks(pid: number): ThreadCpuTicks | null {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  const ticks: ThreadCpuTicks = { main: 0, niced: 0, other: 0 };
  for (const tid of tids) {
    try {
      const fields = statFields(`/proc/${pid}/task/${tid}/stat`);
      const cpu = cpuTicksOf(fields);
      // proc(5)'s field 19 is the nice value.
      if (Number(tid) === pid) ticks.main += cpu;
      else if (Number(fields[16]) > 0) ticks.niced += cpu;
      else ticks.other += cpu;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return ticks;
}

/** The ticks of each kind spent between two readings of threadCpuTicks. */
export function ticksBetween(before: ThreadCpuTicks, after: ThreadCpuTicks): ThreadCpuTicks {
  return { main: after.main - before.main, niced: after.niced - before.niced, other: after.other - before.other };
}

/**
 * Waits until the server tree has used (almost) no CPU for `quietMs` (its writer thread indexes and merges
 * the full-text index once writes pause), at most `maxMs`; returns the milliseconds waited. A baseline measured
 * in the bench process right after an HTTP phase would otherwise share the cores with that background work.
 */
export async function waitForQuietServer(rootPid: number, options: { quietMs?: number; maxMs?: number } = {}): Promise<number> {
  const quietMs = options.quietMs ?? 400;
  const maxMs = options.maxMs ?? 60_000;
  const started = performance.now();
  let last = treeCpuTicks(rootPid);
  let quietSince = performance.now();
  while (performance.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 100));
    const now = treeCpuTicks(rootPid);
    // One tick (10 ms) per 100 ms is 10 % of a core: timers and the like, not indexing.
    if (now - last > 1) quietSince = performance.now();
    last = now;
    if (performance.now() - quietSince >= quietMs) break;
  }
  return Math.round(performance.now() - started);
}
