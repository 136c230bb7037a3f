// A job's own token writes only its own run's records (issue 36, item 5). Reads are proven limited to the job's
// experiment by job-token-reads.test.ts; this proves the writes, through the real ingest route with a real job
// token (mintJobToken) and a real store in a temp dir:
// - accepted: its run, the run's metrics, rollouts, checkpoints and evaluations (which may point at any record of
//   its experiment: a trainer's checkpoint, the experiment's H0, a proposal it compares), and a teacher's
//   candidate harness version proposed in its own run's round (stored as arrived through a job token);
// - refused, whole batch, 403 naming the event and field: another experiment; another run's records, even in its
//   own experiment; a decision (a job proposes and compares, a person decides); a harness version that claims to
//   be an initial version, has no parent or is not its own run's proposal's candidate; a proposal outside its
//   run's rounds. An existing harness version cannot be changed (409). After every refusal no table has a new row;
// - every other mutation door (API routes found by themselves, server actions, token creation) refuses it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const hoisted = vi.hoisted(() => {
  const nodeFs = require("node:fs") as typeof import("node:fs");
  const nodeOs = require("node:os") as typeof import("node:os");
  const nodePath = require("node:path") as typeof import("node:path");
  const dir = nodeFs.mkdtempSync(nodePath.join(nodeOs.tmpdir(), "hl-job-writes-"));
  process.env.HARNESS_LAB_DB = nodePath.join(dir, "test.db");
  delete process.env.HARNESS_LAB_ADMIN_TOKEN;
  // What a server action sees of the request: no session cookie, the job's token as a bearer header.
  return { dir, bearer: "" };
});

vi.mock("next/headers", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false, set: () => undefined, delete: () => undefined }),
  headers: async () => new Headers(hoisted.bearer ? { authorization: `Bearer ${hoisted.bearer}`, "x-api-key": hoisted.bearer } : {}),
}));
vi.mock("next/cache", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  revalidatePath: () => undefined,
  revalidateTag: () => undefined,
  updateTag: () => undefined,
  refresh: () => undefined,
}));

const { getStore, closeStore } = await import("@/db/client");
const { applyEvents } = await import("@/db/apply-events");
const { insertJob } = await import("@/db/mutations/jobs");
const { mintJobToken } = await import("@/lib/services/jobs/job-token");
const events = await import("@/app/api/v1/events/route");
const settings = await import("@/app/settings/actions");

const ROOT = path.resolve(__dirname, "../..");
const BASE = "http://127.0.0.1:3000";
const MINE = "exp-mine";
const OTHER = "exp-other";
const JOB = "job-1";
/** The job's run: what launch puts in HARNESS_LAB_RUN. */
const RUN = `job-${JOB}`;
/** Another job's run in the same experiment. */
const SIBLING_RUN = "job-job-2";
let token = "";

const post = (body: unknown[], secret = token) =>
  events.POST(new Request(`${BASE}/api/v1/events`, { method: "POST", body: JSON.stringify(body), headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" } }));
const one = <T>(sql: string, ...params: unknown[]) => getStore().sqlite.prepare(sql).get(...params) as T;

/** Rows in every table: a refused batch must add none anywhere (and change none of the ones checked below). */
function rowCounts(): Record<string, number> {
  const { sqlite } = getStore();
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
    .all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (sqlite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

const file = (content: string) => ({ path: "tools/t.js", kind: "tool", content });
const rollout = (id: string, run: string, more: Record<string, unknown> = {}) => ({
  type: "rollout", id, experiment: MINE, run, task: "t-1", harness_version: "mine-h0", purpose: "train", reward: 1, success: true, turns: [], ...more,
});

beforeAll(() => {
  const store = getStore();
  expect(applyEvents(store, [MINE, OTHER].map((id) => ({ type: "experiment", id, name: id, method: "custom" }))).ok).toBe(true);
  for (const id of [JOB, "job-2"]) {
    insertJob(store, { id, experimentId: MINE, templateId: null, kind: "custom", params: {}, command: ["x"], executor: "local", logPath: path.join(hoisted.dir, `${id}.log`), createdBy: null, createdAt: Date.now() });
  }
  const seeded = applyEvents(store, [
    { type: "task", id: "t-1", key: "k1", benchmark: "b" },
    // The other experiment.
    { type: "run", id: "other-run", experiment: OTHER, kind: "train", status: "running" },
    { type: "harness_version", id: "other-h0", experiment: OTHER, label: "H0", files: [] },
    { type: "proposal", id: "other-p", experiment: OTHER, kind: "tool_hook", title: "p", base: "other-h0", candidate: "other-h0" },
    // The job's experiment: its H0, a trainer's run (no job) with a checkpoint, a rollout and a proposal in a round.
    { type: "harness_version", id: "mine-h0", experiment: MINE, label: "H0", files: [file("h0")] },
    { type: "run", id: "trainer-run", experiment: MINE, kind: "train", status: "running" },
    { type: "checkpoint", id: "trainer-ckpt", experiment: MINE, run: "trainer-run", role: "policy", step: 10 },
    rollout("trainer-r0", "trainer-run"),
    { type: "evolution_round", id: "trainer-round", experiment: MINE, run: "trainer-run", epoch: 1, index: 0, incumbent: "mine-h0" },
    { type: "proposal", id: "trainer-p", experiment: MINE, round: "trainer-round", kind: "tool_hook", title: "p", base: "mine-h0", candidate: "mine-h0" },
    // Another job of the same experiment, with its own run, round and proposal.
    { type: "run", id: SIBLING_RUN, experiment: MINE, kind: "train", status: "running", job: "job-2" },
    rollout("job-2-r0", SIBLING_RUN),
    { type: "evolution_round", id: "job-2-round", experiment: MINE, run: SIBLING_RUN, epoch: 1, index: 0, incumbent: "mine-h0" },
    { type: "proposal", id: "job-2-p", experiment: MINE, round: "job-2-round", kind: "tool_hook", title: "p2", base: "mine-h0", candidate: "mine-h0" },
  ]);
  expect(seeded.ok, JSON.stringify(seeded)).toBe(true);
  token = mintJobToken(store, JOB, { createdBy: null, expiresAt: Date.now() + 60_000, now: Date.now() });
});
afterAll(() => {
  closeStore();
  fs.rmSync(hoisted.dir, { recursive: true, force: true });
});

describe("what a job's token may write", () => {
  it("its own run's records, pointing at anything of its experiment (a trainer's checkpoint, the H0, a proposal it compares)", async () => {
    const response = await post([
      { type: "run", id: RUN, experiment: MINE, kind: "eval", status: "running" },
      { type: "metrics", run: RUN, step: 0, values: { loss: 1 } },
      rollout("job-1-r0", RUN, { checkpoint: "trainer-ckpt", purpose: "comparison" }),
      rollout("job-1-r1", RUN, { checkpoint: "trainer-ckpt", purpose: "comparison" }),
      { type: "checkpoint", id: "job-1-ckpt", experiment: MINE, run: RUN, role: "policy", step: 11 },
      { type: "eval_result", id: "job-1-eval", experiment: MINE, run: RUN, checkpoint: "trainer-ckpt", harness_version: "mine-h0", benchmark: "b", results: [{ task: "t-1", success: true, rollout: "job-1-r0" }] },
      { type: "comparison", id: "job-1-cmp", proposal: "trainer-p", run: RUN, base_rollouts: ["job-1-r0"], candidate_rollouts: ["job-1-r1"] },
      { type: "task", id: "t-1", key: "k1", benchmark: "b" },
    ]);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(one<{ job_id: string }>("SELECT job_id FROM runs WHERE id = ?", RUN).job_id).toBe(JOB);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM rollouts WHERE run_id = ?", RUN).n).toBe(2);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM metric_points WHERE run_id = ?", RUN).n).toBe(1);
  });

  it("a teacher's candidate proposed in its own run's round, even when the candidate's batch comes before its proposal's", async () => {
    const first = await post([
      { type: "evolution_round", id: "job-1-round", experiment: MINE, run: RUN, epoch: 1, index: 0, incumbent: "mine-h0" },
      { type: "harness_version", id: "job-1-cand", experiment: MINE, label: "H0+x", parent: "mine-h0", origin: "proposal", origin_proposal: "job-1-p", files: [file("candidate")] },
    ]);
    expect(first.status, await first.clone().text()).toBe(200);
    const second = await post([
      { type: "proposal", id: "job-1-p", experiment: MINE, round: "job-1-round", kind: "tool_hook", title: "x", base: "mine-h0", candidate: "job-1-cand", evidence: [{ rollout: "job-1-r0" }] },
      { type: "skill", id: "job-1-skill", experiment: MINE, kind: "mechanism", text: "check the exit code", source_rollouts: ["job-1-r0"] },
      // A proposal of its own run whose candidate comes in the same batch.
      { type: "evolution_round", id: "job-1-round2", experiment: MINE, run: RUN, epoch: 1, index: 1, incumbent: "mine-h0" },
      { type: "proposal", id: "job-1-p2", experiment: MINE, round: "job-1-round2", kind: "tool_hook", title: "y", base: "mine-h0", candidate: "job-1-cand2" },
      { type: "harness_version", id: "job-1-cand2", experiment: MINE, label: "H0+y", parent: "mine-h0", origin: "proposal", origin_proposal: "job-1-p2", files: [file("candidate 2")] },
    ]);
    expect(second.status, await second.clone().text()).toBe(200);
    // Code from a job is untrusted: a launch that runs it asks a reviewer first (test/security/unreviewed-harness.test.ts).
    expect(one<{ arrived_via: string }>("SELECT arrived_via FROM harness_versions WHERE id = 'job-1-cand'").arrived_via).toBe("job_token");
    expect(one<{ status: string }>("SELECT status FROM proposals WHERE id = 'job-1-p'").status).toBe("pending");
  });

  it("its experiment's existing H0 re-sent unchanged (a trainer re-declares it): unchanged, nothing written", async () => {
    const before = rowCounts();
    const response = await post([{ type: "harness_version", id: "mine-h0", experiment: MINE, label: "H0", files: [file("h0")] }]);
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).unchanged).toEqual({ harness_version: 1 });
    expect(rowCounts()).toEqual(before);
  });
});

// Each refused event comes second, after one of the job's own metrics points: the whole batch is refused.
const REFUSED: Array<[string, Record<string, unknown>, string, string]> = [
  ["an event for another experiment", rollout("r-x", "other-run", { experiment: OTHER, harness_version: "other-h0" }), "experiment", `its own experiment "${MINE}"`],
  ["metrics of another run of its experiment", { type: "metrics", run: "trainer-run", step: 99, values: { loss: 9 } }, "run", "not this job's run"],
  ["metrics of another job's run", { type: "metrics", run: SIBLING_RUN, step: 99, values: { loss: 9 } }, "run", "not this job's run"],
  ["a rollout hung on another run of its experiment", rollout("r-x", "trainer-run"), "run", "not this job's run"],
  ["a checkpoint of another run", { type: "checkpoint", id: "c-x", experiment: MINE, run: "trainer-run", role: "policy", step: 12 }, "run", "not this job's run"],
  ["a checkpoint of no run", { type: "checkpoint", id: "c-x", experiment: MINE, role: "policy", step: 12 }, "run", "names its run"],
  ["an eval result of another run", { type: "eval_result", id: "e-x", experiment: MINE, run: "trainer-run", benchmark: "b", results: [{ task: "t-1", success: false }], join_rollouts: true }, "run", "not this job's run"],
  ["a comparison recorded in another run", { type: "comparison", id: "cmp-x", proposal: "trainer-p", run: "trainer-run" }, "run", "not this job's run"],
  ["an evolution round of another run", { type: "evolution_round", id: "round-x", experiment: MINE, run: "trainer-run", epoch: 1, index: 5, incumbent: "mine-h0" }, "run", "not this job's run"],
  ["a skill drawn from another run's rollouts", { type: "skill", id: "s-x", experiment: MINE, kind: "hint", text: "x", source_rollouts: ["job-1-r0", "trainer-r0"] }, "source_rollouts.1", "not this job's run"],
  ["a change to another run's record", { type: "run", id: "trainer-run", experiment: MINE, kind: "train", status: "failed" }, "id", "was not created by this job"],
  ["a change to another job's run", { type: "run", id: SIBLING_RUN, experiment: MINE, kind: "train", status: "failed" }, "id", "was not created by this job"],
  ["a rule's decision on a proposal of its experiment", { type: "decision", id: "d-x", proposal: "trainer-p", verdict: "accept" }, "type", "cannot decide a proposal"],
  ["a rule's decision even on its own run's proposal", { type: "decision", id: "d-y", proposal: "job-1-p", verdict: "accept", actor: "acceptance-rule" }, "type", "cannot decide a proposal"],
  ["a person's decision", { type: "decision", id: "d-z", proposal: "job-1-p", verdict: "reject", actor_kind: "human" }, "actor_kind", "not a person's"],
  ["a harness version claiming to be an initial version (an H0)", { type: "harness_version", id: "h-x", experiment: MINE, label: "H0", files: [file("evil")] }, "origin", "only candidates"],
  ["a harness version with no parent", { type: "harness_version", id: "h-x", experiment: MINE, label: "x", origin: "proposal", origin_proposal: "job-1-p", files: [file("evil")] }, "parent", "derives from"],
  ["a harness version of no proposal", { type: "harness_version", id: "h-x", experiment: MINE, label: "x", parent: "mine-h0", origin: "proposal", files: [file("evil")] }, "origin_proposal", "candidate of a proposal"],
  ["a harness version for another run's proposal", { type: "harness_version", id: "h-x", experiment: MINE, label: "x", parent: "mine-h0", origin: "proposal", origin_proposal: "trainer-p", files: [file("evil")] }, "origin_proposal", "not this job's run"],
  ["a harness version for another job's proposal", { type: "harness_version", id: "h-x", experiment: MINE, label: "x", parent: "mine-h0", origin: "proposal", origin_proposal: "job-2-p", files: [file("evil")] }, "origin_proposal", "not this job's run"],
  ["a proposal in another run's round", { type: "proposal", id: "p-x", experiment: MINE, round: "job-2-round", kind: "tool_hook", title: "x", base: "mine-h0", candidate: "job-1-cand" }, "round", "not this job's run"],
  ["a proposal in no round", { type: "proposal", id: "p-x", experiment: MINE, kind: "engineer_patch", title: "x", base: "mine-h0", candidate: "job-1-cand" }, "round", "names its round"],
];

describe.each(REFUSED)("a job's token refused %s", (_name, event, field, message) => {
  it("is 403 naming the event and field, and nothing is written", async () => {
    const before = rowCounts();
    const response = await post([{ type: "metrics", run: RUN, step: 1, values: { loss: 0.5 } }, event]);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(403);
    expect(body.error).toMatch(/nothing was written/);
    expect(body.errors[0]).toMatchObject({ index: 1, path: field, message: expect.stringContaining(message) });
    // A job reads only its own experiment, so its refusals do not name another one either.
    expect(JSON.stringify(body)).not.toContain(OTHER);
    expect(rowCounts()).toEqual(before);
    expect(one<{ status: string }>("SELECT status FROM runs WHERE id = 'trainer-run'").status).toBe("running");
    expect(one<{ status: string }>("SELECT status FROM proposals WHERE id = 'trainer-p'").status).toBe("pending");
  });
});

describe("a harness version that exists", () => {
  it("cannot be changed by a job's token (409, nothing written)", async () => {
    const before = rowCounts();
    const response = await post([{ type: "metrics", run: RUN, step: 1, values: { loss: 0.5 } }, { type: "harness_version", id: "mine-h0", experiment: MINE, label: "H0", files: [file("evil")] }]);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(409);
    expect(body.errors[0]).toMatchObject({ index: 1 });
    expect(rowCounts()).toEqual(before);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM harness_files f JOIN blobs b ON b.hash = f.blob_hash WHERE f.harness_version_id = 'mine-h0' AND b.content = 'h0'").n).toBe(1);
  });

  it("in another experiment is refused without naming it", async () => {
    const before = rowCounts();
    const response = await post([{ type: "harness_version", id: "other-h0", experiment: MINE, label: "H0", files: [] }]);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(403);
    expect(body.errors[0]).toMatchObject({ index: 0, path: "id" });
    expect(JSON.stringify(body)).not.toContain(OTHER);
    expect(rowCounts()).toEqual(before);
  });
});

// ---------- every other way to change the lab ----------

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response> | Response;

/** Mutating route handlers, found by themselves (the same discovery as test/every-mutation-is-guarded.test.ts). */
function mutatingRoutes(): string[] {
  return (fs.readdirSync(path.join(ROOT, "app"), { recursive: true }) as string[])
    .map((relative) => `app/${relative.split(path.sep).join("/")}`)
    .filter((f) => /\/route\.(ts|js|mjs)$/.test(f))
    .filter((f) => /export\s+(async\s+function|const)\s+(POST|PUT|PATCH|DELETE)\b/.test(fs.readFileSync(path.join(ROOT, f), "utf8")));
}

/** The one door a job's token writes through, and the routes whose answer without a session writes nothing anyway. */
const JOB_DOORS: Record<string, string> = {
  "app/api/v1/events/route.ts": "a job posts its run's records here (the cases above)",
  "app/sign-out/route.ts": "clears a cookie and redirects; a token has no session to end",
};

describe("every other mutation route", () => {
  const routes = mutatingRoutes();
  it("is found (so a broken glob cannot pass silently)", () => {
    expect(routes).toEqual(expect.arrayContaining(["app/api/v1/jobs/route.ts", "app/api/v1/imports/route.ts", "app/api/v1/events/route.ts"]));
  });

  it.each(routes.filter((f) => !JOB_DOORS[f]))("%s refuses a job's token (4xx) and writes nothing", async (routeFile) => {
    const mod = (await import(/* @vite-ignore */ path.join(ROOT, routeFile))) as Record<string, unknown>;
    const params: Record<string, string | string[]> = {};
    const pathname = routeFile.replace(/^app/, "").replace(/\/route\.\w+$/, "").replace(/\[(\.\.\.)?(\w+)\]/g, (_m, rest: string | undefined, name: string) => {
      // Its own job: the one a job could most plausibly claim a right to.
      params[name] = rest ? ["test"] : JOB;
      return rest ? "test" : JOB;
    });
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const handler = mod[method] as Handler | undefined;
      if (!handler) continue;
      const before = rowCounts();
      const body = routeFile === "app/api/v1/jobs/route.ts" ? JSON.stringify({ experiment: MINE, template: "reference-evaluate", params: {} }) : "{}";
      const response = await handler(new Request(`${BASE}${pathname}`, {
        method, body, headers: { authorization: `Bearer ${token}`, "x-api-key": token, "content-type": "application/json" },
      }), { params: Promise.resolve(params) });
      expect(response.status, `${method} ${routeFile}: ${await response.clone().text()}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(rowCounts(), `${method} ${routeFile} wrote`).toEqual(before);
    }
  });

  it("launching and cancelling jobs (even its own) are 403", async () => {
    const jobs = await import("@/app/api/v1/jobs/route");
    const launch = await jobs.POST(new Request(`${BASE}/api/v1/jobs`, {
      method: "POST", body: JSON.stringify({ experiment: MINE, template: "reference-evaluate", params: {} }),
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    }));
    expect(launch.status).toBe(403);
    const cancel = await (await import("@/app/api/v1/jobs/[id]/cancel/route")).POST(
      new Request(`${BASE}/api/v1/jobs/${JOB}/cancel`, { method: "POST", headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({ id: JOB }) });
    expect(cancel.status).toBe(403);
    // The route asks a token for scope admin first; lib/services/jobs/permissions.ts refuses a job's token even with it.
    for (const response of [launch, cancel]) expect((await response.json()).error).toBe('token lacks scope "admin"');
  });
});

describe("server actions (tokens, users, settings, templates, decisions) with a job's token", () => {
  it("creating an API token is refused and creates none", async () => {
    hoisted.bearer = token;
    try {
      const before = rowCounts();
      const form = new FormData();
      form.set("name", "escalated");
      form.append("scopes", "admin");
      const outcome = await settings.createApiTokenAction(null, form);
      expect(outcome).toEqual({ error: "sign in first" });
      expect(rowCounts()).toEqual(before);
      expect(one<{ n: number }>("SELECT count(*) AS n FROM api_tokens WHERE name = 'escalated'").n).toBe(0);
    } finally {
      hoisted.bearer = "";
    }
  });

  it("every action export refuses: a bearer token is no session", async () => {
    const actionFiles = ["app", "components", "lib"]
      .flatMap((dir) => (fs.readdirSync(path.join(ROOT, dir), { recursive: true }) as string[]).map((f) => `${dir}/${f.split(path.sep).join("/")}`))
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /^\s*(['"])use server\1/m.test(fs.readFileSync(path.join(ROOT, f), "utf8").replace(/^(\s+|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*/, "")));
    expect(actionFiles).toContain("app/settings/actions.ts");
    hoisted.bearer = token;
    try {
      for (const actionFile of actionFiles) {
        const mod = (await import(/* @vite-ignore */ path.join(ROOT, actionFile))) as Record<string, unknown>;
        for (const [name, action] of Object.entries(mod)) {
          if (typeof action !== "function" || actionFile === "app/sign-in/actions.ts") continue;
          const before = rowCounts();
          let outcome: unknown;
          try {
            outcome = await (action as (...args: unknown[]) => Promise<unknown>)(null, new FormData());
          } catch (error) {
            outcome = { thrown: String((error as { digest?: string }).digest ?? error) };
          }
          expect(JSON.stringify(outcome), `${actionFile}#${name}`).toMatch(/sign in first|\/sign-in/);
          expect(rowCounts(), `${actionFile}#${name} wrote`).toEqual(before);
        }
      }
    } finally {
      hoisted.bearer = "";
    }
  });
});
