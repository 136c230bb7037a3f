// Identical page-payload requests share one render (issue 40: ten live tabs). A live tab re-renders its page on the
// server when its scope's version moves (components/live), and the tabs of one browser hear of a new version
// together (components/live/shared-answers.ts): ten tabs on a run page asked for the same payload, ten renders of
// the same thing per change (the bench: ten visible tabs at 5.3× the CPU of the producer whose batches they
// followed). They do not ask at the same instant: ten busy tabs sent their requests over about a second, most after
// the first render had ended, so sharing only the render in flight saved 1 in 13.
//
// So a finished answer is kept for identical requests until one of these, whichever comes first:
//   - the server answers a live question (GET …/live): a tab can learn of a newer version only from such an answer,
//     so one that heard it asks after it, and then never gets a render that started before it (the page must show
//     at least the version that made it ask, or its live indicator would wait for a render that never comes);
//   - a write by anyone but a producer's event batch (every non-GET request except POST /api/v1/events): a person
//     who approves a proposal and refreshes sees the approval;
//   - MAX_KEPT_MS: any other answer is then at most as old as if the request had come that much earlier.
// A producer's batches do not end it: what they change reaches a tab through the next live answer, which does.
//
// Only RSC payloads (the `rsc: 1` GETs of client navigation and prefetch) are shared, never a document: a document
// carries its own CSP nonce, which must not be handed to a second request. Requests are shared only when they are
// the same request: method, address and every header the renderer would be sent (the session cookie, the router
// state, the encoding the browser accepts, the forwarded client address) byte for byte; anything else gets its own
// render.
//
// Plain JavaScript, as serve-http.mjs and page-proxy.mjs, which it joins.
import { forwardedRequestHeaders } from "./page-proxy.mjs";

/** A payload larger than this is not kept for others: they each get their own render. */
export const MAX_SHARED_BYTES = 8 * 1024 * 1024;
/** All kept answers together stay under this (the oldest are dropped first). */
export const MAX_KEPT_BYTES = 32 * 1024 * 1024;
/** The longest a finished answer is handed to identical requests when nothing ended it sooner. */
export const MAX_KEPT_MS = 2_000;

/** The sharing key of a request, or null when it must have its own render (not an RSC payload GET). */
export function sharedRenderKey(req) {
  if (req.method !== "GET" || req.headers.rsc !== "1") return null;
  const headers = Object.entries(forwardedRequestHeaders(req))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join("\n") : value])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([req.method, req.url, headers]);
}

const pathOf = (url) => {
  const query = (url ?? "/").indexOf("?");
  return query < 0 ? (url ?? "/") : url.slice(0, query);
};

/**
 * When answering `req` ends the kept answers (see above): "arrival" for a write (from the moment it arrives, and
 * again when it is answered), "answered" for a live question, null for anything else.
 */
export function endsKeptRenders(req) {
  const path = pathOf(req.url);
  if (req.method === "GET" || req.method === "HEAD") return path.startsWith("/api/") && path.endsWith("/live") ? "answered" : null;
  if (req.method === "POST" && path === "/api/v1/events") return null;
  return "arrival";
}

/**
 * `forward(req, res, tap)` renders a request (page-proxy.mjs proxyToRenderer); the tap hears its answer.
 * `offer(req, res, forward)` answers a request from a kept answer, joins it to an identical render in flight, or
 * forwards it with a tap that keeps its answer. When a render fails or is given up (its browser left, the answer was
 * cut off or too large), the requests that joined it are forwarded each on its own, as if alone. `watch(req, res)`
 * ends the kept answers as `endsKeptRenders` says.
 */
export function createRenderSharing({ maxBytes = MAX_SHARED_BYTES, maxKeptBytes = MAX_KEPT_BYTES, maxKeptMs = MAX_KEPT_MS, now = () => Date.now() } = {}) {
  /** Renders in flight, by key: the era they started in and the requests that joined them. */
  const inFlight = new Map();
  /** Finished answers, by key, oldest first: { head, body, era, at }. */
  const kept = new Map();
  let keptBytes = 0;
  // Ending the kept answers starts a new era; only a render that started in the current era may be handed out.
  let era = 0;
  const stats = { rendered: 0, joined: 0, fromKept: 0 };

  const drop = (key) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    keptBytes -= entry.body.length;
  };
  const endKept = () => {
    era++;
    kept.clear();
    keptBytes = 0;
  };
  const replay = (res, head, body) => {
    if (res.destroyed) return;
    res.writeHead(head.statusCode, head.statusMessage, head.headers);
    res.end(body);
  };

  function offer(req, res, forward) {
    const key = sharedRenderKey(req);
    if (key === null) return void forward(req, res, null);
    const entry = kept.get(key);
    if (entry && (entry.era !== era || now() - entry.at > maxKeptMs)) drop(key);
    else if (entry) {
      stats.fromKept++;
      return void replay(res, entry.head, entry.body);
    }
    const running = inFlight.get(key);
    if (running && running.era === era) {
      stats.joined++;
      running.joined.push({ req, res });
      return;
    }
    const flight = { era, joined: [] };
    inFlight.set(key, flight);
    stats.rendered++;
    let head = null;
    let chunks = [];
    let bytes = 0;
    let settled = false;
    const settle = () => {
      settled = true;
      if (inFlight.get(key) === flight) inFlight.delete(key);
    };
    // The joined requests are forwarded on their own: the render they waited for will not be handed to them.
    const release = () => {
      if (settled) return;
      settle();
      chunks = [];
      for (const other of flight.joined) if (!other.res.destroyed) forward(other.req, other.res, null);
    };
    forward(req, res, {
      head(statusCode, statusMessage, headers) {
        head = { statusCode, statusMessage, headers };
      },
      data(chunk) {
        if (settled) return;
        bytes += chunk.length;
        if (bytes > maxBytes) return release();
        chunks.push(chunk);
      },
      end() {
        if (settled) return;
        // Something ended the kept answers while this one rendered: it may predate what those who joined know.
        if (flight.era !== era) return release();
        settle();
        const body = Buffer.concat(chunks);
        chunks = [];
        for (const other of flight.joined) replay(other.res, head, body);
        // A page that failed is not kept (the next request may well succeed).
        if (head.statusCode !== 200) return;
        drop(key);
        kept.set(key, { head, body, era, at: now() });
        keptBytes += body.length;
        for (const oldest of kept.keys()) {
          if (keptBytes <= maxKeptBytes) break;
          drop(oldest);
        }
      },
      abort: release,
    });
  }

  function watch(req, res) {
    const when = endsKeptRenders(req);
    if (when === null) return;
    if (when === "arrival") endKept();
    let ended = false;
    const atEnd = () => {
      if (ended) return;
      ended = true;
      endKept();
    };
    res.once("finish", atEnd);
    res.once("close", atEnd);
  }

  return { offer, watch, stats };
}
