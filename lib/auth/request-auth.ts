// Authentication for route handlers: a bearer token or the session cookie, checked against the scope
// the route needs. Failures are typed here and mapped to HTTP in one place (authErrorResponse).
import "server-only";
import { getStore, type Store } from "../../db/client";
import type { TokenScope } from "../domain/vocabulary";
import { isSameOrigin } from "../http/same-origin";
import { verifyBearer, type BearerError } from "./api-tokens";
import { hasScope, userPrincipal, type Principal } from "./pure/principal";
import { getSessionUser, readCookie, SESSION_COOKIE } from "./sessions";

export type AuthResult = { ok: true; principal: Principal } | { ok: false; status: 401 | 403; message: string };

const BEARER_MESSAGES: Record<BearerError, string> = {
  invalid: "invalid token",
  expired: "token expired",
  revoked: "token revoked",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export async function authenticateRequest(request: Request, scope: TokenScope, store: Store = getStore()): Promise<AuthResult> {
  const authorization = request.headers.get("authorization");
  let principal: Principal;
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return { ok: false, status: 401, message: "expected Authorization: Bearer <token>" };
    const verified = verifyBearer(store, match[1], undefined, scope);
    if (!verified.ok) return { ok: false, status: 401, message: BEARER_MESSAGES[verified.error] };
    principal = verified.principal;
  } else {
    const user = getSessionUser(store, readCookie(request.headers.get("cookie"), SESSION_COOKIE));
    if (!user) return { ok: false, status: 401, message: "sign in or send an API token (Authorization: Bearer <token>)" };
    // Cookies ride along on any request the browser makes; SameSite=Lax stops cross-site posts, and
    // this stops a different origin on the same site (another port or subdomain) from writing.
    if (!SAFE_METHODS.has(request.method.toUpperCase()) && !isSameOrigin(request.headers, request.url)) {
      return { ok: false, status: 403, message: "cross-origin request refused" };
    }
    principal = userPrincipal(user);
  }
  if (!hasScope(principal, scope)) {
    const who = principal.kind === "token" ? "token" : `role ${principal.role}`;
    return { ok: false, status: 403, message: `${who} lacks scope "${scope}"` };
  }
  return { ok: true, principal };
}

/** The one mapping from a failed AuthResult to HTTP: JSON `{ error }`, and a Bearer challenge on 401. */
export function authErrorResponse(result: Extract<AuthResult, { ok: false }>): Response {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
  if (result.status === 401) headers["www-authenticate"] = `Bearer realm="harness-lab"`;
  return new Response(JSON.stringify({ error: result.message }), { status: result.status, headers });
}
