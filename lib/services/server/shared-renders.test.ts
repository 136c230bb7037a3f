// Live tabs told of a new version together ask for the same page payload within about a second; what a researcher
// relies on (issue 40, item 1, "no request storm from ten open tabs"): identical payload requests cost one render and
// each tab still gets the whole answer; anything that differs (another session, a document) gets its own render; a
// tab never gets a page older than the live answer or the write that made it ask; and when the shared render fails,
// every tab that waited for it still gets a page of its own.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { proxyToRenderer } from "./page-proxy.mjs";
import { createRenderSharing } from "./shared-renders.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-shared-renders-"));
const socketPath = path.join(dir, "pages.sock");
const agent = new http.Agent({ keepAlive: true });
let renderer: http.Server;
let front: http.Server;
let port = 0;
/** Renders started by the renderer, by address; the renderer holds each answer until `release()`. */
let renders: string[] = [];
let arrived = 0;
let held: Array<() => void> = [];
let cutNext = false;
let failNext = false;
let clock = 0;
const options = { now: () => clock };
let sharing = createRenderSharing(options);

function release(): void {
  const waiting = held;
  held = [];
  for (const go of waiting) go();
}

beforeAll(async () => {
  renderer = http.createServer((req, res) => {
    const n = renders.push(req.url ?? "") ;
    held.push(() => {
      if (cutNext) {
        cutNext = false;
        res.writeHead(200, { "content-type": "text/x-component", "content-length": "1000" });
        res.write("only part");
        setImmediate(() => res.destroy());
        return;
      }
      if (failNext) {
        failNext = false;
        return void res.writeHead(500, { "content-type": "text/plain" }).end("failed");
      }
      res.setHeader("set-cookie", ["seen=1; Path=/"]);
      res.writeHead(200, { "content-type": "text/x-component", vary: "rsc" });
      // In pieces, as React streams a payload.
      res.write(`render ${n} of ${req.url} `);
      setImmediate(() => res.end(`for ${req.headers.cookie ?? "nobody"}`));
    });
  });
  await new Promise<void>((resolve) => renderer.listen(socketPath, resolve));
  front = http.createServer((req, res) => {
    sharing.watch(req, res);
    // The JSON API (a live question, a decision, a producer's batch) is answered at once.
    if (req.url?.startsWith("/api/")) return void req.resume().on("end", () => res.writeHead(200).end("{}"));
    arrived++;
    sharing.offer(req, res, (request, response, tap) =>
      proxyToRenderer(request, response, { socketPath, agent, tap }, () => response.writeHead(502).end("unreachable")));
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  port = (front.address() as AddressInfo).port;
});

afterEach(() => {
  release();
  renders = [];
  arrived = 0;
  cutNext = false;
  failNext = false;
  clock = 0;
  sharing = createRenderSharing(options);
});

afterAll(async () => {
  agent.destroy();
  front.closeAllConnections();
  renderer.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => renderer.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer { status: number; body: string; setCookie: string[] | undefined; contentType: string | undefined }

/** One browser request on its own connection; `signal` lets the browser leave. */
function get(url: string, headers: Record<string, string>, signal?: AbortSignal, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: url, method, headers, agent: false, signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), setCookie: res.headers["set-cookie"], contentType: res.headers["content-type"] }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** A payload request answered at once: released as soon as the renderer has it. */
async function rendered(headers = RSC): Promise<Answer> {
  const before = renders.length;
  const answer = get("/runs/r1?_rsc=abc", headers);
  await until(() => renders.length > before);
  release();
  return answer;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

const RSC = { rsc: "1", "next-router-state-tree": "%5B%22%22%5D", cookie: "hl_session=alice", "accept-encoding": "identity" };

describe("identical page payloads in flight share one render", () => {
  it("ten tabs asking for the same payload at once cost one render, and each gets the whole answer", async () => {
    const answers = Array.from({ length: 10 }, () => get("/runs/r1?_rsc=abc", RSC));
    await until(() => arrived === 10 && renders.length === 1);
    release();
    const got = await Promise.all(answers);
    expect(renders).toEqual(["/runs/r1?_rsc=abc"]);
    for (const answer of got) {
      expect(answer).toEqual({ status: 200, body: "render 1 of /runs/r1?_rsc=abc for hl_session=alice", setCookie: ["seen=1; Path=/"], contentType: "text/x-component" });
    }
    expect(sharing.stats).toEqual({ rendered: 1, joined: 9, fromKept: 0 });
  });

  it("never hands one session's payload to another, nor shares a document", async () => {
    const answers = [
      get("/runs/r1?_rsc=abc", RSC),
      get("/runs/r1?_rsc=abc", { ...RSC, cookie: "hl_session=bob" }),
      get("/runs/r1?_rsc=abc", { ...RSC, "next-router-state-tree": "%5B%22other%22%5D" }),
      get("/runs/r1", { cookie: "hl_session=alice" }),
      get("/runs/r1", { cookie: "hl_session=alice" }),
    ];
    await until(() => arrived === 5 && renders.length === 5);
    release();
    const got = await Promise.all(answers);
    expect(got[1].body).toBe("render 2 of /runs/r1?_rsc=abc for hl_session=bob");
    expect(new Set(got.map((a) => a.body)).size).toBe(5);
    expect(sharing.stats).toEqual({ rendered: 3, joined: 0, fromKept: 0 });
  });

  it("hands a finished answer to the tabs that ask after it, until the server answers a live question", async () => {
    expect((await rendered()).body).toContain("render 1");
    // Tabs busy drawing ask up to a second later: the same answer, no new render.
    expect((await get("/runs/r1?_rsc=abc", RSC)).body).toContain("render 1");
    expect((await get("/runs/r1?_rsc=abc", RSC)).body).toContain("render 1");
    // A producer's batches do not end it (what they change reaches the tabs through the next live answer)...
    await get("/api/v1/events", { authorization: "Bearer hl_x" }, undefined, "POST");
    expect((await get("/runs/r1?_rsc=abc", RSC)).body).toContain("render 1");
    // ...a live answer does: a tab that heard of a newer version gets a render that started after it.
    await get("/api/v1/runs/r1/live", { cookie: RSC.cookie });
    expect((await rendered()).body).toContain("render 2");
    expect(renders).toHaveLength(2);
    expect(sharing.stats).toEqual({ rendered: 2, joined: 0, fromKept: 3 });
  });

  it("ends the kept answers at a person's write, so a refresh after a decision shows it", async () => {
    expect((await rendered()).body).toContain("render 1");
    await get("/api/v1/proposals/p1/decision", { cookie: RSC.cookie }, undefined, "POST");
    expect((await rendered()).body).toContain("render 2");
  });

  it("keeps an answer at most MAX_KEPT_MS when nothing else ends it, and never keeps a failed page", async () => {
    expect((await rendered()).body).toContain("render 1");
    clock += 1_999;
    expect((await get("/runs/r1?_rsc=abc", RSC)).body).toContain("render 1");
    clock += 2;
    failNext = true;
    expect(await rendered()).toMatchObject({ status: 500, body: "failed" });
    expect((await rendered()).body).toContain("render 3");
  });

  it("never hands a render that a live answer overtook to a tab that asked after that answer", async () => {
    const first = get("/runs/r1?_rsc=abc", RSC);
    await until(() => renders.length === 1);
    const joined = get("/runs/r1?_rsc=abc", RSC);
    await until(() => arrived === 2);
    // The live answer comes while render 1 is still on its way: render 1 may predate what it told.
    await get("/api/v1/runs/r1/live", { cookie: RSC.cookie });
    const after = get("/runs/r1?_rsc=abc", RSC);
    await until(() => renders.length === 2);
    release();
    expect((await first).body).toContain("render 1");
    // The one that joined before the live answer is rendered anew too (it may be the tab that heard it).
    await until(() => renders.length === 3);
    release();
    expect([(await joined).body.slice(0, 8), (await after).body.slice(0, 8)].sort()).toEqual(["render 2", "render 3"]);
  });

  it("renders the others' pages when the first tab leaves before its answer", async () => {
    const leaving = new AbortController();
    const first = get("/runs/r1?_rsc=abc", RSC, leaving.signal).catch((e: Error) => e);
    await until(() => renders.length === 1);
    const others = [get("/runs/r1?_rsc=abc", RSC), get("/runs/r1?_rsc=abc", RSC)];
    await until(() => arrived === 3);
    leaving.abort();
    expect(await first).toBeInstanceOf(Error);
    // Both waited for the render their first tab gave up: each is now rendered on its own.
    await until(() => renders.length === 3);
    release();
    const got = await Promise.all(others);
    expect(got.map((a) => [a.status, a.body.startsWith("render")])).toEqual([[200, true], [200, true]]);
  });

  it("renders the others' pages when the shared answer is cut off, and never passes on part of one", async () => {
    cutNext = true;
    const first = get("/runs/r1?_rsc=abc", RSC).catch((e: Error) => e);
    const second = get("/runs/r1?_rsc=abc", RSC);
    await until(() => arrived === 2 && renders.length === 1);
    release();
    expect(await first).toBeInstanceOf(Error);
    await until(() => renders.length === 2);
    release();
    expect(await second).toMatchObject({ status: 200, body: "render 2 of /runs/r1?_rsc=abc for hl_session=alice" });
  });

  it("does not keep an answer larger than its limit for others: they get their own renders", async () => {
    sharing = createRenderSharing({ ...options, maxBytes: 10 });
    const answers = [get("/runs/r1?_rsc=abc", RSC), get("/runs/r1?_rsc=abc", RSC)];
    await until(() => arrived === 2 && renders.length === 1);
    release();
    await until(() => renders.length === 2);
    release();
    const got = await Promise.all(answers);
    expect(got.map((a) => a.body).sort()).toEqual(["render 1 of /runs/r1?_rsc=abc for hl_session=alice", "render 2 of /runs/r1?_rsc=abc for hl_session=alice"]);
  });
});
