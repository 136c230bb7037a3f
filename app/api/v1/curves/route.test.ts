// GET /api/v1/curves: 400 naming the parameter for bad input, 404 for an unknown run or pass@1 scope, the curves
// otherwise, and with pass1= the pass@1 curves of a run or experiment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-curves-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
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
    // pass@1: H0 evaluated at two checkpoints of the run on "v" (per-task results, 2 repeats); "aime" only as a metric.
    { type: "harness_version", id: "route:curves/H0", experiment: "route:curves", label: "H0", files: [] },
    ...[3, 6].map((step) => ({ type: "checkpoint", id: `route:curves/ck${step}`, experiment: "route:curves", run: RUN, role: "policy", step })),
    ...[0, 1, 2].map((t) => ({ type: "task", id: `route:curves/v-${t}`, key: `v-${t}`, benchmark: "v" })),
    ...[["ck3", ["100", "110"]], ["ck6", ["110", "111"]]].flatMap(([ck, repeats]) => (repeats as string[]).map((outcomes, repeat) => ({
      type: "eval_result", id: `route:curves/${ck}-r${repeat}`, experiment: "route:curves", checkpoint: `route:curves/${ck}`,
      harness_version: "route:curves/H0", benchmark: "v", repeat,
      results: [...outcomes].map((o, t) => ({ task: `route:curves/v-${t}`, success: o === "1" })),
    }))),
    ...[3, 6].map((step) => ({ type: "metrics", run: RUN, step, values: { "val/aime/pass@1": step / 10 } })),
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
    expect(body.runs[0].metricKeys).toEqual(["a b", "critic/score/mean", "val/aime/pass@1"]);
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
    [`?${runs}&colour=red`, "colour", "unknown parameter (expected runs, keys, x, points, smoothing, pass1)"],
    [`?${runs}&${runs}`, "runs", "give it once"],
    [`?pass1=run:a&pass1=run:b`, "pass1", "give it once"],
    [`?pass1=${encodeURIComponent(RUN)}`, "pass1", `each entry must be run:<id> or experiment:<id>, not "${RUN}"`],
    [`?pass1=run:a&x=wall`, "x", "must be one of step, epoch, time"],
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

  it("adds the pass@1 curves of a run: matrix cells with intervals over tasks, the trainer's metric for the rest", async () => {
    const res = await get(`?pass1=run:${encodeURIComponent(RUN)}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.series).toEqual([]);
    const [curves] = body.pass1;
    expect(curves.scope).toEqual({ kind: "run", id: RUN });
    expect(curves.series.map((s: { label: string; source: string }) => [s.label, s.source])).toEqual([
      ["H0 · v", "eval results"], ["aime (trainer metrics)", "metrics"],
    ]);
    const v = curves.series[0].points;
    expect(v.map((p: { x: number; checkpointId: string; tasks: number }) => [p.x, p.checkpointId, p.tasks])).toEqual([[3, "route:curves/ck3"], [6, "route:curves/ck6"]].map((r) => [...r, 3]));
    // ck3: per task 1, 0.5, 0 → 0.5; ck6: 1, 1, 0.5 → 5/6.
    expect(v[0].passAt1).toBeCloseTo(0.5, 12);
    expect(v[1].passAt1).toBeCloseTo(5 / 6, 12);
    expect(v[0].lo).toBeLessThan(0.5);
    expect(v[0].cellKey).toBe("route%3Acurves~route%3Acurves%2Fck3~route%3Acurves%2FH0~v");
    expect(curves.series[1].points.map((p: { x: number; passAt1: number; lo: null }) => [p.x, p.passAt1, p.lo])).toEqual([[3, 0.3, null], [6, 0.6, null]]);
  });

  it("serves pass@1 beside the training curves, by experiment, and 404s an unknown scope naming pass1", async () => {
    const both = await (await get(`?${runs}&keys=critic%2Fscore%2Fmean&pass1=experiment:route:curves&x=epoch`)).json();
    expect(both.series.map((s: { key: string }) => s.key)).toEqual(["critic/score/mean"]);
    expect(both.pass1[0]).toMatchObject({ scope: { kind: "experiment", id: "route:curves" }, x: "epoch", benchmarks: ["v"] });
    // The checkpoints name no epoch: counted, not drawn.
    expect(both.pass1[0].series[0]).toMatchObject({ points: [], withoutX: 2 });
    expect("pass1" in (await (await get(`?${runs}`)).json())).toBe(false);
    const res = await get("?pass1=experiment:nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'experiment "nope" not found', field: "pass1" });
    expect((await get("?pass1=run:nope")).status).toBe(404);
    expect((await get(`?pass1=run:${encodeURIComponent(RUN)}`, ingestOnly)).status).toBe(403);
  });
});
