// GET /api/v1/curves: 400 naming the parameter for bad input, 404 for an unknown run, the curves otherwise.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-curves-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/auth/api-tokens");
const route = await import("./route");

const RUN = "route:curves/run 1";
let token = "";
let ingestOnly = "";
const get = (query: string, secret: string | null = token) =>
  route.GET(new Request(`http://127.0.0.1:3000/api/v1/curves${query}`, { headers: secret ? { authorization: `Bearer ${secret}` } : {} }));

beforeAll(() => {
  const outcome = applyEvents(getStore(), [
    { type: "experiment", id: "route:curves", name: "Route curves", method: "grpo" },
    { type: "run", id: RUN, experiment: "route:curves", kind: "train", status: "running" },
    ...[0, 1, 2].map((step) => ({ type: "metrics", run: RUN, step, values: { "critic/score/mean": step / 2, "a b": 1 } })),
  ]);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  token = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
  ingestOnly = createApiToken(getStore(), { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

const runs = `runs=${encodeURIComponent(RUN)}`;

describe("GET /api/v1/curves", () => {
  it("answers the series of a run, the training rates by default", async () => {
    const res = await get(`?${runs}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.series.map((s: { key: string }) => s.key)).toEqual([
      "train:trainable_rate", "train:pass_rate", "train:mixed_group_ratio", "train:truncation_rate", "train:mean_reward",
    ]);
    expect(body.series[4]).toMatchObject({ source: { kind: "trainer", key: "critic/score/mean" }, y: [0, 0.5, 1], s: [0, 0.5, 1] });
    expect(body.runs[0].metricKeys).toEqual(["a b", "critic/score/mean"]);
  });

  it("reads lists whose commas arrive encoded (Next re-encodes the query before the route sees it)", async () => {
    const res = await get(`?${runs}&keys=critic%2Fscore%2Fmean%2Cbatch%2Fsolve_all&x=step&points=100&smoothing=0.5`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.series.map((s: { key: string; source: { kind: string } }) => [s.key, s.source.kind])).toEqual([
      ["critic/score/mean", "metric"], ["batch/solve_all", "none"],
    ]);
    expect(body.smoothing).toBe(0.5);
  });

  it.each([
    ["", "runs", "name at least one run id"],
    [`?${runs}&x=wall`, "x", "must be one of step, epoch, time"],
    [`?${runs}&points=5`, "points", "must be from 16 to 10000"],
    [`?${runs}&points=many`, "points", "must be a whole number"],
    [`?${runs}&smoothing=1.5`, "smoothing", "must be a number from 0 to 0.99"],
    [`?${runs}&keys=${Array.from({ length: 21 }, (_, i) => `k${i}`).join(",")}`, "keys", "at most 20 entries"],
    [`?${runs}&colour=red`, "colour", "unknown parameter (expected runs, keys, x, points, smoothing)"],
    [`?${runs}&${runs}`, "runs", "give it once"],
  ])("answers 400 naming the parameter for %s", async (query, field, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: `query parameter "${field}": ${message}`, field });
  });

  it("answers 404 for an unknown run and refuses strangers and tokens without read", async () => {
    const res = await get(`?${runs},nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'run "nope" not found' });
    expect((await get(`?${runs}`, null)).status).toBe(401);
    expect((await get(`?${runs}`, ingestOnly)).status).toBe(403);
  });
});
