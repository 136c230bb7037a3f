// Every read route refuses a bad query parameter in the one shape: 400, `query parameter "p": why`, `field: p`
// and the problems under `errors`. Before, the routes that parse with zod (jobs, proposals, run metrics, find)
// left `field` out and the rollouts list left `errors` out, so a client could not read the field the same way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-query-refusal-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const jobs = await import("./jobs/route");
const proposals = await import("./proposals/route");
const metrics = await import("./runs/[id]/metrics/route");
const find = await import("./rollouts/[id]/find/route");
const curves = await import("./curves/route");
const rollouts = await import("./rollouts/route");

let token = "";
beforeAll(() => {
  token = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

const request = (url: string) => new Request(`http://127.0.0.1:3000${url}`, { headers: { authorization: `Bearer ${token}` } });
const id = { params: Promise.resolve({ id: "x" }) };

describe("a bad query parameter", () => {
  it.each([
    ["jobs", "limit", () => jobs.GET(request("/api/v1/jobs?limit=lots"))],
    ["jobs", "colour", () => jobs.GET(request("/api/v1/jobs?colour=red"))],
    ["proposals", "experiment", () => proposals.GET(request(`/api/v1/proposals?experiment=${"e".repeat(300)}`))],
    ["run metrics", "keys", () => metrics.GET(request(`/api/v1/runs/x/metrics?keys=${"k".repeat(10_001)}`), id)],
    ["find", "q", () => find.GET(request("/api/v1/rollouts/x/find?q="), id)],
    ["curves", "x", () => curves.GET(request("/api/v1/curves?runs=r&x=sideways"))],
    ["rollouts", "limit", () => rollouts.GET(request("/api/v1/rollouts?limit=0"))],
  ])("%s ?%s= is refused in the one shape", async (_route, field, answer) => {
    const response = await answer();
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["error", "errors", "field"]);
    expect(body.field).toBe(field);
    expect(body.error).toMatch(new RegExp(`^query parameter "${field}": .+`));
    expect(body.errors[0]).toEqual({ parameter: field, message: body.error.slice(`query parameter "${field}": `.length) });
  });
});
