// The dashboard's HTTP server (npm start, the e2e tests and the benches run this, not `next start`): Next.js's
// own request handler, the one `next start` runs, behind a plain Node listener that first offers each request to
// the direct ingest door (lib/services/server/direct-ingest.ts). The door answers a producer's batch without Next's router
// and web streams, which cost the request thread the time the researcher's pages needed (BENCHMARKS.md, issue 19).
// The door lives in Next's server bundle (set on globalThis when the server starts, instrumentation.ts): this file
// only routes, so it stays plain JavaScript that Node runs as is. Pages go to the page renderer, this same file run
// as a second process on a Unix socket (page-renderer.mjs), so that page rendering does not hold up the JSON API.
//
// Usage: node lib/services/server/serve-http.mjs [-H HOST] [-p PORT]   (defaults: $HOST or 127.0.0.1, $PORT or 3000)
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { refuseUnlessPage } from "./page-proxy.mjs";
import { lowerThisProcessPriority, RENDERER_ROLE, rendererNice, startPageRenderer } from "./page-renderer.mjs";

// What `next start` sets before it loads Next: the production build, and its "Ready in" clock.
process.env.NODE_ENV = "production";
process.env.NEXT_PRIVATE_START_TIME ??= String(Date.now());

const { values } = parseArgs({ options: { hostname: { type: "string", short: "H" }, port: { type: "string", short: "p" } } });
const hostname = values.hostname ?? process.env.HOST ?? "127.0.0.1";
const port = Number(values.port ?? process.env.PORT ?? 3000);
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const DIRECT_INGEST_KEY = Symbol.for("harness-lab.direct-ingest");
// The page renderer runs this file too, started by the serving process with its role and socket in the environment.
const isRenderer = process.env.HARNESS_LAB_ROLE === RENDERER_ROLE;
// Before Next starts its threads, so they all inherit it.
const nice = isRenderer ? lowerThisProcessPriority(rendererNice()) : null;

const { default: next } = await import("next");
const app = next({ dev: false, dir, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

// As `next start` does with what its handler throws: a plain 500, and the error in the log.
const renderHere = (req, res) =>
  handle(req, res).catch((error) => {
    console.error(`Failed to handle request for ${req.url}`, error);
    if (res.headersSent) return void res.destroy();
    res.statusCode = 500;
    res.end("Internal Server Error");
  });

/** @type {ReturnType<typeof startPageRenderer> | null} */
let renderer = null;
const server = http.createServer((req, res) => {
  // The renderer only reads: it answers pages and refuses anything else, however the request reached it.
  if (isRenderer && refuseUnlessPage(req, res)) return;
  // "*" (as in OPTIONS *) is a target Node's parser lets through and Next cannot read as an address: it answered 500.
  if (req.url === "*") return void res.writeHead(400, { "content-type": "text/plain; charset=utf-8" }).end("The request target * names no page.\n");
  // Before any answer: a write or a live answer ends the page payloads kept for identical requests (shared-renders.mjs).
  renderer?.watch(req, res);
  const direct = /** @type {Record<symbol, unknown>} */ (globalThis)[DIRECT_INGEST_KEY];
  if (typeof direct === "function" && direct(req, res)) return;
  if (renderer?.offer(req, res, renderHere)) return;
  renderHere(req, res);
});
server.on("error", (error) => {
  console.error(`Harness Lab: cannot listen on ${isRenderer ? process.env.HARNESS_LAB_RENDER_SOCKET : `${hostname}:${port}`}: ${error.message}`);
  process.exit(1);
});
if (isRenderer) {
  server.listen(process.env.HARNESS_LAB_RENDER_SOCKET, () => process.send?.({ kind: "ready", nice }));
  // The serving process went away (even by SIGKILL, which it cannot pass on): nobody can reach this one any more.
  process.on("disconnect", () => process.exit(0));
} else {
  server.listen(port, hostname, () => {
    console.log(`Harness Lab: ready on http://${hostname}:${port}`);
    if (process.env.HARNESS_LAB_PAGE_RENDERER !== "0")
      renderer = startPageRenderer({ script: fileURLToPath(import.meta.url), execArgv: process.execArgv, env: process.env });
  });
}

process.on("exit", () => renderer?.stop());

// As `next start`: stop on SIGINT/SIGTERM with the signal's exit code; the store's writer and the job supervisor
// are built to be stopped at any point (crash safety), so nothing else waits here.
for (const [signal, code] of /** @type {const} */ ([["SIGINT", 130], ["SIGTERM", 143]])) {
  process.on(signal, () => {
    renderer?.stop();
    server.close();
    // Next's own close, bounded: a request still streaming must not keep the process up.
    setTimeout(() => process.exit(code), 3_000).unref();
    void app.close().finally(() => process.exit(code));
  });
}
