// The origin rule shared by the page proxy (server actions, form posts) and request-auth (cookie-authenticated
// API writes). The real server refusing a forged post is e2e/security-origin.spec.ts.
import { describe, expect, it } from "vitest";
import { refuseCrossOriginPagePost } from "../../lib/http/cross-origin-guard";
import { isSameOrigin } from "../../lib/http/same-origin";

const headers = (h: Record<string, string>) => new Headers(h);

describe("isSameOrigin", () => {
  it("compares the Origin's host (with port) to Host", () => {
    expect(isSameOrigin(headers({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }))).toBe(true);
    expect(isSameOrigin(headers({ origin: "http://evil.example", host: "127.0.0.1:3000" }))).toBe(false);
    // Another port of the same machine is another origin (a second service on the login node).
    expect(isSameOrigin(headers({ origin: "http://127.0.0.1:8888", host: "127.0.0.1:3000" }))).toBe(false);
    expect(isSameOrigin(headers({ origin: "http://lab.example.org.evil.example", host: "lab.example.org" }))).toBe(false);
  });

  it("prefers the host a proxy forwarded, first entry only", () => {
    expect(isSameOrigin(headers({ origin: "https://lab.example.org", host: "127.0.0.1:3000", "x-forwarded-host": "lab.example.org, 127.0.0.1:3000" }))).toBe(true);
    expect(isSameOrigin(headers({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000", "x-forwarded-host": "lab.example.org" }))).toBe(false);
  });

  it("refuses the opaque origin \"null\", an empty one and garbage; lets requests without Origin through", () => {
    expect(isSameOrigin(headers({ origin: "null", host: "127.0.0.1:3000" }))).toBe(false);
    expect(isSameOrigin(headers({ origin: "", host: "127.0.0.1:3000" }))).toBe(false);
    expect(isSameOrigin(headers({ origin: "not a url", host: "127.0.0.1:3000" }))).toBe(false);
    expect(isSameOrigin(headers({ host: "127.0.0.1:3000" }))).toBe(true);
  });

  it("falls back to the request URL's host when no Host header is present", () => {
    expect(isSameOrigin(headers({ origin: "http://lab.test" }), "http://lab.test/x")).toBe(true);
    expect(isSameOrigin(headers({ origin: "http://evil.test" }), "http://lab.test/x")).toBe(false);
  });
});

describe("refuseCrossOriginPagePost", () => {
  const post = (origin: string, method = "POST") => new Request("http://127.0.0.1:3000/settings", { method, headers: { origin, host: "127.0.0.1:3000" } });

  it("answers a cross-origin POST with a 403 naming the origin", async () => {
    const refusal = refuseCrossOriginPagePost(post("http://evil.example"));
    expect(refusal?.status).toBe(403);
    expect(await refusal?.json()).toEqual({ error: "origin: cross-origin request refused" });
    expect(refuseCrossOriginPagePost(post("http://evil.example", "DELETE"))?.status).toBe(403);
  });

  it("lets same-origin posts and every GET through", () => {
    expect(refuseCrossOriginPagePost(post("http://127.0.0.1:3000"))).toBeNull();
    expect(refuseCrossOriginPagePost(post("http://evil.example", "GET"))).toBeNull();
  });
});
