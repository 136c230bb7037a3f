// Next 16 hands a page's dynamic params percent-encoded (get-dynamic-param.js applies
// encodeURIComponent to the decoded path segment), while route handlers get them decoded. Ids from
// importers hold ":", "/" and spaces, so a page decodes its param exactly once, here.

export function decodePageParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // Not produced by encodeURIComponent (Next never hands such a value); use it as it came.
    return value;
  }
}
