import { describe, expect, it, vi } from "vitest";
import { HarnessLabClient, HarnessLabError, parseRetryAfter } from "./harness-lab-client";
import { prefixedId, stableId } from "./ids";
import type { HarnessLabEventInput } from "../events/contract";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = Response | Error | ((call: Call) => Response);

/** A fetch that records calls and answers from a script; once the script runs out it accepts every batch. */
function fakeFetch(script: Reply[] = []) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const call: Call = { url: String(input), method: init?.method ?? "GET", headers: init?.headers as Record<string, string>, body };
    calls.push(call);
    const reply = script.shift();
    if (reply instanceof Error) throw reply;
    if (typeof reply === "function") return reply(call);
    if (reply) return reply;
    return accept(call);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function accept(call: Call): Response {
  const applied: Record<string, number> = {};
  for (const event of call.body as { type: string }[]) applied[event.type] = (applied[event.type] ?? 0) + 1;
  return json(200, { applied, unchanged: {} });
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

const task = (i: number): HarnessLabEventInput => ({ type: "task", id: `t${i}`, key: `t${i}`, benchmark: "mini" });

function client(fetch: typeof globalThis.fetch, extra: Partial<ConstructorParameters<typeof HarnessLabClient>[0]> = {}) {
  const sleeps: number[] = [];
  const c = new HarnessLabClient({
    url: "http://lab.test/", token: "tok", fetch, sleep: async (ms) => void sleeps.push(ms), ...extra,
  });
  return { client: c, sleeps };
}

describe("HarnessLabClient batching", () => {
  it("sends full batches as they fill and the rest on flush, in order, with auth", async () => {
    const { fetch, calls } = fakeFetch();
    const { client: c } = client(fetch, { batchSize: 2 });
    for (let i = 0; i < 5; i++) await c.send(task(i));
    expect(calls.map((call) => (call.body as unknown[]).length)).toEqual([2, 2]);
    expect(c.pending).toBe(1);
    const summary = await c.flush();
    expect(calls.map((call) => (call.body as { id: string }[]).map((e) => e.id))).toEqual([["t0", "t1"], ["t2", "t3"], ["t4"]]);
    expect(summary).toEqual({ batches: 3, events: 5, applied: { task: 5 }, unchanged: {} });
    expect(calls[0]!.url).toBe("http://lab.test/api/v1/events");
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.headers.authorization).toBe("Bearer tok");
    expect(calls[0]!.headers["content-type"]).toBe("application/json");
    expect(await c.flush()).toEqual({ batches: 0, events: 0, applied: {}, unchanged: {} });
  });

  it("splits by bytes, and still sends an oversized event on its own", async () => {
    const { fetch, calls } = fakeFetch();
    const { client: c } = client(fetch, { maxBatchBytes: 200 });
    const big: HarnessLabEventInput = { type: "task", id: "big", key: "big", benchmark: "x".repeat(500) };
    await c.sendMany([task(1), task(2), big, task(3)]);
    await c.close();
    const sizes = calls.map((call) => (call.body as unknown[]).length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(4);
    expect(calls.some((call) => (call.body as { id: string }[]).length === 1 && (call.body as { id: string }[])[0]!.id === "big")).toBe(true);
    for (const call of calls) if ((call.body as unknown[]).length > 1) expect(JSON.stringify(call.body).length).toBeLessThanOrEqual(200);
  });

  it("snapshots events when they are sent", async () => {
    const { fetch, calls } = fakeFetch();
    const { client: c } = client(fetch);
    const event = { type: "task", id: "t1", key: "t1", benchmark: "mini" } as { type: "task"; id: string; key: string; benchmark: string };
    await c.send(event);
    event.benchmark = "changed";
    await c.flush();
    expect((calls[0]!.body as { benchmark: string }[])[0]!.benchmark).toBe("mini");
  });

  it("refuses sends after close", async () => {
    const { fetch } = fakeFetch();
    const { client: c } = client(fetch);
    await c.close();
    await expect(c.send(task(1))).rejects.toThrow(/after close/);
  });

  it("halves a batch the server finds too large (413)", async () => {
    const { fetch, calls } = fakeFetch([json(413, { error: "body too large" })]);
    const { client: c } = client(fetch);
    await c.sendMany([task(1), task(2), task(3), task(4)]);
    expect((await c.flush()).applied).toEqual({ task: 4 });
    expect(calls.map((call) => (call.body as unknown[]).length)).toEqual([4, 2, 2]);
  });
});

describe("HarnessLabClient retries", () => {
  it("retries a 503 with growing backoff, then succeeds", async () => {
    const { fetch, calls } = fakeFetch([json(503, { error: "busy" }), json(503, { error: "busy" })]);
    const { client: c, sleeps } = client(fetch, { backoffBaseMs: 100 });
    await c.send(task(1));
    expect((await c.flush()).applied).toEqual({ task: 1 });
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(50);
    expect(sleeps[0]).toBeLessThanOrEqual(100);
    expect(sleeps[1]).toBeGreaterThanOrEqual(100);
    expect(sleeps[1]).toBeLessThanOrEqual(200);
  });

  it("honours Retry-After on 429", async () => {
    const { fetch, calls } = fakeFetch([json(429, { error: "slow down" }, { "retry-after": "3" })]);
    const { client: c, sleeps } = client(fetch);
    await c.send(task(1));
    await c.flush();
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it("retries network errors", async () => {
    const { fetch, calls } = fakeFetch([new TypeError("fetch failed"), new TypeError("fetch failed")]);
    const { client: c } = client(fetch);
    await c.send(task(1));
    expect((await c.flush()).events).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it("gives up after `retries` and keeps the batch for a later flush", async () => {
    const { fetch, calls } = fakeFetch(Array.from({ length: 3 }, () => new TypeError("fetch failed")));
    const { client: c } = client(fetch, { retries: 2 });
    await c.send(task(1));
    const error = await c.flush().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HarnessLabError);
    expect(error).toMatchObject({ status: 0, retryable: true });
    expect(calls).toHaveLength(3);
    expect(c.pending).toBe(1);
    // The server is back: the same batch goes again, which is safe because ids make it idempotent.
    expect((await c.flush()).applied).toEqual({ task: 1 });
    expect(c.pending).toBe(0);
  });

  it("does not retry a 400 and hands the server's problems to the producer", async () => {
    const problems = [{ index: 1, path: "turns.0.role", message: "Invalid option" }];
    const { fetch, calls } = fakeFetch([json(400, { error: "invalid events", errors: problems })]);
    const { client: c, sleeps } = client(fetch);
    await c.sendMany([task(1), task(2)]);
    const error = (await c.flush().catch((e: unknown) => e)) as HarnessLabError;
    expect(error).toBeInstanceOf(HarnessLabError);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.errors).toEqual(problems);
    expect((error.events as { id: string }[])[1]!.id).toBe("t2");
    expect(error.message).toContain("[1] turns.0.role: Invalid option");
    // A refused batch is dropped: resending it could never succeed.
    expect(c.pending).toBe(0);
  });

  it("does not retry 409, 401 or 403", async () => {
    for (const status of [409, 401, 403]) {
      const { fetch, calls } = fakeFetch([json(status, { error: "no" })]);
      const { client: c } = client(fetch);
      await c.send(task(1));
      await expect(c.flush()).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    }
  });

  it("rejects the send that triggered a refused batch", async () => {
    const { fetch } = fakeFetch([json(400, { error: "invalid events", errors: [{ index: 0, path: "", message: "bad" }] })]);
    const { client: c } = client(fetch, { batchSize: 1 });
    await expect(c.send(task(1))).rejects.toBeInstanceOf(HarnessLabError);
    await c.send(task(2));
    expect(c.pending).toBe(0);
  });
});

describe("getJson", () => {
  it("reads the API with the token and the same retries", async () => {
    const { fetch, calls } = fakeFetch([json(502, {}), json(200, { experiments: [{ id: "exp-1" }] })]);
    const { client: c } = client(fetch);
    const body = await c.getJson<{ experiments: { id: string }[] }>("experiments", { limit: 5, after: undefined });
    expect(body.experiments[0]!.id).toBe("exp-1");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.url).toBe("http://lab.test/api/v1/experiments?limit=5");
    expect(calls[1]!.method).toBe("GET");
    expect(calls[1]!.headers.authorization).toBe("Bearer tok");
  });

  it("throws on 404 without retrying", async () => {
    const { fetch, calls } = fakeFetch([json(404, { error: "not found" })]);
    const { client: c } = client(fetch);
    await expect(c.getJson("/api/v1/runs/nope")).rejects.toMatchObject({ status: 404, message: expect.stringContaining("not found") });
    expect(calls).toHaveLength(1);
  });
});

describe("helpers", () => {
  it("parses Retry-After as seconds or a date", () => {
    expect(parseRetryAfter("2")).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it("derives stable, short, unambiguous ids", () => {
    expect(stableId("run-1", "t1", 3)).toBe(stableId("run-1", "t1", 3));
    expect(stableId("run-1", "t1", 3)).not.toBe(stableId("run-1", "t1", 4));
    expect(stableId("a", "b,c")).not.toBe(stableId("a,b", "c"));
    expect(stableId("x")).toMatch(/^[0-9a-f]{20}$/);
    expect(prefixedId("rollout", "run-1", 0)).toMatch(/^rollout-[0-9a-f]{20}$/);
  });
});
