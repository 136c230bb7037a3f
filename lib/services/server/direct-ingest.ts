// The direct ingest door: a producer's usual batch (POST /api/v1/events with a bearer token and a Content-Length
// within the in-memory limit) answered by the server's Node listener before Next's router sees it
// (lib/services/server/serve-http.mjs offers it every request). Why: under 32 producers each batch cost the request thread
// ≈ 2.5–2.8 ms in Next (its router, the body as a web stream, undici's Request, the answer's pipeline), about half
// a core at 190 batches/s, and the researcher's pages and queries waited behind it (BENCHMARKS.md, issue 19).
// Everything else (a session cookie, no Content-Length, a body to stream to disk, any other path or method) goes
// to Next unchanged, where app/api/v1/events/route.ts answers it; both doors answer through
// lib/services/ingest/ingest-answer.ts and send the same security headers (lib/http/security-headers.mjs).
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { writeQueueFull } from "../../../db/writer/store-writer";
import { authenticateRequest, authErrorResponse, type RequestHead } from "../auth/request-auth";
import { errorResponse } from "../../http/json-response";
import { DRAIN_BODY_MS } from "../../http/drain-body";
import { apiSecurityHeaders } from "../../http/security-headers.mjs";
import { answerEventBody, ingestBusyResponse } from "../ingest/ingest-answer";
import { INGEST_LIMITS } from "../ingest/pure/limits";
import { contentTypeProblem, eventBodyOfBytes } from "../ingest/read-event-body";
import { logLine } from "../../log-text";

/** Where serve-http.mjs finds the door: set by the server's start-up (lib/services/server/startup.ts), inside Next's bundle. */
export const DIRECT_INGEST_KEY = Symbol.for("harness-lab.direct-ingest");

/** The door: true when it took the request (and will answer it), false to leave it to Next. */
export type DirectIngest = (req: IncomingMessage, res: ServerResponse) => boolean;

const INGEST_PATH = "/api/v1/events";

/** Whether this door takes a request; decided from its head alone, so one it leaves is untouched for Next. */
function takesDirectly(req: IncomingMessage, limits = INGEST_LIMITS): boolean {
  if (req.method !== "POST") return false;
  const url = req.url ?? "";
  if (url !== INGEST_PATH && !url.startsWith(`${INGEST_PATH}?`)) return false;
  const headers = req.headers;
  // A session cookie (the origin check), a chunked body, a server action's header: Next's way.
  if (typeof headers.authorization !== "string" || headers["transfer-encoding"] !== undefined || headers["next-action"] !== undefined) return false;
  const declared = headers["content-length"];
  if (declared === undefined || !/^\d{1,10}$/.test(declared)) return false;
  const length = Number(declared);
  // Larger bodies are validated as they stream and spooled to disk (read-event-body.ts); an empty one is refused there.
  if (length === 0 || length > Math.min(limits.inMemoryBytes, limits.maxBodyBytes)) return false;
  return contentTypeProblem(headers["content-type"]) === null;
}

export const directIngest: DirectIngest = (req, res) => {
  if (!takesDirectly(req)) return false;
  answer(req, res).catch((error: unknown) => {
    console.error(logLine`direct ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    if (res.headersSent) res.destroy();
    else void send(req, res, errorResponse(500, "internal server error")).catch(() => res.destroy());
  });
  return true;
};

async function answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const auth = await authenticateRequest(headOf(req), "ingest");
  if (!auth.ok) {
    console.info(logLine`ingest refused (${auth.status}): ${auth.message}`);
    return refuse(req, res, authErrorResponse(auth));
  }
  if (writeQueueFull()) return refuse(req, res, ingestBusyResponse());
  const bytes = await readWhole(req, Number(req.headers["content-length"]));
  // The client went away before sending all it declared: no one is left to answer.
  if (!bytes) return void res.destroy();
  await send(req, res, await answerEventBody(auth.principal, await eventBodyOfBytes(bytes)));
}

/** What authentication reads, seen through the Node request. */
function headOf(req: IncomingMessage): RequestHead {
  return {
    method: req.method ?? "POST",
    url: `http://${req.headers.host ?? "localhost"}${req.url ?? INGEST_PATH}`,
    headers: {
      get: (name) => {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(", ") : value;
      },
    },
  };
}

/**
 * The body into one buffer of its declared length, which it owns whole, so the parse worker takes it without a
 * copy (lib/services/ingest/parse-channel.ts). Node's parser ends the body at its Content-Length. null: the client left.
 */
function readWhole(req: IncomingMessage, length: number): Promise<Uint8Array | null> {
  return new Promise((resolve) => {
    const bytes = new Uint8Array(length);
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      bytes.set(chunk.subarray(0, length - received), received);
      received += chunk.length;
    });
    req.once("end", () => resolve(received === length ? bytes : null));
    req.once("close", () => resolve(null));
    req.once("error", () => resolve(null));
  });
}

/**
 * A refusal sent before the body was read: the rest is read and dropped first, so a client still sending reads
 * the answer instead of a reset (lib/http/drain-body.ts says why), for at most DRAIN_BODY_MS.
 */
async function refuse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  await new Promise<void>((resolve) => {
    const deadline = setTimeout(resolve, DRAIN_BODY_MS);
    const done = () => {
      clearTimeout(deadline);
      resolve();
    };
    req.once("end", done);
    req.once("close", done);
    req.once("error", done);
    req.resume();
  });
  await send(req, res, response);
}

/** A route's answer as Next would send it: its status, headers and body, plus the API's security headers. */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const forwardedProto = req.headers["x-forwarded-proto"];
  res.writeHead(response.status, {
    ...apiSecurityHeaders(Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto),
    ...Object.fromEntries(response.headers),
    "content-length": String(body.length),
  });
  res.end(body);
}
