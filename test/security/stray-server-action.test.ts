// A server action posted where no page is (issue 13, finding 10): the proxy's matcher must reach it and the
// proxy must answer it with a 4xx — 403 from another origin, 404 from this one — instead of Next's 500,
// while static files, token API calls with a body (which must stay out of the proxy) and page nonces are
// as before. The e2e security-stray-action.spec.ts sends the same requests to the production server.
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { config, proxy } from "@/proxy";

const BASE = "http://127.0.0.1:3000";
const matches = (path: string, headers: Record<string, string> = {}) => unstable_doesMiddlewareMatch({ config, url: `${BASE}${path}`, headers });
const action = (path: string, origin: string) =>
  new NextRequest(`${BASE}${path}`, { method: "POST", headers: { "next-action": "0123456789abcdef", origin, "content-type": "text/plain;charset=UTF-8", host: "127.0.0.1:3000" }, body: "[]" });

describe("the proxy's matcher", () => {
  it.each(["/favicon.ico", "/api/nope", "/api/v1/events", "/_next/static/chunks/app.js", "/_next/image", "/settings"])(
    "covers a Next-Action POST to %s, body and all",
    (path) => expect(matches(path, { "next-action": "x", "content-length": "2" })).toBe(true),
  );

  it("still leaves static files and token API calls with a body alone, and still covers pages", () => {
    expect(matches("/_next/static/chunks/app.js")).toBe(false);
    expect(matches("/favicon.ico")).toBe(false);
    expect(matches("/_next/static/media/editor.worker.js")).toBe(false);
    expect(matches("/api/v1/events", { "content-length": "1000", authorization: "Bearer hl_x" })).toBe(false);
    expect(matches("/api/v1/rollouts")).toBe(true);
    expect(matches("/experiments")).toBe(true);
  });
});

describe("a server action posted where no page is", () => {
  it.each(["/favicon.ico", "/api/nope", "/api/v1/events", "/_next/static/x.js"])("to %s: 403 from another origin, 404 naming next-action from this one", async (path) => {
    const forged = await proxy(action(path, "http://evil.example"));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({ error: "origin: cross-origin request refused" });
    const sameOrigin = await proxy(action(path, BASE));
    expect(sameOrigin.status).toBe(404);
    expect((await sameOrigin.json()).error).toMatch(/^next-action: /);
  });

  it("is not confused with an action posted to a page, which still gets its nonce", async () => {
    const page = await proxy(action("/settings", BASE));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/nonce-/);
  });
});
