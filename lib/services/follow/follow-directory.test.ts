import { afterEach, describe, expect, it } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openStore, type Store } from "../../../db/client";
import { computeTrainingRates } from "../../metrics/training-rates";
import { primeRlWriter, rllmWriter, skyrlWriter, trlWriter, verlWriter, type WriterAction } from "../../../test/fixtures/follow/trainer-writers";
import { followDirectory, formatFollowProblems, type FollowOutcome } from "./follow-directory";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-follow-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function ok(outcome: FollowOutcome) {
  if (!outcome.ok) throw new Error(`${outcome.error}\n${formatFollowProblems(outcome.problems)}`);
  return outcome;
}

/** What a store holds for the followed run, in a form two stores can be compared by. */
function snapshot(store: Store) {
  const rollouts = store.sqlite.prepare(
    "SELECT id, task_id, purpose, step, group_id, sample_index, reward, success, truncated, source_format FROM rollouts ORDER BY id",
  ).all();
  const turns = store.sqlite.prepare("SELECT rollout_id, count(*) AS n FROM turns GROUP BY rollout_id ORDER BY rollout_id").all();
  const metrics = store.sqlite.prepare("SELECT run_id, key, step, value FROM metric_points ORDER BY run_id, key, step").all();
  const tasks = store.sqlite.prepare("SELECT id, benchmark FROM tasks ORDER BY id").all();
  return { rollouts, turns, metrics, tasks };
}

const WRITERS: Array<[string, (dir: string) => WriterAction[], { rollouts: number; metrics: boolean }]> = [
  ["verl", (d) => verlWriter(d), { rollouts: 36, metrics: true }],
  ["prime-rl", (d) => primeRlWriter(d), { rollouts: 18, metrics: true }],
  ["SkyRL", (d) => skyrlWriter(d), { rollouts: 12, metrics: true }],
  ["TRL", (d) => trlWriter(d), { rollouts: 24, metrics: false }],
  ["rllm", (d) => rllmWriter(d), { rollouts: 6, metrics: false }],
];

describe("following a trainer's files", () => {
  for (const [name, writer, expected] of WRITERS) {
    it(`${name}: following while the trainer writes ends equal to a one-shot import`, async () => {
      // One-shot: the trainer has finished, the directory is imported once.
      const finished = tempDir();
      for (const action of writer(finished)) action();
      const oneShot = openStore(":memory:");
      const first = ok(await followDirectory({ dir: finished, target: { kind: "db", store: oneShot }, experiment: "exp", run: "r1" }));
      expect(first.problems).toEqual([]);

      // Following: a pass after every write of the trainer, half-written lines and files included.
      const live = tempDir();
      const followed = openStore(":memory:");
      for (const action of writer(live)) {
        action();
        const pass = ok(await followDirectory({ dir: live, target: { kind: "db", store: followed }, experiment: "exp", run: "r1", maxBatchEvents: 7 }));
        // A Parquet file without its footer yet is reported and retried, never half imported.
        for (const p of pass.problems) expect(p.message).toMatch(/not a complete Parquet file/);
      }
      ok(await followDirectory({ dir: live, target: { kind: "db", store: followed }, experiment: "exp", run: "r1" }));

      const a = snapshot(oneShot);
      const b = snapshot(followed);
      expect(a.rollouts).toHaveLength(expected.rollouts);
      expect(a.metrics.length > 0).toBe(expected.metrics);
      // Rollout ids name the file (relative to the followed directory) and line, so the two compare row by row.
      expect(b).toEqual(a);
    });
  }

  it("groups the samples of one prompt at one step, so trainable rate and mixed groups come out", async () => {
    const dir = tempDir();
    for (const action of verlWriter(dir, 1, 4)) action();
    const store = openStore(":memory:");
    ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    const rows = store.sqlite.prepare("SELECT group_id, success, reward, truncated FROM rollouts WHERE step = 1").all() as Array<{ group_id: string; success: number; reward: number; truncated: number }>;
    expect(new Set(rows.map((r) => r.group_id)).size).toBe(3);
    const rates = computeTrainingRates(rows.map((r) => ({ groupKey: r.group_id, success: r.success === 1, reward: r.reward, truncated: r.truncated === 1 })));
    // Each prompt's 4 samples hold both outcomes (the writer's pattern), so every group is mixed and trainable.
    expect(rates.groups).toBe(3);
    expect(rates.mixedGroups).toBe(3);
    expect(rates.trainableRate).toBe(1);
    const samples = store.sqlite.prepare("SELECT sample_index FROM rollouts WHERE step = 1 ORDER BY sample_index").all() as Array<{ sample_index: number }>;
    expect(samples.map((s) => s.sample_index)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });

  it("keeps every metric key and adds the dashboard's training-series keys", async () => {
    const dir = tempDir();
    for (const action of primeRlWriter(dir, 1)) action();
    const store = openStore(":memory:");
    ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    const keys = (store.sqlite.prepare("SELECT key, value FROM metric_points WHERE step = 0 ORDER BY key").all() as Array<{ key: string; value: number }>);
    expect(keys).toEqual([
      { key: "loss/mean", value: 0.02 },
      { key: "reward/mean", value: 0.5 },
      { key: "rollout/truncated_rate", value: 0.1 },
      { key: "train/truncation_rate", value: 0.1 },
    ]);
  });

  it("reports a malformed line as file:line with the reason and imports the rest", async () => {
    const dir = tempDir();
    const file = path.join(dir, "rollout_data", "3.jsonl");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const good = (k: number) => JSON.stringify({ input: "p", output: `o${k}`, score: 1.0, step: 3 });
    fs.writeFileSync(file, [good(0), "{not json", JSON.stringify({ input: "p", output: "o", score: "high", step: 3 }), good(3)].join("\n") + "\n");
    const store = openStore(":memory:");
    const outcome = ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    expect(formatFollowProblems(outcome.problems)).toBe([
      `  ${file}:2: not valid JSON: ${(() => { try { JSON.parse("{not json"); } catch (e) { return (e as Error).message; } return ""; })()}`,
      `  ${file}:3: "score" must be a number, got "high"`,
    ].join("\n"));
    expect((store.sqlite.prepare("SELECT count(*) AS n FROM rollouts").get() as { n: number }).n).toBe(2);
  });

  it("leaves the rest of a trainer's directory alone: configs, checkpoints, datasets, event logs", async () => {
    const dir = tempDir();
    for (const action of rllmWriter(dir, 1)) action();
    const put = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    };
    put("checkpoints/global_step_10/config.json", "{\"hidden_size\": 4096}");
    put("checkpoints/global_step_10/tokenizer.json", "{truncated");
    put("data/train.jsonl", `${JSON.stringify({ question: "q", answer: "a" })}\n`);
    put("events-1.jsonl", `${JSON.stringify({ type: "task", id: "t", key: "t", benchmark: "b" })}\n`);
    put("wandb/run.log", "not json at all\n");
    const store = openStore(":memory:");
    const outcome = ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    expect(outcome.problems).toEqual([]);
    expect(outcome.summary.files).toEqual({ "rllm-episode": 3 });
    expect((store.sqlite.prepare("SELECT count(*) AS n FROM tasks").get() as { n: number }).n).toBe(3);
  });

  it("is idempotent: following again from scratch sends everything as unchanged", async () => {
    const dir = tempDir();
    for (const action of trlWriter(dir, 1)) action();
    const store = openStore(":memory:");
    ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    const again = ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1", statePath: path.join(dir, "other-state.json") }));
    expect(again.summary.applied.rollout ?? 0).toBe(0);
    expect(again.summary.unchanged.rollout).toBe(12);
    // And a pass with nothing new reads nothing.
    const idle = ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1" }));
    expect(idle.summary.records).toBe(0);
  });
});
