// The streamed path of ingestion (bodies over the in-memory limit), with limits shrunk to test sizes.
import { describe, expect, it } from "vitest";
import { readEventBody } from "./read-event-body";
import { openStore } from "../../../db/client";
import { applyValidatedEvents } from "../../../db/apply-events";
import { exampleEvents } from "../../events/examples";

const limits = { maxBodyBytes: 400_000, maxEventBytes: 50_000, inMemoryBytes: 1_000 };

/** A chunked request body (no content-length), delivered in small pieces like a slow upload. */
function streamingRequest(bytes: Uint8Array, chunk = 997, headers: Record<string, string> = {}): Request {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
  return new Request("http://x/api/v1/events", { method: "POST", body, headers: { "content-type": "application/x-ndjson", ...headers }, duplex: "half" } as RequestInit);
}

const ndjson = (events: unknown[]) => new TextEncoder().encode(events.map((e) => JSON.stringify(e)).join("\n"));

describe("readEventBody, streamed", () => {
  it("validates and spools a large body, then applies it from the spool", async () => {
    const events = [...exampleEvents("a"), ...exampleEvents("b")];
    const body = await readEventBody(streamingRequest(ndjson(events)), limits);
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    expect(body.count).toBe(events.length);
    const store = openStore(":memory:");
    const outcome = applyValidatedEvents(store, body.events, { arrivedVia: "local" });
    body.dispose();
    expect(outcome).toMatchObject({ ok: true, applied: { rollout: 8, experiment: 2 } });
  });

  it("keeps multi-byte characters intact across chunk boundaries", async () => {
    const events = exampleEvents("u").map((e) => (e.type === "experiment" ? { ...e, description: "✓ 🚀 héllo ".repeat(200) } : e));
    const body = await readEventBody(streamingRequest(ndjson(events), 7), limits);
    expect(body.ok).toBe(true);
    if (!body.ok) return;
    const store = openStore(":memory:");
    applyValidatedEvents(store, body.events, { arrivedVia: "local" });
    body.dispose();
    expect(store.sqlite.prepare("SELECT description FROM experiments").pluck().get()).toBe("✓ 🚀 héllo ".repeat(200));
  });

  it("refuses a body over the limit with 413, whether declared or streamed", async () => {
    const big = ndjson(Array.from({ length: 60 }, () => exampleEvents("big")).flat());
    expect(big.length).toBeGreaterThan(limits.maxBodyBytes);
    const streamed = await readEventBody(streamingRequest(big), limits);
    expect(streamed).toMatchObject({ ok: false, status: 413 });
    const declared = await readEventBody(streamingRequest(big, 997, { "content-length": String(big.length) }), limits);
    expect(declared).toMatchObject({ ok: false, status: 413, error: expect.stringContaining("larger than the limit") });
  });

  it("refuses one event over the event limit with 413", async () => {
    const huge = { type: "experiment", id: "x", name: "x", method: "grpo", description: "y".repeat(60_000) };
    expect(await readEventBody(streamingRequest(ndjson([huge])), limits)).toMatchObject({ ok: false, status: 413 });
  });

  it("names the event whose bytes are not UTF-8 or not JSON", async () => {
    const good = ndjson(exampleEvents("g").slice(0, 3));
    const bad = new Uint8Array([...good, 10, 0x7b, 0xff, 0xfe, 0x7d, 10, ...new TextEncoder().encode("{nope}")]);
    const body = await readEventBody(streamingRequest(bad, 5), limits);
    expect(body.ok).toBe(false);
    if (body.ok) return;
    expect(body.status).toBe(400);
    expect(body.errors).toEqual([
      { index: 3, path: "", message: "event is not valid UTF-8" },
      expect.objectContaining({ index: 4, message: expect.stringContaining("not valid JSON") }),
    ]);
  });

  it("streams a JSON array the same way", async () => {
    const events = exampleEvents("arr");
    const body = await readEventBody(streamingRequest(new TextEncoder().encode(JSON.stringify(events)), 13, { "content-type": "application/json" }), limits);
    expect(body).toMatchObject({ ok: true, count: events.length });
    if (body.ok) body.dispose();
  });
});
