// A refused request's body is read to its end before the refusal is returned (so a client still sending reads
// the answer instead of a reset), a body that never ends is cut after the time bound, and the readers that stop
// at a limit leave the rest to be drained instead of cancelling it.
import { describe, expect, it } from "vitest";
import { drainingBody, drainUnreadBody } from "./drain-body";
import { readLimited } from "./read-limited";
import { readJsonBody } from "./read-json-body";
import { readEventBody } from "../services/ingest/read-event-body";
import { z } from "zod";

/** A body of `chunks` chunks that records how far it was read and whether it was cancelled. */
function countedBody(chunks: number, size = 1024) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
    cancel() {
      seen.cancelled = true;
    },
  }, { highWaterMark: 0 });
  return { stream, seen };
}

function post(body: ReadableStream<Uint8Array>, headers: Record<string, string> = { "content-type": "application/json" }): Request {
  return new Request("http://localhost/api/v1/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("drainingBody", () => {
  it("reads a body the handler refused unread to its end, then returns the handler's answer", async () => {
    const { stream, seen } = countedBody(50);
    const handler = drainingBody(async () => new Response("no", { status: 413 }));
    const response = await handler(post(stream));
    expect(response.status).toBe(413);
    expect(seen).toEqual({ pulled: 50, cancelled: false });
  });

  it("passes the route's other arguments through and leaves a body the handler read alone", async () => {
    const { stream, seen } = countedBody(3);
    const handler = drainingBody(async (request: Request, context: { id: string }) => new Response(`${(await request.arrayBuffer()).byteLength} ${context.id}`));
    expect(await (await handler(post(stream), { id: "r1" })).text()).toBe("3072 r1");
    expect(seen.pulled).toBe(3);
  });
});

describe("drainUnreadBody", () => {
  it("cancels a body that does not end once the time bound has passed", async () => {
    const seen = { cancelled: false };
    const endless = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => {}), // the client sends nothing more and does not close
      cancel() {
        seen.cancelled = true;
      },
    });
    const started = Date.now();
    await drainUnreadBody(post(endless), 50);
    expect(seen.cancelled).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });

  it("does nothing without a body", async () => {
    await expect(drainUnreadBody(new Request("http://localhost/x"))).resolves.toBeUndefined();
  });
});

describe("readers that stop at a limit", () => {
  it("readLimited with leaveRest releases the body past the limit, so the rest can be drained", async () => {
    const { stream, seen } = countedBody(20);
    const request = post(stream);
    expect(await readLimited(request.body, 4 * 1024, { leaveRest: true })).toBeNull();
    expect(seen.cancelled).toBe(false);
    await drainUnreadBody(request);
    expect(seen.pulled).toBe(20);
  });

  it("readLimited without it cancels (the page-POST guard reads a clone)", async () => {
    const { stream, seen } = countedBody(20);
    expect(await readLimited(stream, 4 * 1024)).toBeNull();
    await Promise.resolve();
    expect(seen.cancelled).toBe(true);
  });

  it("readJsonBody refuses a streamed body over its limit and leaves the rest to drain", async () => {
    const { stream, seen } = countedBody(20);
    const request = post(stream);
    const read = await readJsonBody(request, z.unknown(), { maxBytes: 4 * 1024, expected: "JSON" });
    expect(read).toMatchObject({ ok: false, refusal: { kind: "too_large" } });
    await drainUnreadBody(request);
    expect(seen).toEqual({ pulled: 20, cancelled: false });
  });

  it("readEventBody refuses a streamed body over the limit and leaves the rest to drain", async () => {
    const { stream, seen } = countedBody(20);
    const request = post(stream);
    const read = await readEventBody(request, { maxBodyBytes: 4 * 1024, maxEventBytes: 1024, inMemoryBytes: 0 });
    expect(read).toMatchObject({ ok: false, status: 413 });
    await drainUnreadBody(request);
    expect(seen).toEqual({ pulled: 20, cancelled: false });
  });
});
