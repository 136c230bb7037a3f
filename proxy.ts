// Runs before every page request (Next 16's successor to middleware). Two jobs, each in its own module:
// refuse a malformed form/action POST with a 400 before Next's action handler fails on it with a 500, and
// give every page a fresh Content-Security-Policy nonce that Next puts on its own inline scripts.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce } from "@/lib/http/content-security-policy";
import { refuseMalformedPagePost, refuseMalformedPath } from "@/lib/http/page-post-guard";

export async function proxy(request: NextRequest): Promise<Response> {
  // Every route, the API included: Next's router answers a malformed percent-escape in the path with a 500.
  const badPath = refuseMalformedPath(request);
  if (badPath) return badPath;
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();

  const refusal = await refuseMalformedPagePost(request);
  if (refusal) return refusal;

  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce);
  // Next reads the policy from the request to find the nonce for the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // The JSON API passes only the path check (its headers come from next.config.js, it needs no nonce);
  // static files carry no inline scripts, so they need no nonce.
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)" }],
};
