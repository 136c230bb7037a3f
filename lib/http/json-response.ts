// JSON responses of the API in one shape: data as is, failures as { error, errors? } with a 4xx.
import { REFUSAL_STATUS, type Refusal } from "./refusal";

export function jsonResponse(data: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(data), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function errorResponse(status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return jsonResponse({ error, ...extra }, status, headers);
}

/** The one place a refusal becomes an HTTP answer: its kind's status, `{ error, field?, …extra }`. */
export function refusalResponse(refusal: Refusal, headers: Record<string, string> = {}): Response {
  return errorResponse(REFUSAL_STATUS[refusal.kind], refusal.error, { ...(refusal.field ? { field: refusal.field } : {}), ...refusal.extra }, headers);
}
