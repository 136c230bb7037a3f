// Hands a page request from the serving process to the page renderer (page-renderer.mjs) over its Unix socket,
// and its answer back to the browser unchanged. Pages are what the researcher's browser loads as documents (and the
// RSC payloads of client navigation): GET or HEAD of anything outside /api/ and Next's own files. The JSON API, the
// producers' batches, server actions and every other write stay in the serving process, whose request thread is
// then left to them (issue 19: the trajectory browser's query waited behind pages being rendered).
//
// Plain JavaScript, as serve-http.mjs, which loads it.
import http from "node:http";

// The one GET outside /api that writes: the one-time sign-in link is used up and a session created. It stays with
// the serving process, so that the renderer only ever reads the store.
const WRITING_GETS = ["/sign-in/link"];

/** Whether the page renderer should answer this request: a page document or its RSC payload, nothing that writes. */
export function isPageRequest(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url ?? "/";
  if (!url.startsWith("/") || url.startsWith("/api/") || url === "/api" || url.startsWith("/_next/")) return false;
  const pathname = url.split(/[?#]/, 1)[0];
  if (WRITING_GETS.some((writing) => pathname === writing || pathname === `${writing}/`)) return false;
  // A server action is a POST; one sent as something else is Next's to refuse, in the serving process.
  return req.headers["next-action"] === undefined;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, not the message: each side of the proxy sets its own.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "proxy-authenticate", "proxy-authorization"]);

/** The request's headers for the renderer: hop-by-hop ones dropped, the X-Forwarded-* a direct client would have given Next. */
export function forwardedRequestHeaders(req) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  // As a proxy does, the address the serving process saw is appended; the last entry is what Next would have used
  // (lib/auth/sign-in.ts clientIp). The other X-Forwarded-* are filled only when absent, as Next fills them.
  const address = req.socket?.remoteAddress;
  if (address) {
    const before = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = before ? `${Array.isArray(before) ? before.join(", ") : before}, ${address}` : address;
  }
  headers["x-forwarded-host"] ??= req.headers.host ?? "";
  if (req.socket?.localPort) headers["x-forwarded-port"] ??= String(req.socket.localPort);
  headers["x-forwarded-proto"] ??= req.socket?.encrypted ? "https" : "http";
  return headers;
}

/** The renderer's answer headers as a flat [name, value, …] list, hop-by-hop ones dropped, repeated ones kept. */
export function answerHeaders(rawHeaders) {
  const kept = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  return kept;
}

/**
 * Sends `req` to the renderer listening on `socketPath` and pipes its answer into `res`. When the renderer cannot be
 * reached before it answered (it stopped, or is restarting), `unreachable(error)` is called with nothing sent yet, so
 * the serving process can render the page itself: a page request has no body, so nothing is lost by asking twice.
 * An answer cut off midway is cut off for the browser too (its connection is closed), never completed by guesswork.
 */
export function proxyToRenderer(req, res, { socketPath, agent }, unreachable) {
  let answered = false;
  let browserLeft = false;
  let upstream;
  try {
    upstream = http.request({ socketPath, agent, method: req.method, path: req.url, headers: forwardedRequestHeaders(req) }, (answer) => {
      answered = true;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders(answer.rawHeaders));
      answer.pipe(res);
      answer.on("error", () => res.destroy());
      answer.on("aborted", () => res.destroy());
    });
  } catch (error) {
    // A request Node's client will not send as is (it checks the path and headers more strictly than the server
    // parses them): the serving process answers it, as it did before there was a renderer.
    return unreachable(error);
  }
  upstream.on("error", (error) => {
    if (browserLeft) return;
    if (answered || res.headersSent) return void res.destroy();
    unreachable(error);
  });
  // The browser left: the renderer stops working on a page nobody will read.
  res.on("close", () => {
    if (res.writableFinished) return;
    browserLeft = true;
    upstream.destroy();
  });
  upstream.end();
}
