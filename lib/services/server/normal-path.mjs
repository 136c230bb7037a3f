// The one spelling of a request's path, for deciding where the request goes (page-proxy.mjs). Next resolves the
// address a browser sends the way a URL parser does: "/./sign-in/link", "/%2e/sign-in/link" and "/x/../sign-in/link"
// all run the sign-in link, and "//sign-in/link" or "/sign-in\link" are redirected to it. A filter comparing the
// path as sent let these past (issue 36 item 5); one comparing this normal form cannot be spelled around.
//
// Plain JavaScript, as serve-http.mjs, which loads it.

// Characters a URL never needs escaped (RFC 3986 §2.3), and the separators: an escape of one of these is read as
// the character itself by some parser on the way (%2e is a dot to the WHATWG URL parser, and so a dot segment).
const READ_AS_ITSELF = /^[A-Za-z0-9\-._~/\\]$/;

/**
 * The normal form of the path `raw`: escapes of unreserved characters, slashes and backslashes decoded (any other
 * escape written in capitals), backslashes read as slashes, empty and "." segments dropped, ".." resolved, no
 * trailing slash. null for what no browser sends and no normal form exists for: not starting with "/", a bad
 * escape, a space, control or non-ASCII character, or a "#".
 */
export function normalPathname(raw) {
  if (!raw.startsWith("/") || /[^\x21-\x7e]|#/.test(raw)) return null;
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return null;
  const decoded = raw.replace(/%([0-9A-Fa-f]{2})/g, (_, hex) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return READ_AS_ITSELF.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  const segments = [];
  for (const segment of decoded.replaceAll("\\", "/").split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}`;
}
