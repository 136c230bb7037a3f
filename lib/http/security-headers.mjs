// @ts-check
// The response headers the server adds to what routes answer, in one place for the two doors a request can come
// through: next.config.js gives them to Next's router, and the direct ingest door (lib/services/server/direct-ingest.ts),
// which answers producers' batches beside that router, sends the same. Plain JavaScript: next.config.js is loaded
// by Node itself, without TypeScript. SECURITY.md explains each header.

/** Every response: no MIME sniffing, no Referer beyond this origin, no framing, no powerful features. */
export const COMMON_HEADERS = [
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
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * HSTS only when the request came through a TLS-terminating proxy that says so. Over plain http browsers
 * ignore it anyway; and sending it for https on `localhost` would pin every port of localhost to https
 * in that browser for a year, breaking every other local http service the researcher runs.
 */
export const HSTS = { key: "Strict-Transport-Security", value: "max-age=31536000" };

/**
 * The headers an answer under /api carries, as next.config.js has Next add them.
 * @param {string | undefined} forwardedProto the request's X-Forwarded-Proto
 * @returns {Record<string, string>}
 */
export function apiSecurityHeaders(forwardedProto) {
  const headers = [...COMMON_HEADERS, { key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }, ...(forwardedProto === "https" ? [HSTS] : [])];
  return Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value]));
}
