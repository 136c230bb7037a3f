// The serving process hands page requests to the page renderer (lib/services/server/page-proxy.mjs). A researcher relies on
// a page reaching them exactly as the renderer answered it (status, every Set-Cookie, the streamed body), on the
// renderer seeing the request as Next would have (path, query, host, client address, scheme), on pages still being
// answered when the renderer is down, on a page cut off midway never looking complete, and on the renderer
// dropping a page nobody waits for. Nothing that writes, and no API request, may go to the renderer, however its
// address is spelled, and no request may reach it with a body it is not sent (the renderer would read the next
// request's bytes as that body: issue 36 items 4 and 5).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { forwardedRequestHeaders, isPageRequest, notAPageBecause, proxyToRenderer } from "./page-proxy.mjs";
import { normalPathname } from "./normal-path.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-page-proxy-"));
const socketPath = path.join(dir, "pages.sock");
const agent = new http.Agent({ keepAlive: true });
/** What the fake renderer saw of the last request, and whether the browser's leaving reached it. */
let seen: { url?: string; headers?: http.IncomingHttpHeaders } = {};
let leftWhileRendering: Promise<void> = Promise.resolve();
let renderer: http.Server;
let front: http.Server;
let frontPort = 0;

beforeAll(async () => {
  renderer = http.createServer((req, res) => {
    seen = { url: req.url, headers: req.headers };
    if (req.url === "/slow") {
      // Never answers: the test's browser leaves, and the renderer must see its request closed.
      leftWhileRendering = new Promise((resolve) => res.on("close", () => resolve()));
      return;
    }
    if (req.url === "/cut") {
      res.writeHead(200, { "content-type": "text/html", "content-length": "1000" });
      res.write("<html>only part of it");
      setImmediate(() => res.destroy());
      return;
    }
    res.setHeader("set-cookie", ["a=1; Path=/", "b=2; Path=/"]);
    res.writeHead(201, { "content-type": "text/html; charset=utf-8", "x-page": "renderer" });
    // Streamed in pieces, as React streams a page.
    res.write("<html><body>");
    setImmediate(() => res.end("rendered</body></html>"));
  });
  await new Promise<void>((resolve) => renderer.listen(socketPath, resolve));
  front = http.createServer((req, res) => {
    const target = req.url === "/down" ? path.join(dir, "nobody.sock") : socketPath;
    proxyToRenderer(req, res, { socketPath: target, agent }, () => res.writeHead(200, { "x-page": "serving process" }).end("rendered here"));
  });
  await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
  frontPort = (front.address() as AddressInfo).port;
});

afterAll(async () => {
  agent.destroy();
  front.closeAllConnections();
  renderer.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  await new Promise((resolve) => renderer.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: frontPort, path: pathname, headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => (res.complete ? resolve({ status: res.statusCode!, headers: res.headers, body }) : reject(new Error("answer cut off"))));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** A GET with a body (or any method), sent as is: Node's client sends the Content-Length it is given. */
function send(method: string, pathname: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: frontPort, method, path: pathname, headers: { "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, url, headers, socket: {} }) as unknown as http.IncomingMessage;

describe("which requests the page renderer answers", () => {
  it("takes page documents and their RSC payloads: GET or HEAD outside /api and Next's files", () => {
    expect(isPageRequest(request("GET", "/experiments/e1/cost"))).toBe(true);
    expect(isPageRequest(request("HEAD", "/trajectories?q=KeyError"))).toBe(true);
    expect(isPageRequest(request("GET", "/experiments/e1?_rsc=1x2", { rsc: "1" }))).toBe(true);
    expect(isPageRequest(request("GET", "/apiary"))).toBe(true);
  });

  it("leaves every write, the JSON API, Next's files and server actions to the serving process", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) expect(isPageRequest(request(method, "/experiments/e1"))).toBe(false);
    expect(isPageRequest(request("GET", "/api/v1/rollouts?experiment=e1"))).toBe(false);
    expect(isPageRequest(request("GET", "/api"))).toBe(false);
    expect(isPageRequest(request("GET", "/_next/static/chunks/main.js"))).toBe(false);
    expect(isPageRequest(request("GET", "/experiments/e1", { "next-action": "abc" }))).toBe(false);
    expect(isPageRequest(request("GET", "http://elsewhere/experiments"))).toBe(false);
    // The one GET page address that writes (it uses up a one-time link and creates a session).
    expect(isPageRequest(request("GET", "/sign-in/link?token=hl_link_x"))).toBe(false);
    expect(isPageRequest(request("GET", "/sign-in"))).toBe(true);
    expect(isPageRequest(request("GET", "/api?x=1"))).toBe(false);
  });

  it("leaves a GET or HEAD that carries a body to the serving process, which reads it as the body it is", () => {
    expect(isPageRequest(request("GET", "/sign-in", { "content-length": "27" }))).toBe(false);
    expect(isPageRequest(request("HEAD", "/sign-in", { "transfer-encoding": "chunked" }))).toBe(false);
    expect(notAPageBecause(request("GET", "/sign-in", { "content-length": "5" }))).toBe("it carries a body");
    expect(isPageRequest(request("GET", "/sign-in", { "content-length": "0" }))).toBe(true);
  });

  it("takes only addresses already in normal form: every other spelling, of the sign-in link or not, stays with the serving process", () => {
    const spellings = [
      "/./sign-in/link?token=hl_link_x", "/%2e/sign-in/link", "/%2E%2e/sign-in/link", "/sign-in/x/../link", "/sign-in/link/.",
      "//sign-in/link", "/sign-in//link", "/sign-in\\link", "/sign-in%2flink", "/sign-in%5Clink", "/sign-in/%6cink",
      "/experiments/", "/experiments#top", "/experiments/%zz", "/experiments/%", "/experiments/e%3a1", "/experiments/é",
    ];
    for (const url of spellings) expect(isPageRequest(request("GET", url)), url).toBe(false);
    expect(notAPageBecause(request("GET", "/./sign-in/link"))).toBe("its path is not in normal form");
    // Escapes a browser sends, and anything at all in the query, are left as they are.
    expect(isPageRequest(request("GET", "/"))).toBe(true);
    expect(isPageRequest(request("GET", "/trajectories/run%20one/r%3A1?q=../%2e%2e//x"))).toBe(true);
  });

  it("keeps everything under the sign-in link's address with the serving process, in any case", () => {
    for (const url of ["/sign-in/link", "/sign-in/link/", "/sign-in/link.rsc", "/sign-in/link/x", "/Sign-In/Link"]) expect(isPageRequest(request("GET", url)), url).toBe(false);
  });
});

describe("an address in normal form", () => {
  it("is what a URL parser and Next's router make of it: escapes of letters, dots, slashes decoded, dot segments resolved, repeated and trailing slashes dropped", () => {
    expect(normalPathname("/a/./b/../c")).toBe("/a/c");
    expect(normalPathname("/%2e%2E/%61//b\\c/")).toBe("/a/b/c");
    expect(normalPathname("/a%2fb%5Cc")).toBe("/a/b/c");
    expect(normalPathname("/../..")).toBe("/");
    expect(normalPathname("/r%3a1%20x")).toBe("/r%3A1%20x");
    expect(normalPathname("/a%zz")).toBeNull();
    expect(normalPathname("relative")).toBeNull();
  });
});

describe("the headers the renderer is sent", () => {
  it("say nothing of a body (none is sent) and drop every hop-by-hop header, with those the Connection header names", () => {
    const headers = forwardedRequestHeaders(
      request("GET", "/experiments", {
        host: "lab.example",
        "content-length": "0",
        "transfer-encoding": "chunked",
        connection: "keep-alive, X-Secret-Hop, host",
        "keep-alive": "timeout=5",
        "x-secret-hop": "for the serving process only",
        cookie: "harness_lab_session=s1",
      }),
    );
    expect(Object.keys(headers).sort()).toEqual(["cookie", "host", "x-forwarded-host", "x-forwarded-proto"]);
    // Host stays even when named: Next builds absolute addresses from it.
    expect(headers.host).toBe("lab.example");
  });
});

describe("a page handed to the renderer", () => {
  it("reaches the browser as the renderer answered it: status, each Set-Cookie, headers, the whole streamed body", async () => {
    const answer = await get("/experiments/e1/cost?run=r1");
    expect(answer.status).toBe(201);
    expect(answer.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(answer.headers["x-page"]).toBe("renderer");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toBe("<html><body>rendered</body></html>");
  });

  it("is seen by the renderer as Next would have seen it from the browser", async () => {
    await get("/trajectories?experiment=e1&q=Key%20Error", { cookie: "harness_lab_session=s1", "x-forwarded-for": "10.0.0.7" });
    expect(seen.url).toBe("/trajectories?experiment=e1&q=Key%20Error");
    expect(seen.headers?.cookie).toBe("harness_lab_session=s1");
    expect(seen.headers?.host).toBe(`127.0.0.1:${frontPort}`);
    // The address the serving process saw is the last one, as if the browser had reached Next directly.
    expect(seen.headers?.["x-forwarded-for"]).toBe("10.0.0.7, 127.0.0.1");
    expect(seen.headers?.["x-forwarded-proto"]).toBe("http");
    expect(seen.headers?.["x-forwarded-port"]).toBe(String(frontPort));
  });

  it("keeps the scheme a TLS proxy in front reported, so HSTS is still sent behind it", async () => {
    await get("/experiments", { "x-forwarded-proto": "https" });
    expect(seen.headers?.["x-forwarded-proto"]).toBe("https");
  });

  it("is rendered by the serving process when the renderer cannot be reached", async () => {
    const answer = await get("/down");
    expect(answer.status).toBe(200);
    expect(answer.headers["x-page"]).toBe("serving process");
    expect(answer.body).toBe("rendered here");
  });

  it("is cut off for the browser too when the renderer stops midway, never completed", async () => {
    await expect(get("/cut")).rejects.toThrow();
  });

  it("is never told of a body it is not sent: the next request on the renderer's connection is read as itself", async () => {
    // A GET with a body reaching the proxy (the serving process sends none; a caller might): without the body, its
    // Content-Length made the renderer take the first bytes of the next request on the connection as that body.
    expect((await send("GET", "/with-a-body", "hello")).status).toBe(201);
    const next = await get("/next-one");
    expect(next.status).toBe(201);
    expect(seen.url).toBe("/next-one");
  });

  it("stops being rendered when the browser leaves before the answer", async () => {
    const req = http.get({ host: "127.0.0.1", port: frontPort, path: "/slow" });
    req.on("error", () => {});
    await expect.poll(() => seen.url).toBe("/slow");
    req.destroy();
    await leftWhileRendering;
  });
});
