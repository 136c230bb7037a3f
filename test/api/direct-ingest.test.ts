// The direct ingest door (lib/services/server/direct-ingest.ts): the production server's listener answers a producer's
// usual batch before Next's router. It must answer exactly as the route does (status, body, headers, and the
// same idempotency across the two doors), leave every other request to Next untouched, send the API's security
// headers, let a refused client read its refusal, and survive a client that leaves mid-body.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { writerTestBatch } from "./writer-batch";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-direct-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");
// One batch in the writer at a time, so the test can fill the queue.
process.env.HARNESS_LAB_WRITE_QUEUE = "1";

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { startStoreWriter, stopStoreWriter, whenWriterReady, writeQueueDepth } = await import("@/db/writer/store-writer");
const { directIngest } = await import("@/lib/services/server/direct-ingest");
const { apiSecurityHeaders } = await import("@/lib/http/security-headers.mjs");
const { INGEST_LIMITS } = await import("@/lib/services/ingest/pure/limits");
const events = await import("@/app/api/v1/events/route");

/** The status this test's server answers a request the door left to Next with. */
const LEFT_TO_NEXT = 299;
let server: http.Server;
let port = 0;
let ingestToken = "";
let readToken = "";

beforeAll(async () => {
  ingestToken = createApiToken(getStore(), { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
  readToken = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
  startStoreWriter(getStore(), { quietMs: 60_000 });
  expect(await whenWriterReady(120_000)).toBe(true);
  // As serve-http.mjs: the door first, and what it leaves goes on (here to a marker answer, not to Next).
  server = http.createServer((req, res) => {
    if (directIngest(req, res)) return;
    res.writeHead(LEFT_TO_NEXT, { "content-type": "text/plain" }).end("left to Next");
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
}, 150_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await stopStoreWriter();
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request to the door's server, as a client sends it (Node's http: headers exactly as given). */
function send(o: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = o.body === undefined ? undefined : Buffer.from(o.body);
    const chunked = o.headers?.["transfer-encoding"] !== undefined;
    const headers: Record<string, string> = { ...(body && !chunked ? { "content-length": String(body.length) } : {}), ...o.headers };
    const req = http.request({ host: "127.0.0.1", port, method: o.method ?? "POST", path: o.path ?? "/api/v1/events", headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** The same request through Next's route handler, answered as a Response. */
async function viaRoute(o: { headers: Record<string, string>; body: string }): Promise<Answer> {
  const response = await events.POST(new Request("http://127.0.0.1:3000/api/v1/events", { method: "POST", headers: o.headers, body: o.body }));
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

const json = { "content-type": "application/json" };
const bearer = (token: string) => ({ ...json, authorization: `Bearer ${token}` });
const rollouts = () => getStore().sqlite.prepare("SELECT count(*) FROM rollouts").pluck().get() as number;

/** What the route sets on its answer; the door's answer must carry the same values. */
function routeHeaders(answer: Answer): Record<string, string> {
  return Object.fromEntries(Object.entries(answer.headers).filter(([k]) => k !== "content-length"));
}

describe("the direct ingest door", () => {
  it("applies a batch and answers as the route does; the same batch sent again through either door is unchanged", async () => {
    const body = JSON.stringify(writerTestBatch("direct", 12, "door"));
    const first = await send({ headers: bearer(ingestToken), body });
    expect(first.status, first.body).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ events: 15, applied: { experiment: 1, run: 1, task: 1, rollout: 12 }, unchanged: {} });
    expect(rollouts()).toBe(12);
    const again = await send({ headers: bearer(ingestToken), body });
    const againViaRoute = await viaRoute({ headers: bearer(ingestToken), body });
    expect(JSON.parse(again.body)).toEqual(JSON.parse(againViaRoute.body));
    expect(JSON.parse(again.body).unchanged.rollout).toBe(12);
    expect(again.headers).toMatchObject(routeHeaders(againViaRoute));
    expect(rollouts()).toBe(12);
  });

  it.each([
    ["a body that is not JSON", bearer(ingestToken), "[{"],
    ["an event the contract refuses", bearer(ingestToken), JSON.stringify([{ type: "rollout", id: "r-no-run" }])],
    ["an unknown token", bearer("hl_not_a_token"), "[]"],
    ["a token without the ingest scope", bearer(readToken), "[]"],
    ["an Authorization header that is not a bearer token", { ...json, authorization: "Basic dXNlcjpwdw==" }, "[]"],
    ["references to records that exist nowhere", bearer(ingestToken), JSON.stringify([{ type: "run", id: "orphan-run", experiment: "no-such-experiment", kind: "train", status: "running" }])],
  ])("refuses %s exactly as the route does, and writes nothing", async (_, headers, body) => {
    const before = rollouts();
    const direct = await send({ headers, body });
    const route = await viaRoute({ headers, body });
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(direct.status).toBeLessThan(500);
    expect({ status: direct.status, body: JSON.parse(direct.body) }).toEqual({ status: route.status, body: JSON.parse(route.body) });
    expect(direct.headers).toMatchObject(routeHeaders(route));
    expect(rollouts()).toBe(before);
  });

  it("answers 429 with Retry-After while the writer's queue is full, and takes the same bytes afterwards", async () => {
    const first = send({ headers: bearer(ingestToken), body: JSON.stringify(writerTestBatch("queued", 300)) });
    await vi.waitFor(() => expect(writeQueueDepth()).toBe(1), { timeout: 60_000, interval: 5 });
    const small = JSON.stringify(writerTestBatch("small", 2));
    const refused = await send({ headers: bearer(ingestToken), body: small });
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("1");
    expect(JSON.parse(refused.body).error).toMatch(/send this one again/);
    expect((await first).status).toBe(200);
    expect((await send({ headers: bearer(ingestToken), body: small })).status).toBe(200);
  });

  it("sends the API's security headers, and HSTS only behind a TLS proxy", async () => {
    const plain = await send({ headers: bearer("hl_not_a_token"), body: "[]" });
    expect(plain.status).toBe(401);
    expect(plain.headers).toMatchObject(apiSecurityHeaders(undefined));
    expect(plain.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const viaTls = await send({ headers: { ...bearer("hl_not_a_token"), "x-forwarded-proto": "https" }, body: "[]" });
    expect(viaTls.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("leaves every other request to Next untouched", async () => {
    const body = JSON.stringify(writerTestBatch("left", 1));
    const cases: [string, Parameters<typeof send>[0]][] = [
      ["another method", { method: "PUT", headers: bearer(ingestToken), body }],
      ["another path", { path: "/api/v1/events/more", headers: bearer(ingestToken), body }],
      ["a path that only starts alike", { path: "/api/v1/eventsx", headers: bearer(ingestToken), body }],
      ["a session cookie instead of a token (the origin check is the route's)", { headers: { ...json, cookie: "harness_lab_session=x" }, body }],
      ["a chunked body", { headers: { ...bearer(ingestToken), "transfer-encoding": "chunked" }, body }],
      ["an empty body", { headers: bearer(ingestToken), body: "" }],
      ["a body to stream to disk", { headers: { ...bearer(ingestToken), "content-length": String(INGEST_LIMITS.inMemoryBytes + 1) } }],
      ["a content type the route refuses", { headers: { ...bearer(ingestToken), "content-type": "text/html" }, body }],
      ["a server action's header", { headers: { ...bearer(ingestToken), "next-action": "x" }, body }],
    ];
    for (const [what, request] of cases) {
      if (what === "a body to stream to disk") {
        // Declared, not sent: the door decides from the head alone, before reading any of it.
        const answer = await headOnly(request.headers!);
        expect(answer, what).toBe(LEFT_TO_NEXT);
        continue;
      }
      const answer = await send(request);
      expect(answer.status, what).toBe(LEFT_TO_NEXT);
    }
    expect(getStore().sqlite.prepare("SELECT count(*) FROM experiments WHERE id = 'left-exp'").pluck().get()).toBe(0);
  });

  it("lets a refused client that is still sending read its refusal, and survives a client that leaves mid-body", async () => {
    // 4 MB refused for its token: read and dropped, then answered, over a connection that closes after it.
    const refused = await send({ headers: { ...bearer("hl_not_a_token"), connection: "close" }, body: Buffer.alloc(4 * 1024 * 1024, 0x20) });
    expect(refused.status).toBe(401);
    // Declares 1 MB, sends 10 bytes, leaves: nothing is written and the server still answers.
    const before = rollouts();
    await new Promise<void>((resolve) => {
      const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/v1/events", headers: { ...bearer(ingestToken), "content-length": String(1024 * 1024) }, agent: false });
      req.on("error", () => resolve());
      req.write("[{\"type\":", () => setTimeout(() => (req.destroy(), resolve()), 50));
    });
    const after = await send({ headers: bearer(ingestToken), body: JSON.stringify(writerTestBatch("after-leave", 1)) });
    expect(after.status).toBe(200);
    expect(rollouts()).toBe(before + 1);
  });
});

/** Sends only a request's head (and waits for the answer): for a declared length the client never sends. */
function headOnly(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/v1/events", headers, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.flushHeaders();
  });
}
