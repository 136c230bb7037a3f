// The request thread's side of the parse worker: a body that owns its buffer is moved to the worker (not
// copied), a view into a larger buffer is copied, replies settle their own request, and when the worker stops
// a moved body's request is told to send it again (nothing written) while a copied one is parsed here.
import { MessageChannel, type MessagePort } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { exampleEvents } from "../../events/examples";
import { ParseChannel } from "./parse-channel";
import { packJson } from "./pure/packed-json";
import type { ParseRequest } from "./parse-worker";

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A real message port as the worker, so a transfer really moves the buffer; `received` is what arrived. */
function fakeWorker() {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  const received: ParseRequest[] = [];
  port2.on("message", (message: ParseRequest) => received.push(message));
  return { port: port1, received, arrived: (n: number) => new Promise<void>((resolve) => { const check = () => (received.length >= n ? resolve() : setTimeout(check, 1)); check(); }) };
}

const body = () => new TextEncoder().encode(JSON.stringify(exampleEvents("pc").slice(0, 2)));

describe("ParseChannel", () => {
  it("moves a body that owns its whole buffer to the worker, and copies a view into a larger one", async () => {
    const worker = fakeWorker();
    const channel = new ParseChannel(worker.port);
    const owned = body();
    const length = owned.byteLength;
    void channel.parse(owned);
    // Moved: this thread's buffer is detached, the worker has the bytes.
    expect(owned.byteLength).toBe(0);

    const pooled = new Uint8Array(length + 16);
    pooled.set(body(), 8);
    const view = pooled.subarray(8, 8 + length);
    void channel.parse(view);
    expect(view.byteLength).toBe(length);

    await worker.arrived(2);
    expect(worker.received.map((m) => [m.id, m.bytes.byteLength])).toEqual([[0, length], [1, length]]);
  });

  it("settles each request with its own reply, the events read from the packed text", async () => {
    const channel = new ParseChannel(fakeWorker().port);
    const first = channel.parse(body());
    const second = channel.parse(body());
    channel.reply({ id: 1, ok: false, error: "event 0 field id: bad" });
    const events = exampleEvents("pc").slice(0, 1);
    channel.reply({ id: 0, ok: true, packed: packJson(events.map((e) => JSON.stringify(e))), count: 1, hashes: ["h"] });
    expect(await second).toEqual({ id: 1, ok: false, error: "event 0 field id: bad" });
    const parsed = await first;
    expect(parsed).toMatchObject({ ok: true, count: 1, hashes: ["h"] });
    if (parsed.ok) expect(parsed.events).toEqual(events);
  });

  it("when the worker stops, a moved body's request is answered 'send again' and a copied one is parsed here", async () => {
    const channel = new ParseChannel(fakeWorker().port);
    const moved = channel.parse(body());
    const pooled = new Uint8Array(body().byteLength + 4);
    pooled.set(body(), 4);
    const copied = channel.parse(pooled.subarray(4));
    channel.stopped();
    expect(await moved).toMatchObject({ ok: false, unavailable: true, error: expect.stringMatching(/send it again/) });
    expect(await copied).toMatchObject({ ok: true, events: [expect.objectContaining({ type: "experiment" }), expect.anything()] });
  });
});
