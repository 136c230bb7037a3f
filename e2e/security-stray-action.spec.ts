// A server action posted to a path the proxy used to skip (issue 13, finding 10): /favicon.ico, an unknown
// /api/* path, an API route and one of Next's static files. Next takes any POST carrying a Next-Action
// header for a server action and answered these with a 500; now the proxy answers: 403 from another
// origin, a 4xx from this one. Pages still get their CSP nonce and static files still load.
import { test, expect } from "./fixtures";

const EVIL = "http://evil.example";
const PATHS = ["/favicon.ico", "/api/nope", "/api/v1/events"];

const postAction = (request: import("@playwright/test").APIRequestContext, path: string, origin: string) =>
  request.post(path, { headers: { "next-action": "00aa11bb22cc33dd44ee55ff66778899aabbccdd", origin, "content-type": "text/plain;charset=UTF-8" }, data: "[]", maxRedirects: 0 });

for (const path of PATHS) {
  test(`a server action posted to ${path} is refused with a 4xx, not a 500`, async ({ request, server }) => {
    const forged = await postAction(request, path, EVIL);
    expect(forged.status(), await forged.text()).toBe(403);
    expect(await forged.json()).toEqual({ error: "origin: cross-origin request refused" });
    const sameOrigin = await postAction(request, path, server.baseURL);
    expect(sameOrigin.status(), await sameOrigin.text()).toBe(404);
    expect((await sameOrigin.json()).error).toMatch(/^next-action: /);
  });
}

test("and to one of Next's static files, while pages keep their nonce and static files still load", async ({ page, request, server }) => {
  const response = await page.goto("/experiments");
  expect(response?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  const script = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
  expect(script).toBeTruthy();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()["content-type"]).toMatch(/javascript/);
  expect((await postAction(request, script!, EVIL)).status()).toBe(403);
  const sameOrigin = await postAction(request, script!, server.baseURL);
  expect(sameOrigin.status()).toBeGreaterThanOrEqual(400);
  expect(sameOrigin.status()).toBeLessThan(500);
});
