// Authentication for route handlers: a bearer token or the session cookie, checked against the scope
// the route needs. Failures are typed here and answered as the API's one refusal (authErrorResponse).
import "server-only";
import { getStore, type Store } from "../../../db/client";
import type { TokenScope } from "../../domain/vocabulary";
import { refusalResponse } from "../../http/json-response";
import { isSameOrigin } from "../../http/same-origin";
import { verifyBearer, type BearerError } from "./api-tokens";
import { hasScope, userPrincipal, type Principal } from "./pure/principal";
import { getSessionUser, readCookie, SESSION_COOKIE } from "./sessions";

export type AuthResult = { ok: true; principal: Principal } | { ok: false; status: 401 | 403; message: string };

/** Why a bearer token was refused, the same words wherever a token is read (Authorization, X-API-Key). */
export const BEARER_MESSAGES: Record<BearerError, string> = {
  invalid: "invalid token",
  expired: "token expired",
  revoked: "token revoked",
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** What authentication reads of a request: a web Request, or a Node request seen through `{ get }` (lib/services/server/direct-ingest.ts). */
export interface RequestHead {
  method: string;
  url: string;
  headers: { get(name: string): string | null };
}

export async function authenticateRequest(request: RequestHead, scope: TokenScope, store: Store = getStore()): Promise<AuthResult> {
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

/** A failed AuthResult as the API's one refusal: JSON `{ error }`, and a Bearer challenge on 401. */
export function authErrorResponse(result: Extract<AuthResult, { ok: false }>): Response {
  if (result.status === 401) return refusalResponse({ kind: "unauthenticated", error: result.message }, { "www-authenticate": `Bearer realm="harness-lab"` });
  return refusalResponse({ kind: "forbidden", error: result.message });
}
