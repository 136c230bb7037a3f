// The Content-Security-Policy of every page (proxy.ts sets it, with a fresh nonce per request). The policy
// is the last line against script injection: everything a model or producer wrote is rendered as text, and
// if a bug ever let some of it through as HTML, no script without this request's nonce would run.
// e2e/security-headers.spec.ts proves Monaco (diff + its worker), the charts (with the PNG export), the
// trajectory viewer, the proposal page and the sign-in page run under it without a single violation.
// (JSON API responses get a stricter static policy from next.config.js.)

/** 128 random bits, fresh for each page: guessing it is the only way past script-src. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export interface PolicyOptions {
  /** `next dev` only: React rebuilds server error stacks in the browser with eval. Never in production. */
  dev?: boolean;
}

export function contentSecurityPolicy(nonce: string, options: PolicyOptions = {}): string {
  const dev = options.dev ?? process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    // Next puts the nonce on its inline bootstrap scripts and on the chunk tags it renders (it reads the
    // nonce from this header on the request); 'strict-dynamic' then trusts the chunks those scripts load
    // (next/dynamic, Monaco's modules). A same-origin URL alone is not enough: with 'strict-dynamic',
    // CSP3 browsers ignore 'self', so an injected <script src="/…"> would not run either. 'self' stays
    // only as the fallback for browsers that predate 'strict-dynamic'.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Inline styles are unavoidable: Monaco writes <style> elements at run time (theme, decorations) and
    // recharts and our own components render style="" attributes (chart sizes, bar widths, editor
    // heights). A nonce here would make browsers ignore 'unsafe-inline' and break all of those. Styles
    // cannot run script; the risk left is CSS-based exfiltration of page text, which needs an attacker's
    // stylesheet and an allowed place to send it: img-src and connect-src only allow this origin.
    "style-src 'self' 'unsafe-inline'",
    // data: for inline SVG/PNG icons; blob: for the charts' PNG export, which draws each chart's SVG
    // from a blob URL onto a canvas.
    "img-src 'self' data: blob:",
    // Monaco's codicon font is bundled as a file under /_next/static/media.
    "font-src 'self'",
    // Monaco's web workers are bundled chunks loaded with new Worker(new URL(…)) from this origin
    // (components/editor/monaco-environment.ts); they are never built from blob: URLs.
    "worker-src 'self'",
    // The only servers the page talks to: this one (react-query polling, server actions, job logs).
    "connect-src 'self'",
    "object-src 'none'",
    // Nothing here uses <base>; refusing it stops an injected one from redirecting relative script URLs.
    "base-uri 'none'",
    "form-action 'self'",
    "frame-src 'none'",
    // Nothing may frame the dashboard (clickjacking on Approve/Launch); X-Frame-Options says the same to
    // older browsers.
    "frame-ancestors 'none'",
    // No upgrade-insecure-requests: the lab is usually reached over plain http on 127.0.0.1 or through an
    // SSH tunnel, where upgrading its own requests to https would break every one of them.
  ].join("; ");
}
