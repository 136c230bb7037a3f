// The HTTP contract end to end through the real route handlers: auth, all-or-nothing ingestion,
// idempotency, and every event type coming back out of the read API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exampleEvents } from "@/lib/events/examples";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-api-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken, revokeApiToken } = await import("@/lib/services/auth/api-tokens");
const events = await import("@/app/api/v1/events/route");
const experiments = await import("@/app/api/v1/experiments/route");
const experiment = await import("@/app/api/v1/experiments/[id]/route");
const metrics = await import("@/app/api/v1/runs/[id]/metrics/route");
const rolloutList = await import("@/app/api/v1/rollouts/route");
const rollout = await import("@/app/api/v1/rollouts/[id]/route");
const proposals = await import("@/app/api/v1/proposals/route");
const harnessVersion = await import("@/app/api/v1/harness-versions/[id]/route");

let ingestToken = "";
let readToken = "";
const base = "http://127.0.0.1:3000";
const post = (body: string, token = ingestToken, type = "application/json") =>
  events.POST(new Request(`${base}/api/v1/events`, { method: "POST", body, headers: { authorization: `Bearer ${token}`, "content-type": type } }));
const get = (url: string, token = readToken) => new Request(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const count = (table: string) => (getStore().sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeAll(() => {
  ingestToken = createApiToken(getStore(), { name: "ingest", scopes: ["ingest"], createdBy: null }).secret;
  readToken = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/v1/events", () => {
  it("refuses requests without a valid token or scope, writing nothing", async () => {
    const body = JSON.stringify(exampleEvents("auth"));
    const anonymous = await events.POST(new Request(`${base}/api/v1/events`, { method: "POST", body }));
    expect(anonymous.status).toBe(401);
    expect((await post(body, "hl_not-a-token")).status).toBe(401);
    const wrongScope = await post(body, readToken);
    expect(wrongScope.status).toBe(403);
    expect((await wrongScope.json()).error).toMatch(/scope "ingest"/);
    const revoked = createApiToken(getStore(), { name: "old", scopes: ["ingest"], createdBy: null });
    revokeApiToken(getStore(), revoked.id, { actorKind: "system", actorId: null });
    const afterRevoke = await post(body, revoked.secret);
    expect(afterRevoke.status).toBe(401);
    expect((await afterRevoke.json()).error).toBe("token revoked");
    expect(count("experiments")).toBe(0);
  });

  it.each([
    ["not JSON", "{oops", 400, /not valid JSON/],
    ["a bare number", "42", 400, /JSON array of events or NDJSON/],
    ["an unknown event type", JSON.stringify([{ type: "banana", id: "x" }]), 400, /1 problem/],
    ["an empty array", "[]", 400, /no events/],
  ])("answers %s with a 4xx naming the problem", async (_name, body, status, message) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toMatch(message);
    expect(count("experiments")).toBe(0);
  });

  it("names the index, field and reason of a wrong field type", async () => {
    const batch = exampleEvents("bad") as Record<string, unknown>[];
    batch[1] = { ...batch[1], status: 7 };
    const response = await post(JSON.stringify(batch));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[0]).toMatchObject({ index: 1, path: "status" });
    expect(count("runs")).toBe(0);
  });

  it("refuses a missing parent with 400 naming it", async () => {
    const response = await post(JSON.stringify([{ type: "run", id: "orphan", experiment: "nowhere", kind: "train", status: "running" }]));
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0].message).toBe('experiment "nowhere" does not exist (not in the store, not in this request)');
  });

  it("refuses an unsupported content type with 415", async () => {
    expect((await post("[]", ingestToken, "multipart/form-data")).status).toBe(415);
  });

  it("applies NDJSON and counts what was new and what was already present", async () => {
    const ndjson = exampleEvents("rt").map((e) => JSON.stringify(e)).join("\n");
    const first = await post(ndjson, ingestToken, "application/x-ndjson");
    expect(first.status).toBe(200);
    const firstBody = await first.json();
    expect(firstBody.applied.rollout).toBe(4);
    const again = await (await post(ndjson, ingestToken, "application/x-ndjson")).json();
    expect(again.applied).toEqual({});
    expect(again.unchanged.rollout).toBe(4);
  });

  it("returns 409 for a changed immutable record", async () => {
    const rolloutEvent = exampleEvents("rt").find((e) => e.type === "rollout")!;
    const response = await post(JSON.stringify([{ ...rolloutEvent, reward: 0.5 }]));
    expect(response.status).toBe(409);
    expect((await response.json()).errors[0].message).toMatch(/already exists with different content/);
  });
});

describe("read API round trip", () => {
  it("refuses reads without credentials", async () => {
    expect((await experiments.GET(new Request(`${base}/api/v1/experiments`))).status).toBe(401);
  });

  it("returns every event type that was ingested", async () => {
    const list = await (await experiments.GET(get("/api/v1/experiments"))).json();
    expect(list.experiments.map((e: { id: string }) => e.id)).toContain("rt-exp");

    const detail = await (await experiment.GET(get("/api/v1/experiments/rt-exp"), params("rt-exp"))).json();
    expect(detail.experiment).toMatchObject({ id: "rt-exp", method: "harnessadapt-rl" });
    expect(detail.runs[0]).toMatchObject({ id: "rt-run", status: "finished" });
    expect(detail.trainingRates).toMatchObject({ rollouts: 4, successes: 2 });
    const { records } = detail;
    expect(records.harnessVersions.map((v: { label: string }) => v.label)).toEqual(["H0", "H1"]);
    expect(records.harnessVersions[1].files).toContainEqual(expect.objectContaining({ path: "hooks/report_failures.py", hookPosition: "pre_action" }));
    expect(records.checkpoints[0]).toMatchObject({ id: "rt-ckpt", role: "policy", step: 2 });
    expect(records.skills[0].sourceRollouts).toEqual(expect.arrayContaining(["rt-r-0-0", "rt-r-0-1"]));
    expect(records.evolutionRounds[0]).toMatchObject({ epoch: 1, idx: 0, incumbentHarnessVersionId: "rt-h0" });
    expect(records.evalRuns[0].results).toHaveLength(2);
    expect(records.failurePackets[0].rollouts).toHaveLength(2);
    expect(records.patchEvaluations[0]).toMatchObject({ reward: 0.25, valid: true, hookPositions: ["pre_action"] });

    const h1 = await (await harnessVersion.GET(get("/api/v1/harness-versions/rt-h1"), params("rt-h1"))).json();
    expect(h1.files.find((f: { path: string }) => f.path === "hooks/report_failures.py").content).toContain("def hook");

    const series = await (await metrics.GET(get("/api/v1/runs/rt-run/metrics?keys=critic/score/mean"), params("rt-run"))).json();
    expect(series.series["critic/score/mean"]).toEqual([expect.objectContaining({ step: 1, value: 0.5 })]);
    expect(series.keys).toEqual(["batch/solve_all", "critic/score/mean"]);

    const one = await (await rollout.GET(get("/api/v1/rollouts/rt-r-0-0"), params("rt-r-0-0"))).json();
    expect(one).toMatchObject({ taskKey: "rt-range-off-by-one", success: true, numTurns: 3 });
    expect(one.turns[1].hooks[0]).toMatchObject({ position: "pre_decision", hook: "inject_test_status" });
    expect(one.turns[1].action).toEqual({ tool: "view", path: "src/range.js" });

    const props = await (await proposals.GET(get("/api/v1/proposals?experiment=rt-exp"))).json();
    expect(props.proposals[0]).toMatchObject({ id: "rt-prop", status: "accepted", parentProposalId: null });
    expect(props.proposals[0].comparisons[0]).toMatchObject({ baseRollouts: ["rt-r-0-0"], candidateRollouts: ["rt-r-1-0"] });
    expect(props.proposals[0].decisions[0]).toMatchObject({ verdict: "accept", actorKind: "rule" });
  });

  it("pages through rollouts with a cursor, each exactly once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/v1/rollouts?experiment=rt-exp&limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await (await rolloutList.GET(get(url))).json();
      seen.push(...page.rollouts.map((r: { id: string }) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(["rt-r-0-0", "rt-r-0-1", "rt-r-1-0", "rt-r-1-1"]);
  });

  it("answers bad query parameters with 400 naming the parameter", async () => {
    const response = await rolloutList.GET(get("/api/v1/rollouts?limit=abc"));
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatch(/"limit"/);
    const unknown = await rolloutList.GET(get("/api/v1/rollouts?colour=red"));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/colour/);
    expect((await rolloutList.GET(get("/api/v1/rollouts?cursor=zzz"))).status).toBe(400);
  });
});
