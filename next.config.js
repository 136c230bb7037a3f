// @ts-check
// Response headers: the ones every response carries, and the static policy of the JSON API. Pages get
// their Content-Security-Policy (with a per-request nonce) from proxy.ts instead — a second CSP header
// here would be enforced on top of it, so the static one is limited to /api. SECURITY.md explains each. The
// headers themselves are in lib/http/security-headers.mjs: the direct ingest door (lib/services/server/direct-ingest.ts)
// sends them too.
import { API_CONTENT_SECURITY_POLICY, COMMON_HEADERS, HSTS } from "./lib/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // gzip of responses in this process (Next's default). HARNESS_LAB_COMPRESS=0 leaves it to a proxy in front
  // (README, deployment): under ingest load the gzip of pages and JSON took ≈ 8 % of the request thread.
  compress: process.env.HARNESS_LAB_COMPRESS !== "0",
  typedRoutes: false,
  // `npm test` typechecks the whole tree (tsc --noEmit) before it builds, and says so with this variable: the build's
  // own pass over the same files took 29 s of CI. Every other build (npm start, npm run test:e2e) still checks.
  typescript: { ignoreBuildErrors: process.env.HARNESS_LAB_TYPECHECKED === "1" },
  // The CSS inside each page's HTML rather than three render-blocking requests: the first paint (the server-drawn
  // curves included) no longer waits for a busy server to answer them, nor for the scripts that arrive meanwhile
  // (BENCHMARKS.md, issue 19). Read at build time.
  experimental: {
    inlineCss: true,
  },
  async headers() {
    return [
      { source: "/:path*", headers: COMMON_HEADERS },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [HSTS] },
      // The one-time token is in this URL: it must not travel on in a Referer header. (The route sets
      // this itself, but Next drops a route's header when the config already set the same one.)
      { source: "/sign-in/link", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
};

export default nextConfig;
