// Reads and discards what a route did not read of its request's body before the answer goes out.
//
// Why: `next start` closes a connection that asked for "Connection: close" (Python's urllib, Node's http without
// an agent) as soon as the answer is written. When the route refused the body without reading it (413 from the
// declared length, 401 for a bad token, 429 with a full queue), the client is still sending, and closing a socket
// with unread bytes makes the kernel reset the connection. The client's write then fails (EPIPE) and the reset
// often discards the answer before the client reads it: the producer sees a broken connection instead of the 413
// that tells it to split the batch (measured: 11–15 % of 4 MB bodies over a 2 MB limit). Reading the rest first
// lets the client finish sending and read the answer, what other servers call a lingering close.
//
// The time bound keeps a body that never ends (or a very large one on a slow link) from holding the request:
// past it the rest is cancelled and the old race is back, only for bodies that are far too large anyway.

export const DRAIN_BODY_MS = 2_000;

/** Reads from `reader` until the body ends or `ms` pass, then cancels what is left. Never throws. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, ms = DRAIN_BODY_MS): Promise<void> {
  const deadline = setTimeout(() => void reader.cancel().catch(() => {}), ms);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } catch {
    // The connection went away: nothing left to drain.
  } finally {
    clearTimeout(deadline);
  }
}

/** Drains the request's body unless something holds it (a reader) — a body read to its end drains at once. */
export async function drainUnreadBody(request: Request, ms = DRAIN_BODY_MS): Promise<void> {
  const body = request.body;
  if (!body || body.locked) return;
  await discardRest(body.getReader(), ms);
}

/** A route handler whose refusals reach the client: the unread body is drained before the answer is returned. */
export function drainingBody<A extends unknown[]>(handler: (request: Request, ...rest: A) => Promise<Response>): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await handler(request, ...rest);
    await drainUnreadBody(request);
    return response;
  };
}
