// The header policy as data: the page CSP's directives (each one a decision SECURITY.md explains) and the
// static headers next.config.js gives every response and the API. The browser side — that Monaco and the
// charts really live with these — is e2e/security-headers.spec.ts.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "../../lib/http/content-security-policy";

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(map.has(name), `directive ${name} appears twice`).toBe(false);
    map.set(name, values);
  }
  return map;
}

describe("the page Content-Security-Policy", () => {
  it("allows scripts only with this request's nonce (and what they load), never inline or eval in production", () => {
    const policy = directives(contentSecurityPolicy("abc123==", { dev: false }));
    expect(policy.get("script-src")).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(policy.get("script-src")).not.toContain("'unsafe-inline'");
    expect(policy.get("script-src")).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy("n", { dev: true })).get("script-src")).toContain("'unsafe-eval'");
  });

  it("forbids framing, plugins, <base> and foreign servers", () => {
    const policy = directives(contentSecurityPolicy("n", { dev: false }));
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("connect-src")).toEqual(["'self'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("worker-src")).toEqual(["'self'"]);
    // Styles may be inline (Monaco, recharts), but a nonce next to 'unsafe-inline' would silently disable it.
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
    // No source anywhere is a wildcard or another host.
    for (const [name, values] of policy) for (const v of values) expect(v, `${name} ${v}`).toMatch(/^('[a-z-]+'|'nonce-[^']+'|data:|blob:)$/);
  });

  it("gets a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 1000 }, createNonce));
    expect(nonces.size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});

type HeaderRule = { source: string; has?: { type: string; key: string; value?: string }[]; headers: { key: string; value: string }[] };

describe("next.config.js headers", async () => {
  // Loaded as the plain JavaScript module Next loads (it has no type declarations of its own).
  const configUrl = pathToFileURL(path.resolve(import.meta.dirname, "../../next.config.js")).href;
  const nextConfig = ((await import(configUrl)) as { default: NextConfig }).default;
  const rules = (await nextConfig.headers!()) as HeaderRule[];
  const headersOf = (source: string, withHas = false) =>
    Object.fromEntries(rules.filter((r) => r.source === source && !!r.has === withHas).flatMap((r) => r.headers.map((h) => [h.key, h.value])));

  it("gives every response nosniff, a same-origin referrer, no framing, COOP/CORP and a minimal Permissions-Policy", () => {
    expect(headersOf("/:path*")).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "same-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Cross-Origin-Resource-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    });
  });

  it("gives the API a policy that lets nothing load or run, and never a CSP for pages (the proxy's would be doubled)", () => {
    expect(headersOf("/api/:path*")).toEqual({ "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox" });
    const cspRules = rules.filter((r) => r.headers.some((h) => h.key.toLowerCase() === "content-security-policy"));
    expect(cspRules.map((r) => r.source)).toEqual(["/api/:path*"]);
  });

  it("sends HSTS only for requests a TLS proxy marked https", () => {
    const hsts = rules.filter((r) => r.headers.some((h) => h.key === "Strict-Transport-Security"));
    expect(hsts).toHaveLength(1);
    expect(hsts[0].has).toEqual([{ type: "header", key: "x-forwarded-proto", value: "https" }]);
  });

  it("keeps the one-time sign-in link out of Referer headers", () => {
    expect(headersOf("/sign-in/link")).toEqual({ "Referrer-Policy": "no-referrer" });
    // Later rules win in Next: the specific rule must come after the catch-all one.
    const order = rules.map((r) => r.source);
    expect(order.lastIndexOf("/sign-in/link")).toBeGreaterThan(order.indexOf("/:path*"));
  });
});
