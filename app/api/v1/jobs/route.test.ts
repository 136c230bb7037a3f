// The jobs API through its real route handlers with real local jobs (tiny node scripts): who may read, launch
// and cancel; 400s naming the field or the parameter; a launch that runs to its end, its log (chunked and
// streamed), and a cancel of a slow job.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-jobs-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");
delete process.env.HARNESS_LAB_ADMIN_TOKEN;

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const { createUser } = await import("@/lib/services/auth/users");
const { createSession, SESSION_COOKIE } = await import("@/lib/services/auth/sessions");
const jobsLib = await import("@/lib/services/jobs");
const list = await import("./route");
const one = await import("./[id]/route");
const log = await import("./[id]/log/route");
const cancel = await import("./[id]/cancel/route");

const base = "http://127.0.0.1:3000";
const EXP = "jobs-api-exp";
const tokens = { admin: "", read: "" };
const cookies = { viewer: "", reviewer: "" };
const store = () => getStore();

beforeAll(async () => {
  const applied = applyEvents(store(), [{ type: "experiment", id: EXP, name: "Jobs API", method: "custom" }]);
  if (!applied.ok) throw new Error(JSON.stringify(applied.errors));
  tokens.admin = createApiToken(store(), { name: "admin", scopes: ["admin"], createdBy: null }).secret;
  tokens.read = createApiToken(store(), { name: "read", scopes: ["read"], createdBy: null }).secret;
  for (const role of ["viewer", "reviewer"] as const) {
    const created = await createUser(store(), { username: `u-${role}`, role });
    if (!created.ok) throw new Error(created.error);
    cookies[role] = `${SESSION_COOKIE}=${createSession(store(), created.user.id).value}`;
  }
  jobsLib.seedReferenceTemplates(store());
  const admin = { kind: "token" as const, id: "test-admin", scopes: ["admin" as const] };
  const script = (id: string, code: string) => {
    const saved = jobsLib.saveTemplate(store(), {
      id, experimentId: EXP, actor: admin,
      spec: { name: id, kind: "custom", command: ["{node}", "-e", code.replace(/[{}]/g, (c) => c + c), "{seconds}"], placeholders: { seconds: { type: "repeats", min: 1, max: 120, default: 1 } } },
    });
    if (!saved.ok) throw new Error(saved.error);
  };
  script("hello", `console.log("hello from the job"); console.log(JSON.stringify({harness_lab_progress:1,message:"done"}))`);
  script("sleeper", `console.log("sleeping"); setTimeout(() => {}, Number(process.argv[1]) * 1000)`);
  jobsLib.configureJobRuntime(store(), { jobsRoot: path.join(dir, "jobs"), serverUrl: "http://127.0.0.1:9", graceMs: 500, pollMs: 100 });
  jobsLib.startJobSupervisor(store());
}, 60_000);

afterAll(async () => {
  await jobsLib.jobRuntime(store()).stop();
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const get = (url: string, headers: Record<string, string> = bearer(tokens.read)) => new Request(`${base}${url}`, { headers });
const post = (url: string, body: unknown, headers: Record<string, string>) =>
  new Request(`${base}${url}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body), headers: { "content-type": "application/json", ...headers } });
const idParams = (id: string) => ({ params: Promise.resolve({ id }) });
const launch = (body: unknown, headers: Record<string, string> = bearer(tokens.admin)) => list.POST(post("/api/v1/jobs", body, headers));

async function until(jobId: string, statuses: string[], timeoutMs = 30_000): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await (await one.GET(get(`/api/v1/jobs/${jobId}`), idParams(jobId))).json()).job;
    if (statuses.includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} stayed ${job.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("POST /api/v1/jobs", () => {
  it("refuses strangers (401), read tokens and viewers (403), cross-origin sessions (403); records nothing", async () => {
    const body = { template: "hello", experiment: EXP };
    expect((await launch(body, {})).status).toBe(401);
    const readToken = await launch(body, bearer(tokens.read));
    expect(readToken.status).toBe(403);
    expect((await readToken.json()).error).toMatch(/scope "admin"/);
    // The refused token's use is not recorded: a refused launch writes nothing.
    const fresh = createApiToken(store(), { name: "fresh read", scopes: ["read"], createdBy: null });
    expect((await launch(body, bearer(fresh.secret))).status).toBe(403);
    expect(store().sqlite.prepare("SELECT last_used_at FROM api_tokens WHERE id = ?").pluck().get(fresh.id)).toBeNull();
    const viewer = await launch(body, { cookie: cookies.viewer });
    expect(viewer.status).toBe(403);
    expect((await viewer.json()).error).toMatch(/viewers cannot launch/);
    expect((await launch(body, { cookie: cookies.reviewer, origin: "http://evil.test" })).status).toBe(403);
    expect((await (await list.GET(get("/api/v1/jobs"))).json()).jobs).toEqual([]);
  });

  it("answers 400 naming the field or each bad parameter", async () => {
    expect(await (await launch("{not json")).json()).toMatchObject({ error: expect.stringMatching(/^body:/) });
    const noTemplate = await launch({ experiment: EXP });
    expect(noTemplate.status).toBe(400);
    expect(await noTemplate.json()).toMatchObject({ field: "template" });
    expect(await (await launch({ template: "hello", experiment: EXP, extra: 1 })).json()).toMatchObject({ field: "extra" });
    const unknown = await launch({ template: "nope", experiment: EXP });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatch(/^template: template "nope" does not exist/);
    const noExperiment = await launch({ template: "reference-train-epoch", experiment: "missing" });
    expect(noExperiment.status).toBe(400);
    expect((await noExperiment.json()).error).toMatch(/^experiment: /);
    const bad = await launch({ template: "sleeper", experiment: EXP, params: { seconds: "500", colour: "red" } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).problems).toEqual(expect.arrayContaining([
      { param: "seconds", message: "must be between 1 and 120" },
      { param: "colour", message: "is not a placeholder of this template" },
    ]));
  });

  it("launches a tiny job as a reviewer session; it succeeds; its log reads in chunks and as a stream", async () => {
    const res = await launch({ template: "hello", experiment: EXP, params: {} }, { cookie: cookies.reviewer, origin: base });
    expect(res.status).toBe(201);
    const { job } = await res.json();
    expect(job).toMatchObject({ templateId: "hello", experimentId: EXP, createdByName: "u-reviewer" });
    expect(job.logPath).toBeUndefined();
    const done = await until(job.id, ["succeeded", "failed", "lost"]);
    expect(done).toMatchObject({ status: "succeeded", exitCode: 0, progress: 1, progressMessage: "done" });

    const chunk = await (await log.GET(get(`/api/v1/jobs/${job.id}/log`), idParams(job.id))).json();
    expect(chunk.text).toContain("hello from the job");
    expect(chunk).toMatchObject({ done: true, nextOffset: chunk.size });
    const rest = await (await log.GET(get(`/api/v1/jobs/${job.id}/log?offset=${chunk.nextOffset}`), idParams(job.id))).json();
    expect(rest).toMatchObject({ text: "", done: true });
    const streamed = await log.GET(get(`/api/v1/jobs/${job.id}/log?follow=1&offset=6`), idParams(job.id));
    expect(streamed.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await streamed.text()).toBe(chunk.text.slice(6));

    expect((await log.GET(get(`/api/v1/jobs/${job.id}/log?offset=-1`), idParams(job.id))).status).toBe(400);
    expect((await log.GET(get(`/api/v1/jobs/nope/log`), idParams("nope"))).status).toBe(404);
  });
});

describe("GET /api/v1/jobs", () => {
  it("filters, and names a bad filter", async () => {
    const all = (await (await list.GET(get("/api/v1/jobs"))).json()).jobs;
    expect(all.length).toBeGreaterThan(0);
    expect((await (await list.GET(get("/api/v1/jobs?status=running"))).json()).jobs).toEqual([]);
    expect((await (await list.GET(get(`/api/v1/jobs?status=succeeded&experiment=${EXP}`))).json()).jobs.map((j: { id: string }) => j.id)).toEqual(all.map((j: { id: string }) => j.id));
    const bad = await list.GET(get("/api/v1/jobs?status=sleeping"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/^query parameter "status"/);
    expect((await list.GET(get("/api/v1/jobs", {}))).status).toBe(401);
    expect((await one.GET(get("/api/v1/jobs/nope"), idParams("nope"))).status).toBe(404);
  });
});

describe("POST /api/v1/jobs/{id}/cancel", () => {
  it("viewers cannot cancel; an admin token cancels a running job, which ends cancelled; a second cancel is 409", async () => {
    const { job } = await (await launch({ template: "sleeper", experiment: EXP, params: { seconds: "60" } })).json();
    await until(job.id, ["running"]);
    const cancelAs = (headers: Record<string, string>) => cancel.POST(post(`/api/v1/jobs/${job.id}/cancel`, "", headers), idParams(job.id));
    const viewer = await cancelAs({ cookie: cookies.viewer });
    expect(viewer.status).toBe(403);
    expect((await cancelAs(bearer(tokens.read))).status).toBe(403);
    const ok = await cancelAs(bearer(tokens.admin));
    expect(ok.status).toBe(200);
    const ended = await until(job.id, ["cancelled", "failed", "succeeded", "lost"]);
    expect(ended).toMatchObject({ status: "cancelled", statusReason: "cancelled by admin" });
    expect((await cancelAs(bearer(tokens.admin))).status).toBe(409);
    expect((await cancel.POST(post("/api/v1/jobs/nope/cancel", "", bearer(tokens.admin)), idParams("nope"))).status).toBe(404);
  }, 40_000);
});
