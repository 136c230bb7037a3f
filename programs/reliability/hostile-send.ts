// Sends one hostile case exactly as generated (node:http, so paths are not normalised the way fetch's URL
// parser would; a raw socket for Content-Length lies) and judges the answer against the case's expectation.
import http from "node:http";
import net from "node:net";
import type { HostileCase } from "./hostile-case";

export interface Answer {
  /** null: no answer (a hang past the timeout, or the connection dropped without a response). */
  status: number | null;
  latencyMs: number;
  contentType: string;
  location: string;
  body: string;
  retryAfter: string;
  error?: string;
}

const KEEP_BODY = 64 * 1024;

export function sendCase(baseUrl: string, c: HostileCase, timeoutMs: number): Promise<Answer> {
  return c.body?.kind === "raw" ? sendRaw(baseUrl, c.body.bytes, timeoutMs) : sendHttp(baseUrl, c, timeoutMs);
}

function sendHttp(baseUrl: string, c: HostileCase, timeoutMs: number): Promise<Answer> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Omit<Answer, "latencyMs">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, latencyMs: performance.now() - started });
    };
    const none = (error: string) => done({ status: null, contentType: "", location: "", body: "", retryAfter: "", error });
    const headers: Record<string, string | number> = { ...c.headers };
    if (c.body?.kind === "bytes") headers["content-length"] = c.body.bytes.length;
    const request = http.request({ host: url.hostname, port: url.port, method: c.method, path: c.path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on("data", (chunk: Buffer) => {
        if (kept < KEEP_BODY) chunks.push(chunk);
        kept += chunk.length;
      });
      const finish = () =>
        done({
          status: response.statusCode ?? null,
          contentType: String(response.headers["content-type"] ?? ""),
          location: String(response.headers.location ?? ""),
          retryAfter: String(response.headers["retry-after"] ?? ""),
          body: Buffer.concat(chunks).toString("utf8").slice(0, KEEP_BODY),
        });
      response.on("end", finish);
      // The server may close right after refusing a body it did not read: the answer so far counts.
      response.on("error", finish);
      response.on("aborted", finish);
    });
    const timer = setTimeout(() => {
      none(`no answer within ${timeoutMs} ms`);
      request.destroy();
    }, timeoutMs);
    // A write error after the server has answered (it refused the rest of the body) is not a failure.
    request.on("error", (error) => setTimeout(() => none(`connection: ${error.message}`), 50));
    writeBody(request, c).catch(() => {});
  });
}

async function writeBody(request: http.ClientRequest, c: HostileCase): Promise<void> {
  const body = c.body;
  if (!body) return void request.end();
  if (body.kind === "bytes") return void request.end(body.bytes);
  if (body.kind !== "stream") return void request.end();
  for (let i = 0; i < body.repeat; i++) {
    if (request.destroyed) return;
    if (!request.write(body.chunk)) await new Promise((r) => request.once("drain", r));
  }
  request.end();
}

/** The first response on a raw connection: status line, headers, and the body (de-chunked when chunked). */
function sendRaw(baseUrl: string, bytes: Uint8Array, timeoutMs: number): Promise<Answer> {
  const url = new URL(baseUrl);
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(bytes));
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseRawResponse(Buffer.concat(chunks)), latencyMs: performance.now() - started, ...(error ? { error } : {}) });
    };
    const timer = setTimeout(() => finish(`no complete answer within ${timeoutMs} ms`), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (rawResponseComplete(Buffer.concat(chunks))) finish();
    });
    socket.on("end", () => finish());
    socket.on("error", (error) => finish(`connection: ${error.message}`));
  });
}

function splitHead(buffer: Buffer): { head: string; rest: Buffer } | null {
  const end = buffer.indexOf("\r\n\r\n");
  return end < 0 ? null : { head: buffer.subarray(0, end).toString("latin1"), rest: buffer.subarray(end + 4) };
}

function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head);
  return match ? match[1].trim() : "";
}

function rawResponseComplete(buffer: Buffer): boolean {
  const parts = splitHead(buffer);
  if (!parts) return false;
  const length = header(parts.head, "content-length");
  if (length) return parts.rest.length >= Number(length);
  if (/chunked/i.test(header(parts.head, "transfer-encoding"))) return parts.rest.includes("0\r\n\r\n");
  return false;
}

export function parseRawResponse(buffer: Buffer): Omit<Answer, "latencyMs"> {
  const parts = splitHead(buffer);
  if (!parts) return { status: null, contentType: "", location: "", body: "", retryAfter: "", error: "no response head" };
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(parts.head)?.[1] ?? NaN);
  let body = parts.rest;
  if (/chunked/i.test(header(parts.head, "transfer-encoding"))) {
    const out: Buffer[] = [];
    let at = 0;
    for (;;) {
      const eol = body.indexOf("\r\n", at);
      if (eol < 0) break;
      const size = parseInt(body.subarray(at, eol).toString("latin1"), 16);
      if (!size) break;
      out.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(out);
  }
  return {
    status: Number.isFinite(status) ? status : null,
    contentType: header(parts.head, "content-type"),
    location: header(parts.head, "location"),
    retryAfter: header(parts.head, "retry-after"),
    body: body.toString("utf8").slice(0, KEEP_BODY),
  };
}

/** Why an answer does not meet the case's expectation, or null when it does. */
export function judge(c: HostileCase, answer: Answer): string | null {
  if (answer.status === null) return answer.error ?? "no answer";
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 160)}`;
  if (c.mustContain !== undefined && !answer.body.includes(c.mustContain)) return `answered ${answer.status} without "${c.mustContain}"`;
  if (c.expect === "redirect") {
    if (answer.status !== 303 || !/[?&]error=/.test(answer.location)) return `expected a 303 to a page naming the reason, got ${answer.status} ${answer.location}`;
    return null;
  }
  if (c.expect === "safe") return answer.body.length > 0 ? null : `answered ${answer.status} with an empty body`;
  if (answer.status < 400) return `accepted (${answer.status}): ${answer.body.slice(0, 160)}`;
  if (c.parserAnswer) return null;
  if (c.page) return answer.body.trim().length > 0 ? null : `answered ${answer.status} with an empty body`;
  return hasMessage(answer.body) ? null : `answered ${answer.status} without a JSON message: ${answer.body.slice(0, 160)}`;
}

function hasMessage(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
    const message = parsed.error ?? parsed.message;
    return typeof message === "string" && message.trim().length > 0;
  } catch {
    return false;
  }
}
