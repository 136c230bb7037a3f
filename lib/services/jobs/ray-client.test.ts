import { afterAll, beforeAll, describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { rayOptions, rayUnreachable, stopRay, submitRay } from "./ray-client";

describe("rayOptions (HARNESS_LAB_RAY_*)", () => {
  it("is null without an address, and names the variable of a bad setting without echoing a secret", () => {
    expect(rayOptions({})).toBeNull();
    expect(() => rayOptions({ HARNESS_LAB_RAY_ADDRESS: "ray-head:8265" })).toThrow(/^HARNESS_LAB_RAY_ADDRESS must be/);
    expect(() => rayOptions({ HARNESS_LAB_RAY_ADDRESS: "http://h:8265", HARNESS_LAB_RAY_HEADERS: "X-Key: s3cret" })).toThrow(/^HARNESS_LAB_RAY_HEADERS must be a JSON object/);
    expect(() => rayOptions({ HARNESS_LAB_RAY_ADDRESS: "http://h:8265", HARNESS_LAB_RAY_HEADERS: '{"X Key":"s3cret"}' })).toThrow(/^HARNESS_LAB_RAY_HEADERS: "X Key"/);
    expect(() => rayOptions({ HARNESS_LAB_RAY_ADDRESS: "http://h:8265", HARNESS_LAB_RAY_HEADERS: '{"X-Key":"s3cret\\nInjected: 1"}' })).toThrow(/^HARNESS_LAB_RAY_HEADERS: "X-Key" must be a header name with a one-line string value$/);
  });

  it("keeps a proxy's path prefix and turns the token into a bearer header", () => {
    expect(rayOptions({ HARNESS_LAB_RAY_ADDRESS: "https://gw.example/ray/", HARNESS_LAB_RAY_TOKEN: "t0k", HARNESS_LAB_RAY_HEADERS: '{"X-Api-Key":"k1"}' })).toEqual({
      address: "https://gw.example/ray", headers: { "X-Api-Key": "k1", Authorization: "Bearer t0k" }, timeoutMs: 30_000,
    });
  });
});

describe("the Ray client's requests", () => {
  const seen: { method: string; url: string; headers: http.IncomingHttpHeaders }[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    if (status !== 200) return void res.writeHead(status).end("no");
    if (req.url === "/proxy/api/version") return void res.end(JSON.stringify({ ray_version: "2.58.0" }));
    if (req.url === "/proxy/api/jobs/") return void res.end(JSON.stringify({ job_id: null, submission_id: "harness-lab-j" }));
    res.end(JSON.stringify({ stopped: true }));
  });
  let address = "";
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve())));
  beforeAll(() => void (address = `http://127.0.0.1:${(server.address() as AddressInfo).port}/proxy`));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("carry the token and headers on every call, and nothing that makes Ray's dashboard take them for a browser's", async () => {
    const options = rayOptions({ HARNESS_LAB_RAY_ADDRESS: address, HARNESS_LAB_RAY_TOKEN: "tok-1", HARNESS_LAB_RAY_HEADERS: '{"X-Api-Key":"key-1"}' })!;
    expect(await submitRay({ jobId: "j", argv: ["true"], cwd: null, env: {}, resources: {} }, options)).toEqual({ ok: true, id: "harness-lab-j" });
    expect(await stopRay("harness-lab-j", options)).toEqual({ ok: true });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /proxy/api/version", "POST /proxy/api/jobs/", "POST /proxy/api/jobs/harness-lab-j/stop"]);
    for (const r of seen) {
      expect(r.headers).toMatchObject({ authorization: "Bearer tok-1", "x-api-key": "key-1" });
      // Ray refuses a POST with any Sec-Fetch-* or Origin header, or a Mozilla user agent (HTTP 405).
      expect(Object.keys(r.headers).filter((h) => h.startsWith("sec-fetch-") || h === "origin" || h === "referer")).toEqual([]);
      expect(r.headers["user-agent"]).not.toMatch(/^Mozilla/);
    }
  });

  it("says a refused token is refused, without repeating it", async () => {
    status = 401;
    const options = rayOptions({ HARNESS_LAB_RAY_ADDRESS: address, HARNESS_LAB_RAY_TOKEN: "tok-secret-2" })!;
    const why = await rayUnreachable(options);
    expect(why).toBe(`the Ray dashboard at ${address} refused the request (HTTP 401): check HARNESS_LAB_RAY_TOKEN / HARNESS_LAB_RAY_HEADERS`);
    status = 200;
  });
});
