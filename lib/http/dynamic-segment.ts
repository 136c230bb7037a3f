// Reading ids out of dynamic route segments ([id], [step], [group]).
//
// Next 16 hands a page its params still percent-encoded, exactly as they appear in the address (probed
// against `next start`: /x/a%3Ab → "a%3Ab", and a literal /x/a:b arrives as "a%3Ab" too). Ids are built into
// addresses with encodeURIComponent (lib/http/page-links.ts), so one decode gives the stored id back, and a
// second would corrupt ids that hold "%" (e2e/task-page.spec.ts and e2e/grpo-groups.spec.ts use such ids).

/** The id a segment names, decoded once; null for a malformed escape (the page answers 404). */
export function idFromSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** A training step from its segment: a plain non-negative integer, or null (the page answers 404). */
export function stepFromSegment(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}
