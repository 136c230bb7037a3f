// POST /api/v1/session {username, password}: sign in from a script or the CLI and get the session cookie.
// The same function as the sign-in form (lib/services/auth/sign-in.ts): 200 + cookie, 400 naming the field,
// 401 for a wrong pair, 429 with Retry-After once the rate limit is reached, 403 from another origin.
import { getStore } from "@/db/client";
import { isHttps, SESSION_COOKIE, sessionCookieOptions } from "@/lib/services/auth/sessions";
import { clientIp, signInWithPassword } from "@/lib/services/auth/sign-in";
import { z } from "zod";
import { jsonResponse, refusalResponse } from "@/lib/http/json-response";
import { drainingBody } from "@/lib/http/drain-body";
import { refusalKindOf } from "@/lib/http/refusal";
import { readJsonBody } from "@/lib/http/read-json-body";
import { isSameOrigin } from "@/lib/http/same-origin";

export const dynamic = "force-dynamic";

/** A username and a password fit in far less; a bigger body is not a sign-in. */
const MAX_BODY_BYTES = 16 * 1024;

// Refusals reach a client that is still sending: the unread body is drained first (lib/http/drain-body.ts).
export const POST = drainingBody(post);

async function post(request: Request): Promise<Response> {
  // A page of another origin must not be able to sign the browser in (login CSRF).
  if (!isSameOrigin(request.headers, request.url)) return refusalResponse({ kind: "forbidden", error: "origin: cross-origin request refused", field: "origin" });
  // The fields are checked by signInWithPassword, the same function as the form's.
  const body = await readJsonBody(request, z.unknown(), { maxBytes: MAX_BODY_BYTES, expected: "a JSON object {username, password}", requireJsonType: true });
  if (!body.ok) return refusalResponse(body.refusal);
  const result = await signInWithPassword(getStore(), body.data, clientIp(request.headers));
  if (result.ok) {
    const response = jsonResponse({ user: { id: result.user.id, username: result.user.username, role: result.user.role }, expiresAt: result.session.expiresAt });
    const options = sessionCookieOptions(isHttps(request.headers, request.url), result.session.expiresAt);
    response.headers.append("set-cookie", serializeCookie(SESSION_COOKIE, result.session.value, options));
    return response;
  }
  if (result.status === 429) return refusalResponse({ kind: "too_many", error: result.error }, { "retry-after": String(result.retryAfterSeconds) });
  return refusalResponse({ kind: refusalKindOf(result.status), error: result.error, ...(result.status === 400 ? { field: result.field } : {}) });
}

function serializeCookie(name: string, value: string, options: ReturnType<typeof sessionCookieOptions>): string {
  return [`${name}=${encodeURIComponent(value)}`, "Path=/", `Expires=${options.expires.toUTCString()}`, "HttpOnly", "SameSite=Lax", ...(options.secure ? ["Secure"] : [])].join("; ");
}
