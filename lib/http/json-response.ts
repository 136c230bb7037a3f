// JSON responses of the API in one shape: data as is, failures as { error, errors? } with a 4xx.
import { REFUSAL_STATUS, type Refusal } from "./refusal";

/**
 * Bodies smaller than this are sent as they are, never gzipped: gzip saves nothing on them, and the server's
 * gzip (Next's `compress`, whose own 1 KB threshold needs a Content-Length that Next drops from route answers)
 * cost the request thread about half a millisecond per answer, a producer's 60-byte "applied" included
 * (a CPU profile under the concurrency run's 32 producers: 1.1 s of 7 s of that thread).
 */
export const UNCOMPRESSED_BELOW_BYTES = 1024;

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify(data);
  // "no-transform" is the one signal the server's gzip honours per answer (and so must any proxy).
  const cacheControl = Buffer.byteLength(body) < UNCOMPRESSED_BELOW_BYTES ? "no-store, no-transform" : "no-store";
  return new Response(body, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": cacheControl, ...headers },
  });
}

export function errorResponse(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error, ...extra }, status, headers);
}

/** The one place a refusal becomes an HTTP answer: its kind's status, `{ error, field?, …extra }`. */
export function refusalResponse(refusal: Refusal, headers: Record<string, string> = {}): Response {
  return errorResponse(REFUSAL_STATUS[refusal.kind], refusal.error, { ...(refusal.field ? { field: refusal.field } : {}), ...refusal.extra }, headers);
}
