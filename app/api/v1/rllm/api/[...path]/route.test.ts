// rllm's UI logger protocol at /api/v1/rllm/api/…: the calls UILogger makes (rllm/utils/tracking.py), in its
// order and with its bodies, arrive as a run with metrics, episodes grouped per task and step, and eval results;
// a bad body is a 4xx naming the field with nothing written; the key must be an ingest token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-rllm-route-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const route = await import("./route");

let ingest = "";
let readOnly = "";
const post = async (p: string, body: unknown, key: string | null = ingest) => {
  const response = await route.POST(
    new Request(`http://127.0.0.1:3000/api/v1/rllm/api/${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ path: p.split("/") }) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const count = (table: string) => (getStore().sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeAll(() => {
  ingest = createApiToken(getStore(), { name: "rllm", scopes: ["ingest"], createdBy: null }).secret;
  readOnly = createApiToken(getStore(), { name: "read", scopes: ["read"], createdBy: null }).secret;
});
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An Episode.to_dict() as UILogger.log posts it: id renamed to episode_id, session_id and step added. */
const episode = (session: string, step: number, task: string, k: number, correct: boolean) => ({
  task: { question: `question ${task}` },
  termination_reason: "ENV_DONE",
  is_correct: correct,
  trajectories: [{ name: "solver", reward: correct ? 1 : 0, steps: [{ chat_completions: [{ role: "user", content: `question ${task}` }, { role: "assistant", content: correct ? "yes" : "no" }], reward: correct ? 1 : 0, done: true }] }],
  metrics: {},
  session_id: session,
  step,
  episode_id: `${task}:${k}`,
});

describe("rllm UI logger protocol", () => {
  it("takes a whole rllm run: session, heartbeat, metrics, episodes, groups, logs, eval results, completion", async () => {
    const session = await post("sessions", { project: "deepscaler", experiment: "grpo-1.5b", config: { trainer: { n_gpus: 8 } }, source_metadata: {} });
    expect(session.status).toBe(200);
    const id = session.body.id as string;
    expect(id).toBe("deepscaler/grpo-1.5b");
    expect((await post(`sessions/${id}/heartbeat`, undefined)).status).toBe(200);
    expect((await post("metrics", { session_id: id, step: 1, data: { "critic/score/mean": 0.5, "batch/solve_all": 0.25, "batch/solve_none": 0.25 } })).status).toBe(200);
    for (const [task, k, correct] of [["t1", 0, true], ["t1", 1, false], ["t2", 0, true], ["t2", 1, true]] as const) {
      expect((await post("episodes", episode(id, 1, task, k, correct))).status).toBe(200);
    }
    expect((await post("trajectory-groups", { session_id: id, step: 1, group_id: "t1", num_trajectories: 2, avg_reward: 0.5, metadata: [{ episode_id: "t1:0" }] })).status).toBe(200);
    expect((await post("logs/batch", { session_id: id, logs: [{ stream: "stdout", message: "step 1" }] })).status).toBe(200);
    const evals = await post("eval-results", { session_id: id, dataset_name: "aime", model: "m", agent: "a", score: 0.5, timestamp: "20261201_120000", items: [{ idx: 0, task_id: "a1", reward: 1, is_correct: true, attempt: 0 }, { idx: 1, task_id: "a2", reward: 0, is_correct: false, attempt: 0 }] });
    expect(evals.status).toBe(200);
    expect((await post(`sessions/${id}/complete`, { status: "completed", exit_code: 0 })).status).toBe(200);

    const store = getStore();
    expect(store.sqlite.prepare("SELECT status, experiment_id FROM runs WHERE id = ?").get(id)).toEqual({ status: "finished", experiment_id: "deepscaler" });
    const groups = store.sqlite.prepare("SELECT group_id, sum(success) AS ok, count(*) AS n FROM rollouts WHERE run_id = ? GROUP BY group_id ORDER BY group_id").all(id);
    expect(groups).toEqual([{ group_id: "step1:rllm:t1", ok: 1, n: 2 }, { group_id: "step1:rllm:t2", ok: 2, n: 2 }]);
    expect(store.sqlite.prepare("SELECT value FROM metric_points WHERE run_id = ? AND key = 'critic/score/mean'").get(id)).toEqual({ value: 0.5 });
    expect(store.sqlite.prepare("SELECT count(*) AS n FROM eval_results").get()).toEqual({ n: 2 });
    // A restarted trainer re-sends: nothing doubles.
    expect((await post("episodes", episode(id, 1, "t1", 0, true))).status).toBe(200);
    expect(count("rollouts")).toBe(4);
  });

  it("answers a bad body with a 4xx naming the field, and writes nothing", async () => {
    const id = (await post("sessions", { project: "p", experiment: "e" })).body.id as string;
    const before = { rollouts: count("rollouts"), metrics: count("metric_points"), runs: count("runs") };
    const cases: Array<[string, unknown, number, string]> = [
      ["sessions", { project: "", experiment: "e" }, 400, "project: must be a non-empty string"],
      ["metrics", { session_id: id, step: -1, data: {} }, 400, "step: must be a non-negative integer"],
      ["metrics", { session_id: id, step: 1, data: [1] }, 400, "data: must be an object of metric values"],
      ["metrics", { session_id: "nobody", step: 1, data: { a: 1 } }, 404, `session_id: no session "nobody"`],
      ["episodes", { ...episode(id, 2, "t", 0, true), trajectories: [{ reward: "high", steps: [] }] }, 400, "trajectories.0.reward: must be a number"],
      ["episodes", { ...episode(id, 2, "t", 0, true), episode_id: undefined }, 400, "id: must be the episode id"],
      [`sessions/${id}/complete`, { status: "done" }, 400, `status: must be "completed" or "failed"`],
      ["eval-results", { session_id: id, dataset_name: "d", items: [{ task_id: "x", is_correct: "yes" }] }, 400, "items.0.is_correct: must be true or false"],
      ["trajectory-groups", { session_id: id, step: 1, group_id: "g", num_trajectories: -2 }, 400, "num_trajectories: must be a non-negative integer"],
      ["metrics", "{not json", 400, "body: must be JSON"],
      ["nowhere", {}, 404, "no rllm UI endpoint /api/nowhere"],
    ];
    for (const [p, body, status, message] of cases) {
      const response = await post(p, body);
      expect({ p, status: response.status }).toEqual({ p, status });
      expect(String(response.body.error)).toContain(message);
    }
    expect({ rollouts: count("rollouts"), metrics: count("metric_points"), runs: count("runs") }).toEqual(before);
  });

  it("names the refused field as `field`, like every other route", async () => {
    const response = await post("sessions", { project: "", experiment: "e" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: "project", error: expect.stringMatching(/^project: /) });
  });

  it("is in the OpenAPI document, every path rllm calls", async () => {
    const { buildOpenApiDocument } = await import("@/lib/events/openapi");
    const paths = Object.keys(buildOpenApiDocument().paths).filter((p) => p.startsWith("/api/v1/rllm/"));
    expect(paths.sort()).toEqual([
      "eval-results", "episodes", "episodes/batch", "logs/batch", "metrics", "sessions", "sessions/{session}/complete", "sessions/{session}/heartbeat", "trajectory-groups", "trajectory-groups/batch",
    ].map((p) => `/api/v1/rllm/api/${p}`).sort());
  });

  it("needs an ingest token as the key", async () => {
    expect((await post("sessions", { project: "p", experiment: "e" }, null)).status).toBe(401);
    expect((await post("sessions", { project: "p", experiment: "e" }, "hl_wrong")).status).toBe(401);
    expect((await post("sessions", { project: "p", experiment: "e" }, readOnly)).status).toBe(403);
  });
});
