// The viewer's read API through the real route handlers: a turn in full, its raw JSON, the whole
// submission, find; auth first, then 4xx naming the bad parameter, ids with ":", "/" and spaces.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { FIND_WORD, PATCH, viewerEvents, viewerIds } from "@/test/fixtures/viewer/viewer-events";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-viewer-api-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const turn = await import("./turns/[idx]/route");
const raw = await import("./turns/[idx]/raw/route");
const find = await import("./find/route");
const submission = await import("./submission/route");

const ids = viewerIds("api");
let token = "";
const get = (url: string, auth = true) => new Request(`http://127.0.0.1:3000${url}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
const params = <T extends Record<string, string>>(p: T) => ({ params: Promise.resolve(p) });
const enc = encodeURIComponent;

beforeAll(() => {
  const outcome = applyEvents(getStore(), viewerEvents("api"));
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  token = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/v1/rollouts/{id}/turns/{idx}", () => {
  it("returns every field of the turn in full", async () => {
    const res = await turn.GET(get(`/api/v1/rollouts/${enc(ids.rollout)}/turns/2`), params({ id: ids.rollout, idx: "2" }));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ idx: 2, fields: { action: "cat src/range.py", "hook:1": "2 tests failing" } });
  });

  it("needs credentials, a whole-number index and an existing turn", async () => {
    expect((await turn.GET(get("/x", false), params({ id: ids.rollout, idx: "2" }))).status).toBe(401);
    const bad = await turn.GET(get("/x"), params({ id: ids.rollout, idx: "two" }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "idx", error: expect.stringContaining("whole number") });
    expect((await turn.GET(get("/x"), params({ id: ids.rollout, idx: "70" }))).status).toBe(404);
  });
});

describe("GET /api/v1/rollouts/{id}/turns/{idx}/raw", () => {
  it("returns the stored original JSON, or null when there is none", async () => {
    const kept = await raw.GET(get("/x"), params({ id: ids.rollout, idx: "2" }));
    expect(await kept.json()).toMatchObject({ idx: 2, raw: { role: "assistant", extra: { model: "policy-9b" } } });
    const none = await raw.GET(get("/x"), params({ id: ids.rollout, idx: "3" }));
    expect(await none.json()).toEqual({ idx: 3, raw: null });
  });
});

describe("GET /api/v1/rollouts/{id}/submission", () => {
  it("returns the whole patch, 404 for an unknown rollout", async () => {
    expect(await (await submission.GET(get("/x"), params({ id: ids.rollout }))).json()).toEqual({ submission: PATCH });
    expect((await submission.GET(get("/x"), params({ id: "nope" }))).status).toBe(404);
  });
});

describe("GET /api/v1/rollouts/{id}/find", () => {
  it("returns match positions for the query", async () => {
    const res = await find.GET(get(`/api/v1/rollouts/${enc(ids.rollout)}/find?q=${FIND_WORD}`), params({ id: ids.rollout }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { query: string; matches: unknown[]; truncated: boolean };
    expect(body.query).toBe(FIND_WORD);
    expect(body.matches.length).toBeGreaterThanOrEqual(4);
    expect(body.matches[0]).toEqual([1, "content", expect.any(Number), expect.any(Number)]);
  });

  it("names the parameter when the query is missing or too long", async () => {
    for (const url of ["/api/v1/rollouts/x/find", `/api/v1/rollouts/x/find?q=${"a".repeat(201)}`, "/api/v1/rollouts/x/find?q=a&extra=1"]) {
      const res = await find.GET(get(url), params({ id: ids.rollout }));
      expect(res.status, url).toBe(400);
      expect((await res.json()).error, url).toMatch(/query parameter "(q|extra)?"?/);
    }
    expect((await find.GET(get("/api/v1/rollouts/nope/find?q=a"), params({ id: "nope" }))).status).toBe(404);
  });
});
