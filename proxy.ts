// Runs before every page request (Next 16's successor to middleware). Three jobs, each in its own module:
// refuse a form/action POST from another origin with a 403 and a malformed one with a 400, both before
// Next's action handler fails on them with a 500, and give every page a fresh Content-Security-Policy
// nonce that Next puts on its own inline scripts.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce } from "@/lib/http/content-security-policy";
import { refuseCrossOriginPagePost } from "@/lib/http/cross-origin-guard";
import { refuseMalformedPagePost } from "@/lib/http/page-post-guard";

export async function proxy(request: NextRequest): Promise<Response> {
  const refusal = refuseCrossOriginPagePost(request) ?? (await refuseMalformedPagePost(request));
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
  // The JSON API answers with data, not documents (its headers come from next.config.js); static files
  // carry no inline scripts, so they need no nonce.
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};
