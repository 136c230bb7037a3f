// A job's own token through the real ingest route: it writes into its job's experiment and nowhere else,
// may add shared tasks but not change them, and every run it creates links back to the job.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-jobtoken-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { insertJob, finishJob } = await import("@/db/mutations/jobs");
const { mintJobToken } = await import("@/lib/services/jobs/job-token");
const events = await import("@/app/api/v1/events/route");
const imports = await import("@/app/api/v1/imports/route");

const post = (body: unknown[], token: string) =>
  events.POST(new Request("http://127.0.0.1:3000/api/v1/events", { method: "POST", body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } }));
const one = <T>(sql: string, ...params: unknown[]) => getStore().sqlite.prepare(sql).get(...params) as T;
const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).n;

const MINE = "exp-mine";
const OTHER = "exp-other";
let token = "";

beforeAll(() => {
  const store = getStore();
  const seeded = applyEvents(store, [
    ...[MINE, OTHER].map((id) => ({ type: "experiment", id, name: id, method: "custom" })),
    { type: "run", id: "other-run", experiment: OTHER, kind: "train", status: "running" },
    { type: "run", id: "mine-old-run", experiment: MINE, kind: "train", status: "finished" },
    { type: "harness_version", id: "other-h0", experiment: OTHER, label: "H0", files: [] },
    { type: "harness_version", id: "mine-h0", experiment: MINE, label: "H0", files: [] },
    { type: "proposal", id: "other-p", experiment: OTHER, kind: "tool_hook", title: "p", base: "other-h0", candidate: "other-h0" },
    { type: "proposal", id: "mine-p", experiment: MINE, kind: "tool_hook", title: "p", base: "mine-h0", candidate: "mine-h0" },
    { type: "task", id: "t-1", key: "k1", benchmark: "b", title: "original" },
  ]);
  expect(seeded.ok).toBe(true);
  insertJob(store, { id: "job-1", experimentId: MINE, templateId: null, kind: "custom", params: {}, command: ["x"], executor: "local", logPath: "/nonexistent/job.log", createdBy: null, createdAt: Date.now() });
  token = mintJobToken(store, "job-1", { createdBy: null, expiresAt: Date.now() + 60_000, now: Date.now() });
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("ingestion with a job's token", () => {
  it("writes into its own experiment, and the run it creates links back to the job", async () => {
    const response = await post([
      { type: "run", id: "job-1-run", experiment: MINE, kind: "train", status: "running" },
      { type: "metrics", run: "job-1-run", step: 0, values: { loss: 1 } },
      { type: "task", id: "t-2", key: "k2", benchmark: "b" },
      { type: "rollout", id: "job-1-r0", experiment: MINE, run: "job-1-run", task: "t-2", harness_version: "mine-h0", purpose: "train", reward: 1, success: true, turns: [] },
    ], token);
    expect(response.status).toBe(200);
    expect(one<{ job_id: string }>("SELECT job_id FROM runs WHERE id = 'job-1-run'").job_id).toBe("job-1");
    expect(count("rollouts")).toBe(1);
  });

  it.each([
    ["an event naming another experiment", [{ type: "run", id: "sneaky", experiment: OTHER, kind: "train", status: "running" }], "experiment", `its own experiment "${MINE}"`],
    ["a rollout of its experiment hung on another experiment's run", [{ type: "rollout", id: "r-x", experiment: MINE, run: "other-run", task: "t-1", purpose: "train", reward: 0, success: false, turns: [] }], "run", `is not in this job's experiment "${MINE}"`],
    ["metrics for another experiment's run", [{ type: "metrics", run: "other-run", step: 5, values: { loss: 9 } }], "run", `its own experiment "${MINE}"`],
    ["a comparison of another experiment's proposal", [{ type: "comparison", id: "c-x", proposal: "other-p" }], "proposal", `its own experiment "${MINE}"`],
    ["an experiment event for another experiment", [{ type: "experiment", id: OTHER, name: "renamed", method: "custom" }], "id", "its own experiment"],
    ["a change to a shared task", [{ type: "task", id: "t-1", key: "k1", benchmark: "b", title: "hijacked" }], "", "may add tasks but not change them"],
    ["a run that another job (or nobody) created", [{ type: "run", id: "mine-old-run", experiment: MINE, kind: "train", status: "failed" }], "id", "was not created by this job"],
    ["a person's decision, even on its own experiment's proposal", [{ type: "decision", id: "d-x", proposal: "mine-p", verdict: "accept", actor_kind: "human" }], "actor_kind", "not a person's"],
    ["a run linked to another job", [{ type: "run", id: "job-1-run2", experiment: MINE, kind: "train", status: "running", job: "job-2" }], "job", "its own job"],
  ])("refuses %s with 403 naming the event, writing nothing", async (_name, batch, field, message) => {
    const before = { runs: count("runs"), metrics: count("metric_points"), rollouts: count("rollouts") };
    const response = await post([{ type: "metrics", run: "job-1-run", step: 1, values: { loss: 0.5 } }, ...batch], token);
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error).toMatch(/outside the job's experiment "exp-mine"; nothing was written/);
    expect(body.errors[0]).toMatchObject({ index: 1, path: field, message: expect.stringContaining(message) });
    // A job reads only its own experiment, so its refusals do not name another one either.
    expect(JSON.stringify(body)).not.toContain(OTHER);
    expect({ runs: count("runs"), metrics: count("metric_points"), rollouts: count("rollouts") }).toEqual(before);
    expect(one<{ title: string }>("SELECT title FROM tasks WHERE id = 't-1'").title).toBe("original");
  });

  it("may repeat an existing task unchanged and rename its own experiment", async () => {
    const response = await post([{ type: "task", id: "t-1", key: "k1", benchmark: "b", title: "original" }, { type: "experiment", id: MINE, name: "renamed", method: "custom" }], token);
    expect(response.status).toBe(200);
  });

  it("cannot go around the check through the import route", async () => {
    const form = new FormData();
    form.set("experiment", OTHER);
    form.append("files", new File(["{}"], "x.json"));
    const response = await imports.POST(new Request("http://127.0.0.1:3000/api/v1/imports", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("a job's token cannot import; post the job's events to /api/v1/events");
  });

  it("stops working when the job ends (its tokens are revoked)", async () => {
    finishJob(getStore(), "job-1", { status: "succeeded", exitCode: 0, reason: null, finishedAt: Date.now() });
    const response = await post([{ type: "metrics", run: "job-1-run", step: 2, values: { loss: 0.1 } }], token);
    expect(response.status).toBe(401);
    expect((await response.json()).error).toBe("token revoked");
  });
});
