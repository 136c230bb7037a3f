// A token Connect a trainer minted for one experiment writes into that experiment and nowhere else, through every door
// that takes an ingest token: POST /api/v1/events, rllm's UI logger route and the import route. Before, its reads
// were confined and its writes were not: a trainer's leaked token could add runs to, or hang rollouts on, any
// experiment of the lab. A refusal is a 403 that names the event and field, writes nothing and does not name the
// other experiment (the token cannot read it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-connect-token-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const events = await import("@/app/api/v1/events/route");
const imports = await import("@/app/api/v1/imports/route");
const rllm = await import("@/app/api/v1/rllm/api/[...path]/route");

const MINE = "exp-mine";
const OTHER = "exp-other";
let token = "";

const post = (body: unknown[]) =>
  events.POST(new Request("http://127.0.0.1:3000/api/v1/events", { method: "POST", body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } }));
const postRllm = (p: string, body: unknown) =>
  rllm.POST(new Request(`http://127.0.0.1:3000/api/v1/rllm/api/${p}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", "x-api-key": token } }), { params: Promise.resolve({ path: p.split("/") }) });
const one = <T>(sql: string, ...params: unknown[]) => getStore().sqlite.prepare(sql).get(...params) as T;
const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).n;
const counts = () => ({ experiments: count("experiments"), runs: count("runs"), metrics: count("metric_points"), rollouts: count("rollouts"), comparisons: count("comparisons") });

beforeAll(() => {
  const store = getStore();
  const seeded = applyEvents(store, [
    // rllm's logger declares its project as a GRPO experiment.
    ...[MINE, OTHER].map((id) => ({ type: "experiment", id, name: id, method: "grpo" })),
    { type: "run", id: "other-run", experiment: OTHER, kind: "train", status: "running" },
    { type: "harness_version", id: "other-h0", experiment: OTHER, label: "H0", files: [] },
    { type: "harness_version", id: "mine-h0", experiment: MINE, label: "H0", files: [] },
    { type: "proposal", id: "other-p", experiment: OTHER, kind: "tool_hook", title: "p", base: "other-h0", candidate: "other-h0" },
    { type: "task", id: "t-1", key: "k1", benchmark: "b", title: "original" },
  ]);
  expect(seeded.ok).toBe(true);
  // What the Connect page mints for a trainer that waits on the review gate (app/connect/actions.ts).
  token = createApiToken(store, { name: "connect", scopes: ["ingest", "read"], experimentId: MINE, createdBy: null, expiresAt: Date.now() + 60_000 }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("a Connect token's writes", () => {
  it("go into its own experiment: runs, metrics, tasks, rollouts, proposals", async () => {
    const response = await post([
      { type: "experiment", id: MINE, name: "renamed by the trainer", method: "grpo" },
      { type: "run", id: "mine-run", experiment: MINE, kind: "train", status: "running" },
      { type: "metrics", run: "mine-run", step: 0, values: { loss: 1 } },
      { type: "task", id: "t-2", key: "k2", benchmark: "b" },
      { type: "rollout", id: "mine-r0", experiment: MINE, run: "mine-run", task: "t-2", harness_version: "mine-h0", purpose: "train", reward: 1, success: true, turns: [] },
      { type: "proposal", id: "mine-p", experiment: MINE, kind: "tool_hook", title: "p", base: "mine-h0", candidate: "mine-h0" },
    ]);
    expect(response.status).toBe(200);
    expect(one<{ experiment_id: string }>("SELECT experiment_id FROM runs WHERE id = 'mine-run'").experiment_id).toBe(MINE);
  });

  it.each([
    ["a run in another experiment", [{ type: "run", id: "sneaky", experiment: OTHER, kind: "train", status: "running" }], "experiment", `its own experiment "${MINE}"`],
    ["a new experiment", [{ type: "experiment", id: "exp-new", name: "new", method: "custom" }], "id", `its own experiment "${MINE}"`],
    ["a rename of another experiment", [{ type: "experiment", id: OTHER, name: "renamed", method: "grpo" }], "id", "its own experiment"],
    ["a rollout of its experiment hung on another experiment's run", [{ type: "rollout", id: "r-x", experiment: MINE, run: "other-run", task: "t-1", purpose: "train", reward: 0, success: false, turns: [] }], "run", `is not in this token's experiment "${MINE}"`],
    ["metrics for another experiment's run", [{ type: "metrics", run: "other-run", step: 5, values: { loss: 9 } }], "run", `its own experiment "${MINE}"`],
    ["a comparison of another experiment's proposal", [{ type: "comparison", id: "c-x", proposal: "other-p" }], "proposal", `its own experiment "${MINE}"`],
    ["a change to a shared task", [{ type: "task", id: "t-1", key: "k1", benchmark: "b", title: "hijacked" }], "", "may add tasks but not change them"],
  ])("refuses %s with 403 naming the event, writing nothing", async (_name, batch, field, message) => {
    const before = counts();
    const response = await post([{ type: "metrics", run: "mine-run", step: 1, values: { loss: 0.5 } }, ...batch]);
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body.error).toMatch(/reach outside this token's experiment "exp-mine"; nothing was written/);
    expect(body.errors[0]).toMatchObject({ index: 1, path: field, message: expect.stringContaining(message) });
    expect(JSON.stringify(body)).not.toContain(OTHER);
    expect(counts()).toEqual(before);
    expect(one<{ title: string }>("SELECT title FROM tasks WHERE id = 't-1'").title).toBe("original");
    expect(one<{ name: string }>("SELECT name FROM experiments WHERE id = ?", OTHER).name).toBe(OTHER);
  });

  it("through rllm's UI logger: a session of its own experiment (rllm's project) is taken, another project refused", async () => {
    const own = await postRllm("sessions", { project: MINE, experiment: "grpo-1" });
    expect(own.status).toBe(200);
    const before = counts();
    const other = await postRllm("sessions", { project: OTHER, experiment: "grpo-1" });
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain(OTHER);
    expect(counts()).toEqual(before);
  });

  it("through the import route: only into its own experiment, named by its id", async () => {
    const upload = (experiment: string) => {
      const form = new FormData();
      form.set("experiment", experiment);
      form.append("files", new File(["{}"], "x.json"));
      return imports.POST(new Request("http://127.0.0.1:3000/api/v1/imports", { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }));
    };
    const before = counts();
    for (const target of [OTHER, "a new experiment"]) {
      const response = await upload(target);
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe(`experiment: this token imports only into its own experiment "${MINE}"; give its id`);
    }
    expect(counts()).toEqual(before);
    // Its own experiment passes the check (this file is then refused as not a trajectory, 4xx, for its content).
    const own = await upload(MINE);
    expect(own.status).not.toBe(403);
    expect(own.status).toBeLessThan(500);
  });
});
