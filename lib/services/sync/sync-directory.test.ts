import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../../db/client";
import { applyEvents } from "../../../db/apply-events";
import { HarnessLabClient } from "../../client/harness-lab-client";
import { formatSyncFailure, syncDirectory, type SyncOutcome } from "./sync-directory";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-sync-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const experiment = { type: "experiment", id: "exp-1", name: "demo", method: "grpo" };
const run = { type: "run", id: "run-1", experiment: "exp-1", kind: "train", status: "running" };
const task = (id: string) => ({ type: "task", id, key: id, benchmark: "mini" });
const rollout = (id: string, taskId = "t1") => ({
  type: "rollout", id, experiment: "exp-1", run: "run-1", task: taskId, purpose: "train", reward: 1, success: true,
  turns: [{ role: "assistant", content: `solving ${taskId}` }],
});
const lines = (...events: unknown[]) => events.map((e) => `${JSON.stringify(e)}\n`).join("");

/** An ingestion server in a fetch: the real applyEvents on its own store, answering as the API does. */
function fakeServer(url = "http://lab.test") {
  const store = openStore(":memory:");
  const batches: unknown[][] = [];
  let failNext = 0;
  const fetch = (async (_input: string | URL | Request, init?: RequestInit) => {
    if (failNext > 0) {
      failNext -= 1;
      return new Response(JSON.stringify({ error: "unavailable" }), { status: 503 });
    }
    const events = JSON.parse(String(init?.body)) as unknown[];
    batches.push(events);
    const outcome = applyEvents(store, events);
    const body = outcome.ok
      ? { applied: outcome.applied, unchanged: outcome.unchanged }
      : { error: outcome.status === 409 ? "conflict" : "invalid events", errors: outcome.errors };
    return new Response(JSON.stringify(body), { status: outcome.ok ? 200 : outcome.status });
  }) as typeof globalThis.fetch;
  const client = new HarnessLabClient({ url, token: "tok", fetch, retries: 1, sleep: async () => {} });
  return {
    store, batches, client, target: { kind: "http" as const, client },
    failNextRequests: (n: number) => void (failNext = n),
    sent: () => batches.flat().length,
  };
}

const count = (store: Store, table: string) => (store.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

function ok(outcome: SyncOutcome) {
  if (!outcome.ok) throw new Error(formatSyncFailure(outcome));
  return outcome.summary;
}

describe("syncDirectory over HTTP", () => {
  it("applies files in name order, then nothing new on a second run", async () => {
    const dir = tempDir();
    // The rollouts' parents are in the earlier file; order matters once batches are small.
    fs.writeFileSync(path.join(dir, "events-2.jsonl"), lines(rollout("r1"), rollout("r2")));
    fs.writeFileSync(path.join(dir, "events-1.jsonl"), lines(experiment, run, task("t1")));
    const server = fakeServer();
    const first = ok(await syncDirectory({ dir, target: server.target, maxBatchEvents: 2 }));
    expect(first).toMatchObject({ files: 2, filesWithNewLines: 2, events: 5, batches: 3 });
    expect(first.applied).toEqual({ experiment: 1, run: 1, task: 1, rollout: 2 });
    expect(count(server.store, "rollouts")).toBe(2);

    const second = ok(await syncDirectory({ dir, target: server.target }));
    expect(second).toMatchObject({ files: 2, filesWithNewLines: 0, events: 0, batches: 0, applied: {} });
    expect(server.batches).toHaveLength(3);
  });

  it("resumes from the recorded offset and picks up a file that grew", async () => {
    const dir = tempDir();
    const file = path.join(dir, "events-1.jsonl");
    fs.writeFileSync(file, lines(experiment, run, task("t1")));
    const server = fakeServer();
    ok(await syncDirectory({ dir, target: server.target }));
    fs.appendFileSync(file, lines(rollout("r1"), rollout("r2")));
    const second = ok(await syncDirectory({ dir, target: server.target }));
    expect(second).toMatchObject({ events: 2, applied: { rollout: 2 } });
    expect(server.batches.at(-1)!.map((e) => (e as { id: string }).id)).toEqual(["r1", "r2"]);
    const state = JSON.parse(fs.readFileSync(path.join(dir, ".harness-lab-sync.json"), "utf8"));
    expect(state.targets["http:http://lab.test"].files["events-1.jsonl"]).toEqual({ offset: fs.statSync(file).size, line: 5 });
  });

  it("leaves a trailing partial line for the next run", async () => {
    const dir = tempDir();
    const file = path.join(dir, "events-1.jsonl");
    const partial = JSON.stringify(task("t2"));
    fs.writeFileSync(file, lines(experiment, task("t1")) + partial.slice(0, 20));
    const server = fakeServer();
    expect(ok(await syncDirectory({ dir, target: server.target })).applied).toEqual({ experiment: 1, task: 1 });
    fs.appendFileSync(file, `${partial.slice(20)}\n\n`);
    const second = ok(await syncDirectory({ dir, target: server.target }));
    expect(second.applied).toEqual({ task: 1 });
    expect(count(server.store, "tasks")).toBe(2);
  });

  it("keeps separate offsets per target", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "events-1.jsonl"), lines(experiment, task("t1")));
    const a = fakeServer("http://a.test");
    const b = fakeServer("http://b.test/");
    ok(await syncDirectory({ dir, target: a.target }));
    expect(ok(await syncDirectory({ dir, target: b.target })).events).toBe(2);
    expect(ok(await syncDirectory({ dir, target: a.target })).events).toBe(0);
    const state = JSON.parse(fs.readFileSync(path.join(dir, ".harness-lab-sync.json"), "utf8"));
    expect(Object.keys(state.targets).sort()).toEqual(["http:http://a.test", "http:http://b.test"]);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("reports a line that is not JSON as file:line, after applying the lines before it", async () => {
    const dir = tempDir();
    const file = path.join(dir, "events-1.jsonl");
    fs.writeFileSync(file, `${lines(experiment, task("t1"))}\n{not json}\n${lines(task("t2"))}`);
    const server = fakeServer();
    const outcome = await syncDirectory({ dir, target: server.target });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toMatchObject([{ file, line: 4 }]);
    expect(formatSyncFailure(outcome)).toContain(`${file}:4: not valid JSON`);
    expect(count(server.store, "tasks")).toBe(1);
    // Fix the line in place: the sync resumes at it.
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("{not json}", "          "));
    expect(ok(await syncDirectory({ dir, target: server.target })).applied).toEqual({ task: 1 });
  });

  it("maps the server's problem index back to file:line and records no progress for that batch", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "events-1.jsonl"), lines(experiment, run, task("t1")));
    const bad = { ...rollout("r2"), turns: [{ role: "robot", content: "?" }] };
    fs.writeFileSync(path.join(dir, "events-2.jsonl"), lines(rollout("r1"), bad));
    const server = fakeServer();
    const outcome = await syncDirectory({ dir, target: server.target });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems).toEqual([expect.objectContaining({ file: path.join(dir, "events-2.jsonl"), line: 2, path: "turns.0.role" })]);
    expect(formatSyncFailure(outcome)).toMatch(/refused a batch \(400/);
    expect(formatSyncFailure(outcome)).toContain("events-2.jsonl:2: turns.0.role:");
    expect(count(server.store, "experiments")).toBe(0);
    expect(fs.existsSync(path.join(dir, ".harness-lab-sync.json"))).toBe(false);
  });

  it("saves progress per batch, so an outage mid-way resumes after the last accepted batch", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "events-1.jsonl"), lines(experiment, run, task("t1"), task("t2"), task("t3"), task("t4")));
    const server = fakeServer();
    let calls = 0;
    const flaky = {
      kind: "http" as const,
      client: new HarnessLabClient({
        url: "http://lab.test", token: "tok", retries: 0, sleep: async () => {},
        fetch: (async (input: string | URL | Request, init?: RequestInit) => {
          calls += 1;
          if (calls === 2) throw new TypeError("fetch failed");
          return server.client["fetchImpl"](input, init);
        }) as typeof globalThis.fetch,
      }),
    };
    const outcome = await syncDirectory({ dir, target: flaky, maxBatchEvents: 2 });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.summary.events).toBe(2);
    expect(formatSyncFailure(outcome)).toContain("events-1.jsonl:3-4");
    const resumed = ok(await syncDirectory({ dir, target: server.target }));
    expect(resumed.events).toBe(4);
    expect(count(server.store, "tasks")).toBe(4);
  });

  it("refuses a file that shrank below its synced offset", async () => {
    const dir = tempDir();
    const file = path.join(dir, "events-1.jsonl");
    fs.writeFileSync(file, lines(experiment, task("t1")));
    const server = fakeServer();
    ok(await syncDirectory({ dir, target: server.target }));
    fs.writeFileSync(file, lines(experiment));
    const outcome = await syncDirectory({ dir, target: server.target });
    expect(outcome).toMatchObject({ ok: false, error: expect.stringContaining("is shorter") });
  });

  it("writes the state where asked", async () => {
    const dir = tempDir();
    const statePath = path.join(tempDir(), "nested", "state.json");
    fs.writeFileSync(path.join(dir, "events-1.jsonl"), lines(experiment));
    ok(await syncDirectory({ dir, target: fakeServer().target, statePath }));
    expect(fs.existsSync(statePath)).toBe(true);
    expect(fs.existsSync(path.join(dir, ".harness-lab-sync.json"))).toBe(false);
  });
});

describe("syncDirectory into a store file", () => {
  it("applies with the real applyEvents, idempotently, and maps a 409 to file:line", async () => {
    const dir = tempDir();
    const store = openStore(path.join(tempDir(), "lab.db"));
    try {
      const file = path.join(dir, "events-1.jsonl");
      fs.writeFileSync(file, lines(experiment, run, task("t1"), rollout("r1")));
      const first = ok(await syncDirectory({ dir, target: { kind: "db", store } }));
      expect(first.applied).toEqual({ experiment: 1, run: 1, task: 1, rollout: 1 });
      expect(count(store, "turns")).toBe(1);

      // A second directory replaying the same events, as after a lost state file: unchanged, not duplicated.
      const replay = tempDir();
      fs.copyFileSync(file, path.join(replay, "events-1.jsonl"));
      const again = ok(await syncDirectory({ dir: replay, target: { kind: "db", store } }));
      expect(again.applied).toEqual({});
      expect(again.unchanged).toEqual({ experiment: 1, run: 1, task: 1, rollout: 1 });
      expect(count(store, "rollouts")).toBe(1);

      // A rollout is immutable: different content under the same id is a conflict.
      fs.appendFileSync(file, lines(task("t2"), { ...rollout("r1"), reward: 0, success: false }));
      const outcome = await syncDirectory({ dir, target: { kind: "db", store } });
      expect(outcome).toMatchObject({ ok: false });
      if (outcome.ok) return;
      expect(outcome.error).toContain("409");
      expect(outcome.problems[0]).toMatchObject({ file, line: 6 });
      expect(count(store, "tasks")).toBe(1);
      const state = JSON.parse(fs.readFileSync(path.join(dir, ".harness-lab-sync.json"), "utf8"));
      expect(Object.keys(state.targets)).toEqual([`db:${store.file}`]);
      expect(state.targets[`db:${store.file}`].files["events-1.jsonl"].line).toBe(4);
    } finally {
      store.sqlite.close();
    }
  });
});
