// The file name offered when an imported original is downloaded. The stored name comes from the
// producer (a relative path, any characters); the header gets a plain ASCII fallback and the exact
// base name encoded per RFC 6266 / 5987, so no quote, newline or path can break out of it.

const FALLBACK = "source-file";

/** The last path segment with anything outside [A-Za-z0-9._-] replaced, no leading dots, at most 180 chars. */
export function safeDownloadName(name: string): string {
  const base = name.split(/[\\/]/).filter(Boolean).pop() ?? "";
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^[._]+/, "").slice(0, 180);
  return safe.length > 0 ? safe : FALLBACK;
}

export function contentDisposition(name: string): string {
  const base = name.split(/[\\/]/).filter(Boolean).pop() ?? "";
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987 attr-char does not allow ' ( ) *.
  const exact = encodeURIComponent(base.slice(0, 180)).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const fallback = safeDownloadName(name);
  return exact.length > 0 ? `attachment; filename="${fallback}"; filename*=UTF-8''${exact}` : `attachment; filename="${fallback}"`;
}
