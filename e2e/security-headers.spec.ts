// The response headers on a page and on the API, and the page Content-Security-Policy lived with: Monaco's
// diff (its worker's decorations), a run's charts with the PNG export, the trajectory viewer, the proposal
// page, a task page and the sign-in page load with NO violation; the nonce is fresh on each load; and the
// policy is really enforced — markup injected into a page does not run and is reported. Producer text full
// of <script>/<img onerror>/<svg onload> is shown as text everywhere, and nothing in it runs.
import fs from "node:fs";
import type { APIResponse, Page } from "@playwright/test";
import { proposalPath, rolloutPath, runPath, taskPath } from "../lib/http/page-links";
import { test, expect, bearer, SIGNED_OUT } from "./fixtures";
import { watchCsp } from "./csp-watch";
import { hostileEvents, IDS, PAYLOADS, PROPOSAL_TITLE, TASK_TITLE } from "./security-data";

test.beforeAll(async ({ request, server }) => {
  const res = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: hostileEvents() });
  expect(res.status(), await res.text()).toBe(200);
});

/** Every value of a header, so a doubled header (two policies, both enforced) is seen. */
const all = (res: APIResponse | { headersArray(): Promise<{ name: string; value: string }[]> }, name: string) =>
  Promise.resolve(res.headersArray()).then((h) => h.filter((x) => x.name.toLowerCase() === name).map((x) => x.value));

const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1] ?? null;

/** Dialogs and the `__pwned` flag any payload would set: both must stay empty. */
function watchPayloads(page: Page) {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    dialogs,
    pwned: () => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? null),
  };
}

test.describe("headers", () => {
  test("a page carries one nonce CSP and the common headers; no HSTS over plain http", async ({ page }) => {
    const response = (await page.goto("/experiments"))!;
    const policies = await all(response, "content-security-policy");
    expect(policies).toHaveLength(1);
    const policy = policies[0];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'(;|$)/);
    expect(policy).not.toContain("unsafe-eval");
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'self'", "connect-src 'self'", "worker-src 'self'"]) {
      expect(policy).toContain(directive);
    }
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(headers["permissions-policy"]).toContain("camera=()");
    expect(headers["strict-transport-security"]).toBeUndefined();
    expect(headers["x-powered-by"]).toBeUndefined();
  });

  test("an API response gets the static sandboxing policy, and HSTS only behind a TLS proxy", async ({ request, anonymousRequest, server }) => {
    const ok = await request.get("/api/v1/experiments", { headers: bearer(server.adminToken) });
    expect(ok.status()).toBe(200);
    expect(await all(ok, "content-security-policy")).toEqual(["default-src 'none'; frame-ancestors 'none'; sandbox"]);
    expect(ok.headers()["x-content-type-options"]).toBe("nosniff");
    expect(ok.headers()["referrer-policy"]).toBe("same-origin");
    expect(ok.headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect(ok.headers()["strict-transport-security"]).toBeUndefined();
    // Refusals carry the same headers.
    const refused = await anonymousRequest.get("/api/v1/experiments");
    expect(refused.status()).toBe(401);
    expect(await all(refused, "content-security-policy")).toEqual(["default-src 'none'; frame-ancestors 'none'; sandbox"]);
    const viaTls = await request.get("/api/v1/experiments", { headers: { ...bearer(server.adminToken), "x-forwarded-proto": "https" } });
    expect(viaTls.headers()["strict-transport-security"]).toBe("max-age=31536000");
    // A producer's batch is answered by the server's direct ingest door, beside Next's router: the same headers,
    // each once, on its answers and its refusals.
    const ingestRefused = await anonymousRequest.post("/api/v1/events", { headers: { authorization: "Bearer hl_not_a_token" }, data: [] });
    expect(ingestRefused.status()).toBe(401);
    const ingested = await request.post("/api/v1/events", { headers: { ...bearer(server.adminToken), "x-forwarded-proto": "https" }, data: hostileEvents() });
    expect(ingested.status(), await ingested.text()).toBe(200);
    for (const answer of [ingestRefused, ingested]) {
      expect(await all(answer, "content-security-policy")).toEqual(["default-src 'none'; frame-ancestors 'none'; sandbox"]);
      for (const name of ["x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "cross-origin-resource-policy", "permissions-policy"])
        expect(await all(answer, name), name).toEqual([ok.headers()[name]]);
    }
    expect(ingestRefused.headers()["strict-transport-security"]).toBeUndefined();
    expect(ingested.headers()["strict-transport-security"]).toBe("max-age=31536000");
  });

  test("a short API answer goes out as it is, a long one gzipped for a client that accepts it", async ({ request, server }) => {
    const gzip = { ...bearer(server.adminToken), "accept-encoding": "gzip" };
    // A producer's answer of a few dozen bytes: gzip would only cost the server time.
    const small = await request.post("/api/v1/events", {
      headers: gzip,
      data: [
        { type: "experiment", id: "e2e-gzip", name: "answers and gzip", method: "custom" },
        { type: "run", id: "e2e-gzip-run", experiment: "e2e-gzip", kind: "eval", status: "finished" },
        { type: "task", id: "e2e-gzip-task", key: "e2e-gzip-task", benchmark: "bench" },
        {
          type: "rollout", id: "e2e-gzip-rollout", experiment: "e2e-gzip", run: "e2e-gzip-run", task: "e2e-gzip-task", purpose: "eval",
          reward: 1, success: true, turns: [{ role: "assistant", content: "a long turn ".repeat(400) }],
        },
      ],
    });
    expect(small.status(), await small.text()).toBe(200);
    expect(small.headers()["content-encoding"]).toBeUndefined();
    expect(small.headers()["cache-control"]).toBe("no-store, no-transform");
    expect(await small.json()).toMatchObject({ events: 4 });
    // The rollout read back is kilobytes long: still gzipped. (Node's fetch keeps the Content-Encoding header
    // of a body it decodes; Playwright's request does not.)
    const large = await fetch(`${server.baseURL}/api/v1/rollouts/e2e-gzip-rollout`, { headers: gzip });
    expect(large.status).toBe(200);
    expect(large.headers.get("content-encoding")).toBe("gzip");
    expect(large.headers.get("cache-control")).toBe("no-store");
    expect((await large.text()).length).toBeGreaterThan(4800);
  });

  test("the sign-in link answers with no-referrer, so its token travels nowhere", async ({ anonymousRequest }) => {
    const res = await anonymousRequest.get("/sign-in/link?token=hl_link_not-a-real-token", { maxRedirects: 0 });
    expect(res.status()).toBe(303);
    expect(await all(res, "referrer-policy")).toEqual(["no-referrer"]);
  });

  test("the nonce is fresh on every load and is on every script Next renders", async ({ anonymousRequest }) => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await anonymousRequest.get("/sign-in");
      expect(res.status()).toBe(200);
      const nonce = nonceOf((await all(res, "content-security-policy"))[0]);
      expect(nonce).not.toBeNull();
      nonces.push(nonce!);
      const html = await res.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});

test.describe("the pages live with the policy", () => {
  test("the proposal page: hostile text as text, Monaco's diff with its worker's decorations, no violation", async ({ page }) => {
    const csp = await watchCsp(page);
    const payloads = watchPayloads(page);
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await page.goto(proposalPath(IDS.proposal));
    await expect(page.getByRole("heading", { level: 1, name: PROPOSAL_TITLE })).toBeVisible();
    await expect(page.getByText(`Problem ${PAYLOADS.img}`)).toBeVisible();
    await expect(page.getByText(`Rationale ${PAYLOADS.svg}`)).toBeVisible();
    const tree = page.getByRole("navigation", { name: "Changed files" });
    await tree.getByRole("button", { name: /^bash\.py/ }).click();
    const diff = page.getByRole("group", { name: /^Diff of tools\/bash\.py/ });
    await expect(diff.locator(".editor.modified .line-insert").first()).toBeVisible({ timeout: 30_000 });
    // Monaco's codicon font and its worker came from this origin.
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(url.startsWith(new URL(page.url()).origin)).toBe(true);
    await expect(page.locator("img[onerror], svg[onload], main script")).toHaveCount(0);
    expect(await payloads.pwned()).toBeNull();
    expect(payloads.dialogs).toEqual([]);
    expect(csp.take()).toEqual([]);
  });

  test("a run's charts draw and export as PNG under the policy", async ({ page }) => {
    const csp = await watchCsp(page);
    await page.goto(runPath(IDS.run));
    const section = page.getByRole("region", { name: "Training curves" });
    await expect(section.locator("svg.recharts-surface").first()).toBeVisible();
    const [png] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download PNG" }).click()]);
    const bytes = fs.readFileSync((await png.path())!);
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    await expect(section.getByText(/^Downloaded the charts as training-curves\.png/)).toBeVisible();
    expect(csp.take()).toEqual([]);
  });

  test("the trajectory viewer shows every hostile field as text; injected markup is blocked and reported", async ({ page }) => {
    const csp = await watchCsp(page);
    const payloads = watchPayloads(page);
    await page.goto(rolloutPath(IDS.rollout));
    for (const text of [`Content ${PAYLOADS.script}`, `Reasoning ${PAYLOADS.img}`, `Observation ${PAYLOADS.img}`, `Hook ${PAYLOADS.svg}`]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await expect(page.locator("img[onerror], svg[onload], main script")).toHaveCount(0);
    expect(await payloads.pwned()).toBeNull();
    expect(csp.take()).toEqual([]);

    // The policy is enforced, not just sent: markup that reached the DOM (as a rendering bug would put it
    // there) runs none of its handlers, and the browser reports each attempt.
    await page.evaluate((p) => document.body.insertAdjacentHTML("beforeend", `${p.img}${p.svg}`), PAYLOADS);
    await expect.poll(() => csp.take().join("\n"), { message: "the browser reported no violation" }).toMatch(/script-src-attr/);
    expect(await payloads.pwned()).toBeNull();
    expect(payloads.dialogs).toEqual([]);
  });

  test("markup a server-side rendering bug would emit into the page runs nothing, while the page's own scripts do", async ({ page }) => {
    const csp = await watchCsp(page);
    const payloads = watchPayloads(page);
    // The server's real answer, policy and all, with raw markup spliced in where producer text would go.
    await page.route(`**${rolloutPath(IDS.rollout)}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<body([^>]*)>/, `<body$1>${PAYLOADS.script}${PAYLOADS.img}<script src="/_next/static/not-trusted.js"></script>`);
      await route.fulfill({ response, body: html });
    });
    await page.goto(rolloutPath(IDS.rollout));
    // Next's own scripts carry the nonce, so they ran: the client runtime is up.
    await page.waitForFunction(() => typeof (window as unknown as { next?: { version?: string } }).next?.version === "string");
    await expect(page.getByText(`Content ${PAYLOADS.script}`).first()).toBeVisible();
    // The spliced inline script, its event handler and the script from this origin but without the nonce:
    // each blocked and reported.
    const reported: string[] = [];
    const all = () => (reported.push(...csp.take()), reported.join("\n"));
    await expect.poll(all, { message: "no report of the inline script" }).toMatch(/script-src-elem blocked inline/);
    await expect.poll(all, { message: "no report of the event handler" }).toMatch(/script-src-attr blocked inline/);
    await expect.poll(all, { message: "no report of the script without nonce" }).toMatch(/script-src-elem blocked http:\/\/[^ ]+\/not-trusted\.js/);
    expect(await payloads.pwned()).toBeNull();
    expect(payloads.dialogs).toEqual([]);
  });

  test("a task page shows its hostile title as text", async ({ page }) => {
    const csp = await watchCsp(page);
    const payloads = watchPayloads(page);
    await page.goto(taskPath(IDS.task));
    await expect(page.getByRole("heading", { level: 1, name: TASK_TITLE })).toBeVisible();
    await expect(page.locator("img[onerror]")).toHaveCount(0);
    expect(await payloads.pwned()).toBeNull();
    expect(payloads.dialogs).toEqual([]);
    expect(csp.take()).toEqual([]);
  });

  test.describe("signed out", () => {
    test.use({ storageState: SIGNED_OUT });

    test("the sign-in page hydrates and its server action answers under the policy", async ({ page }) => {
      const csp = await watchCsp(page);
      await page.goto("/sign-in");
      await page.getByLabel("Username").fill("e2e-security-nobody");
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "wrong username or password" })).toBeVisible();
      // The answer came from the action (no full reload): the URL did not change.
      await expect(page).toHaveURL(/\/sign-in$/);
      expect(csp.take()).toEqual([]);
    });
  });
});
