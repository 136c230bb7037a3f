// rllm's UILogger batch endpoints (rllm @ 9beb6e0, rllm/utils/tracking.py): /api/episodes/batch and
// /api/trajectory-groups/batch. The requests are recorded from rllm's REAL UILogger (shared/trainers/rllm, read in
// place; python3 drives it against a local recorder, its httpx stub posting over urllib) and replayed here against
// the route handler: each episode becomes a rollout with its dialog, which UILogger moved into each step's metadata
// (observation, model_response, thought), grouped per task and step; a bad batch is a 400 naming the field, with
// nothing written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sharedDir } from "@/test/shared-data";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-rllm-batch-"));
process.env.HARNESS_LAB_DB = path.join(dir, "test.db");

const { getStore, closeStore } = await import("@/db/client");
const { createApiToken } = await import("@/lib/services/auth/api-tokens");
const route = await import("./route");

const trainer = path.join(sharedDir, "trainers", "rllm");

// rllm's own calls, as drive.py makes them (UnifiedTrainer: Tracking.log(data=, step=, episodes=, trajectory_groups=)).
const RECORD = `
import json, os, sys, tempfile, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
trainer, out = sys.argv[1], sys.argv[2]
sys.path.insert(0, trainer)
from _real import use_real_src
use_real_src()
os.environ["RLLM_HOME"] = tempfile.mkdtemp()
from rllm.utils.tracking import Tracking
from samples import make_episode, make_groups
REQUESTS = []
class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length") or 0))
        REQUESTS.append([self.path, json.loads(body) if body else None])
        data = json.dumps({"id": "session-1"} if self.path == "/api/sessions" else {"ok": True}).encode()
        self.send_response(200); self.send_header("content-type", "application/json"); self.send_header("content-length", str(len(data))); self.end_headers(); self.wfile.write(data)
    def log_message(self, *a): pass
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
os.environ["RLLM_UI_URL"] = "http://127.0.0.1:%d" % server.server_address[1]
os.environ["RLLM_API_KEY"] = "recorder"
trk = Tracking("rllm_proj", "ui-run", default_backend=["ui"], config={"trainer": {"n": 2}})
for step in (1, 2):
    eps = [make_episode("task%d" % t, k, step) for t in range(2) for k in range(2)]
    trk.log(data={"batch/solve_partial": 1.0, "critic/score/mean": 0.5}, step=step, episodes=eps, trajectory_groups=make_groups(eps))
trk.finish()
server.shutdown()
open(out, "w").write(json.dumps(REQUESTS))
`;

type Recorded = Array<[string, Record<string, unknown> | null]>;
let recorded: Recorded = [];
let ingest = "";

const post = async (p: string, body: unknown) => {
  const response = await route.POST(
    new Request(`http://127.0.0.1:3000/api/v1/rllm/api/${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": ingest },
      body: body === undefined || body === null ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({ path: p.split("/") }) },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const count = (table: string) => (getStore().sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

/** A recorded body with rllm's session id replaced by ours, everywhere UILogger puts it. */
function withSession(body: Record<string, unknown> | null, session: string): Record<string, unknown> | null {
  if (!body) return body;
  const swap = (o: Record<string, unknown>) => ("session_id" in o ? { ...o, session_id: session } : o);
  const out = swap(body);
  for (const list of ["episodes", "groups"] as const) {
    if (Array.isArray(out[list])) out[list] = (out[list] as Record<string, unknown>[]).map(swap);
  }
  return out;
}

beforeAll(() => {
  ingest = createApiToken(getStore(), { name: "rllm", scopes: ["ingest"], createdBy: null }).secret;
  const out = path.join(dir, "requests.json");
  execFileSync("python3", ["-c", RECORD, trainer, out], { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
  recorded = JSON.parse(fs.readFileSync(out, "utf8")) as Recorded;
}, 90_000);
afterAll(() => {
  closeStore();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("rllm UILogger batch endpoints, with the requests the real UILogger sends", () => {
  it("records what rllm sends: the batch endpoints, each step's dialog folded into its metadata", () => {
    const paths = recorded.map(([p]) => p).filter((p) => p !== "/api/logs/batch" && !p.endsWith("/heartbeat"));
    expect(paths).toEqual(["/api/sessions", "/api/metrics", "/api/episodes/batch", "/api/trajectory-groups/batch",
      "/api/metrics", "/api/episodes/batch", "/api/trajectory-groups/batch", "/api/sessions/session-1/complete"]);
    const episodes = recorded.find(([p]) => p === "/api/episodes/batch")![1]!.episodes as Array<Record<string, any>>;
    const last = episodes[0]!.trajectories[0].steps[1];
    expect(last.model_response).toBeUndefined();
    expect(last.metadata).toMatchObject({ observation: "file.py", model_response: "submit 0", thought: "think2" });
  });

  it("takes the whole run: episodes as rollouts with their dialog, grouped per task and step; groups acknowledged", async () => {
    let session = "";
    for (const [p, body] of recorded) {
      const at = p.replace(/^\/api\//, "").replace("session-1", session);
      const response = await post(at, withSession(body, session));
      expect({ p, status: response.status, error: response.body.error }).toEqual({ p, status: 200, error: undefined });
      if (p === "/api/sessions") session = response.body.id as string;
    }
    expect(session).toBe("rllm_proj/ui-run");
    const store = getStore();
    expect(store.sqlite.prepare("SELECT status FROM runs WHERE id = ?").get(session)).toEqual({ status: "finished" });
    const groups = store.sqlite.prepare("SELECT step, group_id, sum(success) AS ok, count(*) AS n FROM rollouts WHERE run_id = ? GROUP BY group_id ORDER BY group_id").all(session);
    expect(groups).toEqual([
      { step: 1, group_id: "step1:rllm:task0", ok: 1, n: 2 }, { step: 1, group_id: "step1:rllm:task1", ok: 1, n: 2 },
      { step: 2, group_id: "step2:rllm:task0", ok: 1, n: 2 }, { step: 2, group_id: "step2:rllm:task1", ok: 1, n: 2 },
    ]);
    const { getRolloutWithTurns } = await import("@/db/queries/rollout-pages");
    const id = (store.sqlite.prepare("SELECT id FROM rollouts WHERE run_id = ? AND group_id = 'step2:rllm:task1' AND sample_index = 0").get(session) as { id: string }).id;
    const rollout = getRolloutWithTurns(store, id) as unknown as { reward: number; success: boolean; turns: Array<{ role: string; content: string }> };
    // UILogger drops chat_completions: the dialog comes from the observation / model_response it moved into metadata
    expect(rollout.turns.map((t) => [t.role, t.content])).toEqual([["user", "Task task1"], ["assistant", "ls"], ["user", "file.py"], ["assistant", "submit 0"]]);
    expect([rollout.reward, rollout.success]).toEqual([1, true]);
    expect(store.sqlite.prepare("SELECT value FROM metric_points WHERE run_id = ? AND key = 'critic/score/mean' AND step = 2").get(session)).toEqual({ value: 0.5 });
    // rllm re-sends after a restart: nothing doubles
    const [, batch] = recorded.find(([p]) => p === "/api/episodes/batch")!;
    const before = count("rollouts");
    expect((await post("episodes/batch", withSession(batch, session))).status).toBe(200);
    expect(count("rollouts")).toBe(before);
  });

  it("refuses a bad batch with a 400 naming the field, and writes nothing of it", async () => {
    const session = (await post("sessions", { project: "p", experiment: "batch-refusals" })).body.id as string;
    const [, recordedBatch] = recorded.find(([p]) => p === "/api/episodes/batch")!;
    const batch = withSession(recordedBatch, session)!;
    const episodes = batch.episodes as Array<Record<string, any>>;
    const before = count("rollouts");
    const badReward = { ...batch, episodes: [episodes[0], { ...episodes[1], trajectories: [{ ...episodes[1]!.trajectories[0], reward: "high" }] }] };
    const cases: Array<[string, unknown, number, string]> = [
      ["episodes/batch", badReward, 400, "episodes.1.trajectories.0.reward: must be a number"],
      ["episodes/batch", { ...batch, episodes: [{ ...episodes[0], step: -1 }] }, 400, "episodes.0.step: must be a non-negative integer"],
      ["episodes/batch", { ...batch, episodes: [{ ...episodes[0], episode_id: undefined }] }, 400, "episodes.0.id: must be the episode id"],
      ["episodes/batch", { session_id: session, episodes: {} }, 400, "episodes: must be a list"],
      ["episodes/batch", { ...batch, session_id: "nobody" }, 404, `session_id: no session "nobody"`],
      ["trajectory-groups/batch", { session_id: session, groups: [{ step: 1, group_id: "g", num_trajectories: -1 }] }, 400, "groups.0.num_trajectories: must be a non-negative integer"],
      ["trajectory-groups/batch", { session_id: session, groups: "x" }, 400, "groups: must be a list"],
    ];
    for (const [p, body, status, message] of cases) {
      const response = await post(p, body);
      expect({ p, status: response.status }).toEqual({ p, status });
      expect(String(response.body.error)).toContain(message);
    }
    expect(count("rollouts")).toBe(before);
  });

  it("reads the dialog from step metadata on the one-by-one fallback too (/api/episodes)", async () => {
    const session = (await post("sessions", { project: "p", experiment: "fallback" })).body.id as string;
    const [, recordedBatch] = recorded.find(([p]) => p === "/api/episodes/batch")!;
    const episode = (withSession(recordedBatch, session)!.episodes as Array<Record<string, unknown>>)[0]!;
    expect((await post("episodes", { ...episode, session_id: session })).status).toBe(200);
    const store = getStore();
    const { getRolloutWithTurns } = await import("@/db/queries/rollout-pages");
    const id = (store.sqlite.prepare("SELECT id FROM rollouts WHERE run_id = ?").get(session) as { id: string }).id;
    const rollout = getRolloutWithTurns(store, id) as unknown as { turns: Array<{ role: string; content: string }> };
    expect(rollout.turns.map((t) => t.content)).toEqual(["Task task0", "ls", "file.py", "submit 0"]);
  });
});
