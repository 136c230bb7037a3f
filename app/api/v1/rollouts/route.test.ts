// GET /api/v1/rollouts with the browser's parameters, through the real route handler: filters, sort and
// cursor, counts, and every bad parameter answered with a 400 that names it (never a 500).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-rollouts-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { seedBrowserStore } = await import("@/test/fixtures/trajectory-browser/seed");
const route = await import("./route");

let token = "";
const get = async (query: string) => {
  const response = await route.GET(new Request(`http://127.0.0.1/api/v1/rollouts?${query}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(() => {
  seedBrowserStore(getStore());
  token = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/v1/rollouts with browser parameters", () => {
  it("filters, sorts and pages with the cursor it returns", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let rewards: (number | null)[] = [];
    do {
      const page = await get(`experiment=exp-a&outcome=failure&sort=reward&dir=asc&limit=4${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      const rows = page.body.rollouts as { id: string; reward: number | null; outcome: string; experimentId: string }[];
      for (const r of rows) expect(r).toMatchObject({ outcome: "failure", experimentId: "exp-a" });
      seen.push(...rows.map((r) => r.id));
      rewards = [...rewards, ...rows.map((r) => r.reward)];
      cursor = page.body.nextCursor as string | null;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(4);
    expect(rewards).toEqual([...rewards].sort((a, b) => (a as number) - (b as number)));
  });

  it("adds counts by outcome when asked", async () => {
    const { status, body } = await get("experiment=exp-b&counts=true&limit=1");
    expect(status).toBe(200);
    const counts = body.counts as Record<string, number>;
    const all = await get("experiment=exp-b&limit=500");
    expect(counts.success + counts.failure + counts.unknown).toBe((all.body.rollouts as unknown[]).length);
  });

  it("searches words as text, whatever FTS5 syntax they hold", async () => {
    for (const q of ['"foo" OR bar*', "NEAR(", "foo AND", "col:x", "a*b^c"]) {
      const { status } = await get(`q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
    }
    const found = await get(`q=${encodeURIComponent("zephyrquux")}`);
    expect((found.body.rollouts as { id: string }[]).map((r) => r.id)).toEqual(["s-observation"]);
  });

  it.each([
    ["q=%22%22%22", "q"],
    // NUL ended SQLite's FTS5 string ("unterminated string": a 500); every control character is refused.
    ["q=zephyr%00quux", "q"],
    ["q=zephyrquux%00", "q"],
    ["q=zephyr%1B%5B31mquux", "q"],
    ["outcome=maybe", "outcome"],
    ["sort=colour", "sort"],
    ["reward_min=x", "reward_min"],
    ["hook=nowhere", "hook"],
    ["limit=0", "limit"],
    ["limit=501", "limit"],
    ["counts=yes", "counts"],
    ["cursor=zzz", "cursor"],
    ["colour=red", "colour"],
    ["outcome=success&outcome=failure", "outcome"],
  ])("answers %s with 400 naming %s", async (query, field) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.field).toBe(field);
    expect(body.error).toContain(`"${field}"`);
  });

  it("refuses a cursor issued for another sort order", async () => {
    const first = await get("sort=reward&dir=desc&limit=2");
    const other = await get(`sort=turns&dir=desc&cursor=${first.body.nextCursor as string}`);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatch(/another sort order/);
  });
});
