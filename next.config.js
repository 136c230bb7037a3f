// @ts-check
// Response headers: the ones every response carries, and the static policy of the JSON API. Pages get
// their Content-Security-Policy (with a per-request nonce) from proxy.ts instead — a second CSP header
// here would be enforced on top of it, so the static one is limited to /api. SECURITY.md explains each.

/** Every response: no MIME sniffing, no Referer beyond this origin, no framing, no powerful features. */
const COMMON_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  // frame-ancestors 'none' in the CSPs says this to current browsers; this is for older ones.
  { key: "X-Frame-Options", value: "DENY" },
  // A window this lab opens, or that opens it, gets no handle on the other (no window.opener tricks).
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  // Other sites cannot embed the lab's responses (API JSON, downloads, scripts) as no-cors subresources.
  { key: "Cross-Origin-Resource-Policy", value: "same-origin" },
  // Only features Chromium knows (an unknown name is logged as a console error on every page).
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
];

/**
 * The API answers with data, never documents: nothing in a response may load or run, even if a browser
 * is tricked into rendering one (sandbox also gives it an opaque origin without cookies or storage).
 * A route handler's own CSP header is dropped by Next when this one is present, so this one must be
 * at least as strict as any route's (the source-file download asks for `default-src 'none'; sandbox`).
 */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * HSTS only when the request came through a TLS-terminating proxy that says so. Over plain http browsers
 * ignore it anyway; and sending it for https on `localhost` would pin every port of localhost to https
 * in that browser for a year, breaking every other local http service the researcher runs.
 */
const HSTS = { key: "Strict-Transport-Security", value: "max-age=31536000" };

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: load it from node_modules at run time, never bundle it.
  serverExternalPackages: ["better-sqlite3"],
  poweredByHeader: false,
  // gzip of responses in this process (Next's default). HARNESS_LAB_COMPRESS=0 leaves it to a proxy in front
  // (README, deployment): under ingest load the gzip of pages and JSON took ≈ 8 % of the request thread.
  compress: process.env.HARNESS_LAB_COMPRESS !== "0",
  typedRoutes: false,
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
