// A page on another origin cannot write with the researcher's session: a cross-origin form post of a
// server action (what a hostile page can send: a plain HTML form, no custom headers) is refused with a
// 403 and changes nothing, and so are cookie-authenticated writes to the ingestion API and to job launch.
// Each refusal is paired with the same request from this origin, which goes through — so the refusal is
// the origin's doing, not a malformed replay.
import { test, expect } from "./fixtures";

const EVIL = "http://evil.example";

test("a cross-origin post of a server action (Create API token) is refused with a 403 and creates nothing", async ({ page, server }) => {
  const name = `e2e-security-csrf-${Date.now()}`;
  await page.goto("/settings");
  const form = page.getByRole("form", { name: "Create API token" });
  await form.getByLabel("Token name").fill(name);
  // The form's progressive-enhancement fields, as a plain HTML form on any site could post them.
  const fields = await form.evaluate((element) => [...new FormData(element as HTMLFormElement).entries()].map(([k, v]) => [k, String(v)] as [string, string]));
  expect(fields.some(([k]) => k.startsWith("$ACTION"))).toBe(true);
  const body = () => {
    const data = new FormData();
    for (const [k, v] of fields) data.append(k, v);
    return data;
  };
  const tokens = page.getByRole("table", { name: "API tokens" });

  const forged = await page.request.post("/settings", { multipart: body(), headers: { origin: EVIL }, maxRedirects: 0 });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ error: "origin: cross-origin request refused" });
  // The opaque origin a sandboxed frame sends is another origin too.
  const sandboxed = await page.request.post("/settings", { multipart: body(), headers: { origin: "null" }, maxRedirects: 0 });
  expect(sandboxed.status()).toBe(403);
  await page.goto("/settings");
  await expect(page.getByRole("form", { name: "Create API token" })).toBeVisible();
  await expect(page.getByText(name)).toHaveCount(0);

  const control = await page.request.post("/settings", { multipart: body(), headers: { origin: server.baseURL }, maxRedirects: 0 });
  expect(control.status()).toBeLessThan(400);
  await page.goto("/settings");
  await expect(tokens.getByRole("row").filter({ hasText: name })).toHaveCount(1);
});

test("a cookie-authenticated POST /api/v1/events from another origin is refused and writes nothing", async ({ request, server }) => {
  const id = `e2e-security-origin-${Date.now()}`;
  const events = [{ type: "experiment", id, name: "written only from this origin", method: "custom" }];
  const forged = await request.post("/api/v1/events", { data: events, headers: { origin: EVIL } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ error: "cross-origin request refused" });
  expect((await request.get(`/api/v1/experiments/${id}`)).status()).toBe(404);

  const control = await request.post("/api/v1/events", { data: events, headers: { origin: server.baseURL } });
  expect(control.status(), await control.text()).toBe(200);
  expect((await request.get(`/api/v1/experiments/${id}`)).status()).toBe(200);
});

test("a cookie-authenticated job launch from another origin is refused before anything is read", async ({ request, server }) => {
  const count = async () => ((await (await request.get("/api/v1/jobs?limit=500")).json()) as { jobs: unknown[] }).jobs.length;
  const before = await count();
  const launch = { template: "e2e-security-no-such-template", params: {} };
  const forged = await request.post("/api/v1/jobs", { data: launch, headers: { origin: EVIL } });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ error: "cross-origin request refused" });
  // From this origin the same request gets past the origin check, to the template lookup.
  const control = await request.post("/api/v1/jobs", { data: launch, headers: { origin: server.baseURL } });
  expect(control.status()).not.toBe(403);
  expect((await control.json()).error).toMatch(/template/);
  expect(await count()).toBe(before);
});
