// A request body read whole, but never more than a limit: a chunked upload has no Content-Length to check
// first, so the bytes are counted as they stream and the read stops once they pass it.
// Used by the page-POST guard (on a clone of the request), the import upload route and readJsonBody.

/**
 * The body's bytes, or null once they pass `limit`. An absent body is empty. Past the limit the stream is
 * cancelled, or with `leaveRest` only released, so the route can drain the rest before it answers
 * (lib/http/drain-body.ts): cancelling would close the connection under a client that is still sending.
 */
export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number, options: { leaveRest?: boolean } = {}): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      if (options.leaveRest) {
        reader.releaseLock();
        return null;
      }
      // Not awaited: cancelling one branch of a cloned (tee'd) body settles only once the other branch is
      // cancelled too, so awaiting it here would hang the request.
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
