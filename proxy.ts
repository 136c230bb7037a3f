// Runs before every page request and every bodiless API request (Next 16's successor to middleware). Its
// jobs, each in its own module: refuse a path with a malformed percent-escape (400), refuse a form/action
// POST from another origin (403) or a malformed one (400/413/415), and a server action posted where no page
// is (403/404), all before Next's own handling fails on them with a 500, and give every page a fresh
// Content-Security-Policy nonce that Next puts on its scripts.
import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, createNonce } from "@/lib/http/content-security-policy";
import { refuseCrossOriginPagePost } from "@/lib/http/cross-origin-guard";
import { refuseMalformedPagePost, refuseMalformedPath } from "@/lib/http/page-post-guard";
import { refuseStrayServerAction } from "@/lib/http/stray-action-guard";
import { drainUnreadBody } from "@/lib/http/drain-body";

export async function proxy(request: NextRequest): Promise<Response> {
  const refusal = await refusalOf(request);
  if (refusal) {
    // A client may still be sending the body: read it first, so the refusal reaches it (lib/http/drain-body.ts).
    await drainUnreadBody(request);
    return refusal;
  }
  if (request.nextUrl.pathname.startsWith("/api/")) return NextResponse.next();

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
  // Pages (static files carry no inline scripts, so they need no nonce).
  // The JSON API only for the path check, and only requests without a body: for a matched request with a
  // body Next buffers a copy for the proxy and hands the route at most 10 MB of it (proxyClientMaxBodySize),
  // which would cut ingestion bodies short and make a Content-Length lie hang.
  // And every path at all for a request carrying Next-Action: Next takes any such POST for a server action,
  // wherever it is posted, and fails on one outside a page with a 500 (lib/http/stray-action-guard.ts).
  // Scripts posting to the API never send that header, so their bodies stay out of the proxy.
  matcher: [
    { source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" },
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
    { source: "/api/:path*", missing: [{ type: "header", key: "content-length" }, { type: "header", key: "transfer-encoding" }] },
    { source: "/api/:path*", has: [{ type: "header", key: "content-length", value: "0" }] },
  ],
};

async function refusalOf(request: NextRequest): Promise<Response | null> {
  // Every route, the API included: Next's router answers a malformed percent-escape in the path with a 500.
  const badPath = refuseMalformedPath(request);
  if (badPath) return badPath;
  // A server action posted where no page is (the API, static files): 403 from another origin, else 404.
  const strayAction = refuseStrayServerAction(request);
  if (strayAction) return strayAction;
  if (request.nextUrl.pathname.startsWith("/api/")) return null;
  return refuseCrossOriginPagePost(request) ?? (await refuseMalformedPagePost(request));
}
