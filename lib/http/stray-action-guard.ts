// A server action can be posted to any path: Next treats every POST carrying a Next-Action header as one.
// Only pages have actions, so a Next-Action POST to a path that is no page — the JSON API, Next's own static
// files, /favicon.ico — is forged, and Next answers it with a 500. The proxy's matcher sends every such
// request here (proxy.ts), and here it gets a 4xx that says why: 403 from another origin, as on pages,
// and 404 naming the header from this one.
import { refuseCrossOriginPagePost } from "./cross-origin-guard";

/** Paths no page is served at: route handlers of the API and Next's static files. */
function isNotAPage(pathname: string): boolean {
  return pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/_next/") || pathname === "/favicon.ico";
}

export function refuseStrayServerAction(request: Request): Response | null {
  if (request.method.toUpperCase() !== "POST" || !request.headers.has("next-action")) return null;
  const { pathname } = new URL(request.url);
  if (!isNotAPage(pathname)) return null;
  return (
    refuseCrossOriginPagePost(request) ??
    Response.json({ error: `next-action: there is no server action at ${pathname.slice(0, 200)}; actions are posted to pages` }, { status: 404, headers: { "cache-control": "no-store" } })
  );
}
