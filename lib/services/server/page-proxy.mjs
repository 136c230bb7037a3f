// Hands a page request from the serving process to the page renderer (page-renderer.mjs) over its Unix socket,
// and its answer back to the browser unchanged. Pages are what the researcher's browser loads as documents (and the
// RSC payloads of client navigation): GET or HEAD, with no body, of an address in normal form outside /api/ and Next's
// own files. The JSON API, the producers' batches, server actions and every other write stay in the serving process,
// whose request thread is then left to them (issue 19: the trajectory browser's query waited behind pages being
// rendered), and so does everything a page request is not, so the renderer is only ever sent a bodiless request it
// reads exactly as the browser meant it (issue 36: a body left behind had it read the next request's bytes).
//
// Plain JavaScript, as serve-http.mjs, which loads it.
import http from "node:http";
import { normalPathname } from "./normal-path.mjs";

// The one GET outside /api that writes: the one-time sign-in link is used up and a session created. It stays with
// the serving process, so that the renderer only ever reads the store; so does every address under it and every
// spelling of it in other capitals (Next's routes are case-sensitive today; keeping them costs nothing).
const WRITING_GETS = ["/sign-in/link"];

/** Whether the request says it carries a body: a Content-Length other than 0, or any Transfer-Encoding. */
function carriesBody(req) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length.trim() !== "0");
}

/**
 * Why the page renderer must not answer this request, or null when it should: a page document or its RSC payload,
 * nothing that writes. A GET with a body is not a page: the renderer is never sent a body (issue 36 item 4, below),
 * so the serving process, whose parser reads the body as what it is, answers it. An address not in normal form
 * (normal-path.mjs) is not a page either: the serving process answers it as Next resolves it, so no spelling of a
 * writing address reaches the renderer, and the filters below compare the one spelling there is (issue 36 item 5).
 */
export function notAPageBecause(req) {
  if (req.method !== "GET" && req.method !== "HEAD") return "not a GET or HEAD";
  if (carriesBody(req)) return "it carries a body";
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const pathname = query < 0 ? url : url.slice(0, query);
  if (normalPathname(pathname) !== pathname) return "its path is not in normal form";
  if (pathname === "/api" || pathname.startsWith("/api/")) return "the JSON API";
  if (pathname.startsWith("/_next/")) return "one of Next's files";
  const lowered = pathname.toLowerCase();
  if (WRITING_GETS.some((writing) => lowered.startsWith(writing))) return "it writes";
  // A server action is a POST; one sent as something else is Next's to refuse, in the serving process.
  if (req.headers["next-action"] !== undefined) return "a server action";
  return null;
}

/** Whether the page renderer should answer this request (notAPageBecause gives the reason when not). */
export function isPageRequest(req) {
  return notAPageBecause(req) === null;
}

/**
 * In the renderer: answers 400 to a request that is not a page, and returns true. The serving process never hands it
 * one, so such a request was made by other means (bytes smuggled past the proxy, a process reaching the socket):
 * the renderer still never writes. The connection is closed, as whatever follows on it cannot be trusted either.
 */
export function refuseUnlessPage(req, res) {
  const reason = notAPageBecause(req);
  if (reason === null) return false;
  res.writeHead(400, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", connection: "close" });
  res.end(`The page renderer answers only page requests: ${reason}.\n`);
  return true;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection, not the message: each side of the proxy sets its own.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer", "proxy-authenticate", "proxy-authorization"]);
// How the body is framed. The renderer is never sent a body (page requests have none), so it is never told of one:
// a Content-Length without the bytes made it read the next request's bytes as this one's body (issue 36 item 4).
const FRAMING = new Set(["content-length", "transfer-encoding"]);

/** The headers a message's Connection header names: hop-by-hop too (RFC 9110 §7.6.1), whatever their name. */
function namedByConnection(connection) {
  const value = Array.isArray(connection) ? connection.join(",") : (connection ?? "");
  return new Set(value.split(",").map((name) => name.trim().toLowerCase()).filter(Boolean));
}

/**
 * The request's headers for the renderer: hop-by-hop ones dropped (with those its Connection header names), nothing
 * about a body, and the X-Forwarded-* a direct client would have given Next.
 */
export function forwardedRequestHeaders(req) {
  const named = namedByConnection(req.headers.connection);
  // Host stays even when named: Next builds the page's absolute addresses from it.
  named.delete("host");
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !FRAMING.has(name) && !named.has(name)) headers[name] = value;
  }
  // As a proxy does, the address the serving process saw is appended; the last entry is what Next would have used
  // (lib/services/auth/sign-in.ts clientIp). The other X-Forwarded-* are filled only when absent, as Next fills them.
  const address = req.socket?.remoteAddress;
  if (address) {
    const before = headers["x-forwarded-for"];
    headers["x-forwarded-for"] = before ? `${Array.isArray(before) ? before.join(", ") : before}, ${address}` : address;
  }
  headers["x-forwarded-host"] ??= req.headers.host ?? "";
  if (req.socket?.localPort) headers["x-forwarded-port"] ??= String(req.socket.localPort);
  headers["x-forwarded-proto"] ??= req.socket?.encrypted ? "https" : "http";
  return headers;
}

/** The renderer's answer headers as a flat [name, value, …] list, hop-by-hop ones dropped, repeated ones kept. */
export function answerHeaders(rawHeaders) {
  const connection = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (rawHeaders[i].toLowerCase() === "connection") connection.push(rawHeaders[i + 1]);
  const named = namedByConnection(connection);
  const kept = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !named.has(name)) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

/**
 * Sends `req` to the renderer listening on `socketPath` and pipes its answer into `res`. When the renderer cannot be
 * reached before it answered (it stopped, or is restarting), `unreachable(error)` is called with nothing sent yet, so
 * the serving process can render the page itself: a page request has no body, so nothing is lost by asking twice.
 * An answer cut off midway is cut off for the browser too (its connection is closed), never completed by guesswork.
 * A `tap` (shared-renders.mjs) hears the answer: head(status, message, headers), data(chunk), end() once it is whole,
 * or abort() when there will be no whole answer (unreachable, cut off, the browser left).
 */
export function proxyToRenderer(req, res, { socketPath, agent, tap = null }, unreachable) {
  let answered = false;
  let browserLeft = false;
  let upstream;
  try {
    upstream = http.request({ socketPath, agent, method: req.method, path: req.url, headers: forwardedRequestHeaders(req) }, (answer) => {
      answered = true;
      const headers = answerHeaders(answer.rawHeaders);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      tap?.head(answer.statusCode ?? 502, answer.statusMessage, headers);
      if (tap) answer.on("data", (chunk) => tap.data(chunk));
      // Only a whole answer is handed on: one the renderer cut off ends without being complete.
      answer.on("end", () => (answer.complete ? tap?.end() : tap?.abort()));
      answer.pipe(res);
      answer.on("error", () => (tap?.abort(), res.destroy()));
      answer.on("aborted", () => (tap?.abort(), res.destroy()));
    });
  } catch (error) {
    // A request Node's client will not send as is (it checks the path and headers more strictly than the server
    // parses them): the serving process answers it, as it did before there was a renderer.
    tap?.abort();
    return unreachable(error);
  }
  upstream.on("error", (error) => {
    tap?.abort();
    if (browserLeft) return;
    if (answered || res.headersSent) return void res.destroy();
    unreachable(error);
  });
  // The browser left: the renderer stops working on a page nobody will read.
  res.on("close", () => {
    if (res.writableFinished) return;
    browserLeft = true;
    tap?.abort();
    upstream.destroy();
  });
  upstream.end();
}
