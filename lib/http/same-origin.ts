// Is a state-changing request from a page of this very origin? Browsers send Origin on every cross-origin
// POST (and on same-origin ones), and a page cannot forge it; so comparing it with the host the request
// was sent to stops another site — or another port or subdomain of this one, which SameSite=Lax cookies
// do not stop — from making the researcher's browser write with their session.
// The host is X-Forwarded-Host when a proxy in front says so, else Host: the same rule Next's own check
// of server actions uses, so a TLS proxy in front must pass one of them through (SECURITY.md).

interface HeaderSource {
  get(name: string): string | null;
}

/** Without an Origin header there is nothing to compare: not a browser, or one too old to matter. */
export function isSameOrigin(headers: HeaderSource, url?: string): boolean {
  const origin = headers.get("origin");
  if (origin === null) return true;
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0].trim();
  const host = forwarded || headers.get("host") || (url ? new URL(url).host : "");
  if (!host) return false;
  try {
    // "null" (sandboxed frames, some redirects) does not parse as a URL and is refused.
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
