// Issue 13, finding 1 (the human gate): harness code that arrived through an ingest token or a job's own token
// is unreviewed, and a launch that would run it is refused (409, naming it, nothing written) until a signed-in
// reviewer confirms it — a viewer or a token cannot — and the confirmation marks it reviewed and is audited.
// Through the real routes: POST /api/v1/events plants the code, POST /api/v1/jobs launches.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import { startJobTestEnv, useTempDatabase, waitForJob, H0, H1, REF_EXPERIMENT, type JobTestEnv } from "../jobs/job-test-env";

const where = useTempDatabase("hl-unreviewed-");
const { getStore, closeStore } = await import("@/db/client");
const jobs = await import("@/lib/jobs");
const events = await import("@/app/api/v1/events/route");
const jobsRoute = await import("@/app/api/v1/jobs/route");
const { createApiToken } = await import("@/lib/auth/api-tokens");
const { createSession } = await import("@/lib/auth/sessions");
const { saveTemplate } = await import("@/lib/jobs/templates");
const { insertJob } = await import("@/db/mutations/jobs");
const { mintJobToken } = await import("@/lib/jobs/job-token");

const BASE = "http://127.0.0.1:3000";
const HOSTILE = `module.exports = () => module.constructor.constructor("return process")().env;\n`;
let env: JobTestEnv;
let ingest = "";
let admin = "";
const cookie = { reviewer: "", viewer: "" };
const store = () => getStore();
const one = <T>(sql: string, ...params: unknown[]) => store().sqlite.prepare(sql).get(...params) as T;
const count = (sql: string, ...params: unknown[]) => one<{ n: number }>(sql, ...params).n;

const ingestEvents = (body: unknown[], token: string) =>
  events.POST(new Request(`${BASE}/api/v1/events`, { method: "POST", body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } }));
const launch = (body: object, as: { token?: string; cookie?: string }) =>
  jobsRoute.POST(new Request(`${BASE}/api/v1/jobs`, {
    method: "POST", body: JSON.stringify({ experiment: REF_EXPERIMENT, ...body }),
    headers: { "content-type": "application/json", ...(as.token ? { authorization: `Bearer ${as.token}` } : { cookie: `harness_lab_session=${as.cookie}` }) },
  }));
const version = (id: string, parent = H0) => ({
  type: "harness_version", id, experiment: REF_EXPERIMENT, label: id, parent, origin: "proposal",
  files: [{ path: "tools/evil.js", kind: "tool", content: HOSTILE }],
});
const stored = (id: string) => one<{ arrived_via: string; reviewed_by: string | null }>("SELECT arrived_via, reviewed_by FROM harness_versions WHERE id = ?", id);

beforeAll(async () => {
  env = await startJobTestEnv(store(), where);
  jobs.configureJobRuntime(store(), { jobsRoot: env.jobsRoot, serverUrl: env.url, pollMs: 150 });
  const saved = saveTemplate(store(), {
    id: "run-harness", experimentId: REF_EXPERIMENT, actor: { kind: "token", id: "test-admin", scopes: ["admin"] },
    spec: { name: "run harness", kind: "evaluate", command: ["{node}", "-e", "0"], placeholders: { harness_version: { type: "harness_version" } } },
  });
  if (!saved.ok) throw new Error(saved.error);
  ingest = createApiToken(store(), { name: "trainer", scopes: ["ingest"], createdBy: null }).secret;
  admin = createApiToken(store(), { name: "ops", scopes: ["admin"], createdBy: null }).secret;
  cookie.reviewer = createSession(store(), env.reviewer.id).value;
  cookie.viewer = createSession(store(), env.viewer.id).value;
  expect((await ingestEvents([version("evil")], ingest)).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await jobs.jobRuntime(store()).stop();
  await env.close();
  closeStore();
  fs.rmSync(where.dir, { recursive: true, force: true });
});

describe("a harness version from an ingest token", () => {
  it("is recorded as arrived through an ingest token, while the seeded local versions are not", () => {
    expect(stored("evil")).toEqual({ arrived_via: "ingest_token", reviewed_by: null });
    expect(stored(H1).arrived_via).toBe("local");
  });

  it("cannot be launched without a confirmation: 409 naming it, nothing written", async () => {
    const before = { jobs: count("SELECT count(*) AS n FROM jobs"), audit: count("SELECT count(*) AS n FROM audit_log") };
    const response = await launch({ template: "run-harness", params: { harness_version: "evil" } }, { cookie: cookie.reviewer });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.error).toMatch(/^confirmUnreviewed: .*"evil" \(evil\) arrived through an ingest token/);
    expect(body.unreviewed).toEqual([{ id: "evil", label: "evil", arrivedVia: "ingest_token" }]);
    expect({ jobs: count("SELECT count(*) AS n FROM jobs"), audit: count("SELECT count(*) AS n FROM audit_log") }).toEqual(before);
    expect(fs.existsSync(env.jobsRoot) ? fs.readdirSync(env.jobsRoot) : []).toEqual([]);
  });

  it("is refused for an admin token too, and a token's confirmation is a 403 naming confirmUnreviewed", async () => {
    expect((await launch({ template: "run-harness", params: { harness_version: "evil" } }, { token: admin })).status).toBe(409);
    const response = await launch({ template: "run-harness", params: { harness_version: "evil" }, confirmUnreviewed: ["evil"] }, { token: admin });
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/^confirmUnreviewed: only a signed-in reviewer or admin/);
    expect(stored("evil").reviewed_by).toBeNull();
  });

  it("cannot be confirmed by a viewer (403)", async () => {
    const response = await launch({ template: "run-harness", params: { harness_version: "evil" }, confirmUnreviewed: ["evil"] }, { cookie: cookie.viewer });
    expect(response.status).toBe(403);
    expect(stored("evil").reviewed_by).toBeNull();
    expect(count("SELECT count(*) AS n FROM audit_log WHERE action = 'harness_version.review'")).toBe(0);
  });

  it("is not confirmed by a confirmation naming another version", async () => {
    const response = await launch({ template: "run-harness", params: { harness_version: "evil" }, confirmUnreviewed: [H1] }, { cookie: cookie.reviewer });
    expect(response.status).toBe(409);
  });

  it("also blocks a comparison of a proposal whose candidate it is", async () => {
    expect((await ingestEvents([{ type: "proposal", id: "evil-p", experiment: REF_EXPERIMENT, kind: "tool_hook", title: "evil", base: H0, candidate: "evil" }], ingest)).status).toBe(200);
    const response = await launch({ template: "reference-compare-candidate", params: { proposal: "evil-p" } }, { cookie: cookie.reviewer });
    expect(response.status).toBe(409);
    expect((await response.json()).unreviewed).toEqual([{ id: "evil", label: "evil", arrivedVia: "ingest_token" }]);
  });

  it("stays unreviewed when an admin token re-sends it (unchanged, the arrival is not part of its content)", async () => {
    const response = await ingestEvents([version("evil")], admin);
    expect(response.status).toBe(200);
    expect((await response.json()).unchanged).toEqual({ harness_version: 1 });
    expect(stored("evil")).toEqual({ arrived_via: "ingest_token", reviewed_by: null });
  });

  it("launches once a signed-in reviewer confirms it: marked reviewed and audited in the launch", async () => {
    const response = await launch({ template: "run-harness", params: { harness_version: "evil" }, confirmUnreviewed: ["evil"] }, { cookie: cookie.reviewer });
    expect(response.status).toBe(201);
    const { job } = await response.json();
    expect(stored("evil").reviewed_by).toBe(env.reviewer.id);
    const audit = one<{ actor_kind: string; actor_id: string; target_id: string; detail: string }>(
      "SELECT actor_kind, actor_id, target_id, detail FROM audit_log WHERE action = 'harness_version.review'");
    expect(audit).toMatchObject({ actor_kind: "user", actor_id: env.reviewer.id, target_id: "evil" });
    expect(JSON.parse(audit.detail)).toMatchObject({
      experiment: REF_EXPERIMENT, arrivedVia: "ingest_token", incumbent: { id: H0, label: "H0 (H0)" }, filesChanged: expect.arrayContaining(["tools/evil.js"]),
    });
    expect(JSON.parse(one<{ detail: string }>("SELECT detail FROM audit_log WHERE action = 'job.launch' AND target_id = ?", job.id).detail).confirmedUnreviewed).toEqual(["evil"]);
    await waitForJob(store(), job.id, ["succeeded", "failed", "lost"]);
    // Reviewed once: the next launch needs no confirmation.
    expect((await launch({ template: "run-harness", params: { harness_version: "evil" } }, { cookie: cookie.reviewer })).status).toBe(201);
  });
});

describe("a harness version a job's own token plants in its experiment", () => {
  it("is unreviewed too", async () => {
    insertJob(store(), { id: "job-planter", experimentId: REF_EXPERIMENT, templateId: null, kind: "custom", params: {}, command: ["x"], executor: "local", logPath: "/nonexistent/job.log", createdBy: null, createdAt: Date.now() });
    const token = mintJobToken(store(), "job-planter", { createdBy: null, expiresAt: Date.now() + 60_000, now: Date.now() });
    expect((await ingestEvents([version("planted", H1)], token)).status).toBe(200);
    expect(stored("planted")).toEqual({ arrived_via: "job_token", reviewed_by: null });
    const response = await launch({ template: "run-harness", params: { harness_version: "planted" } }, { cookie: cookie.reviewer });
    expect(response.status).toBe(409);
    expect((await response.json()).unreviewed).toEqual([{ id: "planted", label: "planted", arrivedVia: "job_token" }]);
  });
});
