// A validated batch as ONE buffer of UTF-8 JSON texts, one per event, with where each ends. The parse worker
// builds it and the buffer is moved (transferred, not copied) to the request thread and on to the writer
// thread. As an array of strings the batch was structured-cloned twice — serialised and rebuilt in every
// thread it passed — and 3 MB of strings per request lived on the request thread's heap until the writer
// answered, long enough to be promoted and swept by full collections.

export interface PackedJson {
  bytes: Uint8Array;
  /** Byte offset just past each text, in order. */
  ends: number[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8");

export function packJson(texts: readonly string[]): PackedJson {
  // Sized for ASCII (the common case: one byte per UTF-16 code unit); other text grows the buffer.
  let room = 0;
  for (const text of texts) room += text.length;
  let bytes = new Uint8Array(room);
  const ends: number[] = [];
  let at = 0;
  for (const text of texts) {
    let done = encoder.encodeInto(text, bytes.subarray(at));
    // Only non-ASCII text can overflow the estimate: grow and write this text again.
    while (done.read < text.length) {
      const bigger = new Uint8Array(2 * bytes.length + 3 * text.length);
      bigger.set(bytes.subarray(0, at));
      bytes = bigger;
      done = encoder.encodeInto(text, bytes.subarray(at));
    }
    at += done.written;
    ends.push(at);
  }
  // A view of exactly the used bytes; its buffer is what gets transferred.
  return { bytes: bytes.subarray(0, at), ends };
}

/** The texts back, one at a time. */
export function* unpackJson(packed: PackedJson): Generator<string> {
  let start = 0;
  for (const end of packed.ends) {
    yield decoder.decode(packed.bytes.subarray(start, end));
    start = end;
  }
}

/** The values back, each text parsed as the caller reaches it. */
export function* parsePackedJson(packed: PackedJson): Generator<unknown> {
  for (const text of unpackJson(packed)) yield JSON.parse(text);
}

/** The buffer to put in postMessage's transfer list. */
export function packedTransfer(packed: PackedJson): ArrayBuffer[] {
  return [packed.bytes.buffer as ArrayBuffer];
}
