// Splits a whole in-memory body (a JSON array of event objects, or NDJSON) into the bytes of each event,
// so each is decoded and parsed on its own. Why: a 3 MB batch decoded as one string is a V8 large object,
// and creating it cost ≈ 25× more CPU than decoding the same bytes as 100 strings of 32 KB (0.17 vs
// 0.007 ms per 32 KB rollout, measured in-process); the parse worker's 15 % "UTF-8 decoding" was that.
//
// Only the plain shapes are split; anything else (a byte-order mark, a non-object element, a missing
// comma, trailing content) answers null, and the caller parses the whole body as before, so every refusal
// keeps its wording. The pieces are views into `bytes` (no copy).

const BRACKET_OPEN = 0x5b, BRACKET_CLOSE = 0x5d, BRACE_OPEN = 0x7b, BRACE_CLOSE = 0x7d;
const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, NEWLINE = 0x0a;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/** The event objects of `bytes`, or null when the body is not a plain array of objects or NDJSON of objects. */
export function splitEventBytes(bytes: Uint8Array): Uint8Array[] | null {
  let i = 0;
  while (i < bytes.length && isSpace(bytes[i])) i++;
  if (i === bytes.length) return null;
  if (bytes[i] === BRACKET_OPEN) return splitArray(bytes, i + 1);
  if (bytes[i] === BRACE_OPEN) return splitLines(bytes, i);
  return null;
}

/** The end (exclusive) of the object starting at `start`, skipping strings with indexOf; -1 if it never closes. */
function objectEnd(bytes: Uint8Array, start: number): number {
  let depth = 0;
  for (let i = start; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === QUOTE) {
      // The closing quote is the next one not escaped by an odd run of backslashes.
      let q = i;
      for (;;) {
        q = bytes.indexOf(QUOTE, q + 1);
        if (q === -1) return -1;
        let slashes = 0;
        while (bytes[q - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = q;
    } else if (b === BRACE_OPEN || b === BRACKET_OPEN) depth++;
    else if (b === BRACE_CLOSE || b === BRACKET_CLOSE) {
      if (--depth === 0) return i + 1;
    }
  }
  return -1;
}

function splitArray(bytes: Uint8Array, from: number): Uint8Array[] | null {
  const pieces: Uint8Array[] = [];
  let i = from;
  for (;;) {
    while (i < bytes.length && isSpace(bytes[i])) i++;
    if (bytes[i] !== BRACE_OPEN) return null;
    const end = objectEnd(bytes, i);
    if (end === -1) return null;
    pieces.push(bytes.subarray(i, end));
    i = end;
    while (i < bytes.length && isSpace(bytes[i])) i++;
    if (bytes[i] === COMMA) {
      i++;
      continue;
    }
    if (bytes[i] !== BRACKET_CLOSE) return null;
    for (i++; i < bytes.length; i++) if (!isSpace(bytes[i])) return null;
    return pieces;
  }
}

function splitLines(bytes: Uint8Array, from: number): Uint8Array[] | null {
  const pieces: Uint8Array[] = [];
  let start = from;
  while (start < bytes.length) {
    let end = bytes.indexOf(NEWLINE, start);
    if (end === -1) end = bytes.length;
    let a = start, b = end;
    while (a < b && isSpace(bytes[a])) a++;
    while (b > a && isSpace(bytes[b - 1])) b--;
    if (a < b) {
      if (bytes[a] !== BRACE_OPEN) return null;
      pieces.push(bytes.subarray(a, b));
    }
    start = end + 1;
  }
  return pieces;
}
