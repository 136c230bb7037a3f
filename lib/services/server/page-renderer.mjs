// The page renderer: a second Node process, started and watched by the serving process (serve-http.mjs), that runs
// the same Next build over the same store and renders the pages (page-proxy.mjs says which requests are pages). Pages
// are the heaviest thing the server does: rendered on the serving process's request thread, they kept it busy and
// the trajectory browser's JSON query and the producers' batches waited behind them (issue 19, BENCHMARKS.md). In a
// process of its own, a page only reads the store (SQLite's WAL lets both processes read while the writer thread
// writes); the one write a page asks for, catching the full-text index up before a search, is sent back here over
// the IPC channel and done by the serving process's writer thread, the only writer of ingested data.
//
// The serving process answers pages itself until the renderer says it is ready, whenever it cannot be reached, and
// while it restarts after a crash. HARNESS_LAB_PAGE_RENDERER=0 keeps every page in the serving process.
//
// Plain JavaScript, as serve-http.mjs, which loads it.
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { isPageRequest, proxyToRenderer } from "./page-proxy.mjs";
import { createRenderSharing } from "./shared-renders.mjs";

export const RENDERER_ROLE = "page-renderer";
/** Where the serving process's start-up (lib/services/server/startup.ts) leaves the function that catches the index up. */
export const CATCH_UP_INDEX_KEY = Symbol.for("harness-lab.catch-up-full-text-index");

const FIRST_RESTART_MS = 500;
const LAST_RESTART_MS = 30_000;
/** A renderer that stayed up this long crashed for a new reason: its next restart is quick again. */
const STABLE_MS = 60_000;
/**
 * The renderer's nice value unless HARNESS_LAB_RENDERER_NICE says otherwise: a little below the serving process, so
 * on a 2-core machine a JSON query waits less behind two pages being rendered. Beside two page readers and 32
 * producers the browser query's p95 ÷ idle was ×1.94–2.24 at nice 0, ×1.54–1.99 at 2, ×1.47–2.19 at 3, and the
 * heavy pages' p95 272–371, 308–498, 330–490 ms (cold first renders included; 239–268 ms at 2 with the pages
 * warmed; past 500 at 5). BENCHMARKS.md, issue 19, fourteenth round.
 */
const DEFAULT_RENDERER_NICE = 2;

/** The renderer's nice value: HARNESS_LAB_RENDERER_NICE (an integer 0–19; 0 keeps the server's), else 2. */
export function rendererNice(configured = process.env.HARNESS_LAB_RENDERER_NICE) {
  if (configured === undefined || configured.trim() === "") return DEFAULT_RENDERER_NICE;
  const n = Number(configured);
  return Number.isInteger(n) && n >= 0 && n <= 19 ? n : DEFAULT_RENDERER_NICE;
}

/**
 * Raises the nice value of every thread of this process (the renderer, at its start) to `nice`; threads started
 * later inherit it from the thread that starts them. On Linux, setpriority() of a thread id changes that thread
 * only, hence the walk over /proc/self/task. Never lowers a nice value (that needs privileges). Returns the main
 * thread's nice value after, or null where nothing could be changed (not Linux, nice 0).
 */
export function lowerThisProcessPriority(nice) {
  if (process.platform !== "linux" || !(nice > 0)) return null;
  for (const entry of fs.readdirSync("/proc/self/task")) {
    const tid = Number(entry);
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return os.getPriority(process.pid);
}

/**
 * Starts the renderer (`script` run again with the renderer's role) and keeps one running until `stop()`.
 * `offer(req, res, renderHere)` takes a page request when the renderer is ready and returns true; it returns false
 * for everything else, which the caller answers as before. `renderHere` answers a taken request in this process when
 * the renderer cannot be reached after all.
 */
export function startPageRenderer({ script, execArgv, env, log = console }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "harness-lab-render-")); // mode 0700: only this user connects
  const socketPath = path.join(dir, "pages.sock");
  let child = null;
  let ready = false;
  let stopping = false;
  let restartMs = FIRST_RESTART_MS;
  let agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // Identical payload requests (live tabs told of a new version together) share one render (shared-renders.mjs).
  const sharing = createRenderSharing();

  const start = () => {
    const startedAt = Date.now();
    fs.rmSync(socketPath, { force: true });
    const proc = fork(script, [], {
      execArgv,
      env: { ...env, HARNESS_LAB_ROLE: RENDERER_ROLE, HARNESS_LAB_RENDER_SOCKET: socketPath },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    child = proc;
    proc.on("message", (message) => {
      if (message?.kind === "ready") {
        ready = true;
        log.info(`Harness Lab: page renderer ready (pid ${proc.pid}, nice ${message.nice ?? 0})`);
      } else if (message?.kind === "index") void catchUpIndexFor(proc, message.id);
    });
    proc.on("error", (error) => log.warn(`Harness Lab: page renderer: ${error.message}`));
    proc.on("exit", (code, signal) => {
      if (child !== proc) return;
      child = null;
      ready = false;
      // Sockets kept alive to the old process would fail their next request; the next renderer gets fresh ones.
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
      if (stopping) return;
      restartMs = Date.now() - startedAt > STABLE_MS ? FIRST_RESTART_MS : Math.min(restartMs * 2, LAST_RESTART_MS);
      log.warn(`Harness Lab: page renderer stopped (${signal ?? `exit code ${code}`}); pages are rendered here until it restarts in ${restartMs} ms`);
      setTimeout(() => void (stopping || start()), restartMs).unref();
    });
  };

  const catchUpIndexFor = async (proc, id) => {
    let error = null;
    try {
      const catchUp = globalThis[CATCH_UP_INDEX_KEY];
      if (typeof catchUp !== "function") throw new Error("the serving process has no store writer");
      await catchUp();
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (proc.connected) proc.send({ kind: "indexed", id, error });
  };

  start();
  return {
    offer(req, res, renderHere) {
      if (!ready || !isPageRequest(req)) return false;
      sharing.offer(req, res, (request, response, tap) => proxyToRenderer(request, response, { socketPath, agent, tap }, () => renderHere(request, response)));
      return true;
    },
    /** Every request the serving process answers passes here: writes and live answers end the kept page payloads. */
    watch: sharing.watch,
    stop() {
      stopping = true;
      ready = false;
      child?.kill("SIGTERM");
      agent.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
