// The follower against files the trainers' own writer code wrote (shared/trainers/<trainer>/outputs, read in
// place; see shared/trainers/README.md): rllm's EpisodeLogger and EvalEpisodeStore, prime-rl's FileMonitor,
// TRL's completions table, verl's FileLogger and _dump_generations, SkyRL's eval dumps. Every expected value is
// computed here from those files with the trainer's own rule, never copied from the follower's output.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asyncBufferFromFile, parquetReadObjects } from "hyparquet";
import { openStore, type Store } from "../../../db/client";
import { sharedDir } from "../../../test/shared-data";
import { run as followCommand } from "../../../programs/cli/commands/follow";
import { followDirectory, formatFollowProblems, type FollowOptions, type FollowOutcome } from "./follow-directory";

const trainers = path.join(sharedDir, "trainers");
const outputs = (trainer: string) => path.join(trainers, trainer, "outputs");

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-follow-real-"));
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

/** Follows a trainer's outputs in place (the shared folder is read-only: state goes to a temp file). */
async function follow(dir: string, store: Store, extra: Partial<FollowOptions> = {}) {
  return ok(await followDirectory({ dir, target: { kind: "db", store }, experiment: "exp", run: "r1", statePath: path.join(tempDir(), "state.json"), ...extra }));
}

interface Row { id: string; task_id: string; purpose: string; step: number; epoch: number | null; group_id: string; sample_index: number; reward: number | null; success: number; metadata: string }
const rows = (store: Store, where = "1=1") =>
  store.sqlite.prepare(`SELECT id, task_id, purpose, step, epoch, group_id, sample_index, reward, success, metadata FROM rollouts WHERE ${where} ORDER BY id`).all() as Row[];
const meta = (r: Row) => JSON.parse(r.metadata) as Record<string, unknown>;
const jsonLines = (file: string) => fs.readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Record<string, unknown>);

describe("rllm: EpisodeLogger training episodes and `rllm eval --save-episodes`", () => {
  const dir = outputs("rllm");
  const trainDir = path.join(dir, "logs", "rllm_proj", "deepswe-run", "episodes");
  const trainFiles = fs.readdirSync(trainDir).flatMap((step) => fs.readdirSync(path.join(trainDir, step)).filter((f) => f.startsWith("episode_")).map((f) => path.join(trainDir, step, f)));

  it("stores every training episode at its training_step, and the eval episodes", async () => {
    expect(trainFiles).toHaveLength(8);
    const store = openStore(":memory:");
    const outcome = await follow(dir, store);
    expect(outcome.problems).toEqual([]);
    const train = rows(store, "purpose = 'train'");
    expect(train).toHaveLength(8);
    for (const file of trainFiles) {
      const episode = JSON.parse(fs.readFileSync(file, "utf8")) as { training_step: number; epoch: number; episode_id: string; task: { id: string }; is_correct: boolean; trajectories: Array<{ reward: number }> };
      const rel = path.relative(dir, file).split(path.sep).join("/");
      const row = train.find((r) => r.id === `exp/r1:${rel}#1`);
      expect(row, rel).toBeDefined();
      expect(row!.step).toBe(episode.training_step);
      expect(row!.epoch).toBe(episode.epoch);
      expect(row!.task_id).toBe(`rllm:${episode.task.id}`);
      expect(row!.group_id).toBe(`step${episode.training_step}:rllm:${episode.task.id}`);
      expect(row!.sample_index).toBe(Number(episode.episode_id.split(":")[1]));
      expect(row!.reward).toBe(episode.trajectories.reduce((a, t) => a + t.reward, 0));
      expect(row!.success).toBe(episode.is_correct ? 1 : 0);
    }
    // batch_summary.json is the logger's index of the step, not an episode: neither stored nor reported.
    // rllm's FileLogger: batch/solve_partial is the share of mixed groups.
    for (const line of jsonLines(path.join(dir, "logs", "rllm_proj", "deepswe-run.jsonl"))) {
      const point = store.sqlite.prepare("SELECT value FROM metric_points WHERE key = 'train/mixed_group_ratio' AND step = ?").get(line.step) as { value: number } | undefined;
      expect(point?.value).toBe((line.data as Record<string, number>)["batch/solve_partial"]);
    }
    const evalRows = rows(store, "purpose = 'eval'");
    expect(evalRows.map((r) => r.task_id)).toEqual(["rllm:evaltask0", "rllm:evaltask1", "rllm:evaltask2"]);
  });
});

describe("prime-rl: FileMonitor's all/ and effective/ subsets", () => {
  const dir = outputs("prime-rl");
  const traces = (step: number, kind: string, subset: string) => path.join(dir, "rollouts", `step_${step}`, kind, subset, "traces.jsonl");
  const cohorts: Array<[number, string]> = [[1, "train"], [2, "train"], [2, "eval"]];

  it("stores each episode once and marks the ones effective/ left out", async () => {
    const store = openStore(":memory:");
    const outcome = await follow(dir, store);
    expect(outcome.problems).toEqual([]);
    const stored = rows(store);
    const expected = cohorts.flatMap(([step, kind]) => {
      const effective = new Set(jsonLines(traces(step, kind, "effective")).map((e) => e.id));
      return jsonLines(traces(step, kind, "all")).map((e) => ({ episode: e.id, step, purpose: kind, effective: effective.has(e.id) }));
    });
    expect(expected).toHaveLength(18);
    expect(stored).toHaveLength(expected.length);
    const got = stored.map((r) => ({ episode: meta(r).episode, step: r.step, purpose: r.purpose, effective: meta(r).effective }));
    const key = (e: { episode: unknown }) => String(e.episode);
    expect([...got].sort((a, b) => key(a).localeCompare(key(b)))).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
    expect(expected.filter((e) => !e.effective)).toHaveLength(4);
  });

  it("while following, holds a step's all/ episodes back until effective/ says which were used", async () => {
    const live = tempDir();
    const put = (step: number, kind: string, subset: string) => {
      const to = path.join(live, path.relative(dir, traces(step, kind, subset)));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, fs.readFileSync(traces(step, kind, subset)));
    };
    const store = openStore(":memory:");
    const statePath = path.join(tempDir(), "state.json");
    const pass = () => followDirectory({ dir: live, target: { kind: "db", store }, experiment: "exp", run: "r1", statePath }).then(ok);
    put(1, "train", "all");
    await pass();
    expect(rows(store)).toHaveLength(0);
    put(1, "train", "effective");
    await pass();
    expect(rows(store).map((r) => meta(r).effective)).toEqual([true, true, true, false, true, true, true, false]);
    put(2, "train", "all");
    put(2, "eval", "all");
    await pass();
    expect(rows(store)).toHaveLength(8);
    put(2, "train", "effective");
    put(2, "eval", "effective");
    await pass();
    expect(rows(store)).toHaveLength(18);
    // Ends equal to a one-shot import of the finished directory.
    const oneShot = openStore(":memory:");
    await follow(live, oneShot);
    expect(rows(store)).toEqual(rows(oneShot));
  });

  it("a later step settles an earlier one whose effective/ never came: stored once, without the mark", async () => {
    const live = tempDir();
    const put = (step: number, kind: string, subset: string) => {
      const to = path.join(live, path.relative(dir, traces(step, kind, subset)));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.writeFileSync(to, fs.readFileSync(traces(step, kind, subset)));
    };
    put(1, "train", "all");
    put(2, "train", "all");
    const store = openStore(":memory:");
    await follow(live, store);
    const stored = rows(store);
    expect(stored.map((r) => r.step)).toEqual(Array<number>(8).fill(1));
    expect(stored.every((r) => !("effective" in meta(r)))).toBe(true);
  });
});

describe("TRL: GRPOTrainer's completions table", () => {
  const dir = outputs("trl");
  const files = [1, 2, 3].map((s) => path.join(dir, "out", "completions", `completions_0000${s}.parquet`));
  const read = async (file: string) => (await parquetReadObjects({ file: await asyncBufferFromFile(file) })) as Array<Record<string, unknown>>;

  it("stores rows TRL logged again (its deques outlive a step without generation) once", async () => {
    const [, second, third] = await Promise.all(files.map(read));
    const content = (r: Record<string, unknown>) => JSON.stringify({ ...r, step: undefined });
    expect(third!.map(content)).toEqual(second!.map(content));
    const store = openStore(":memory:");
    const outcome = await follow(dir, store);
    expect(outcome.problems).toEqual([]);
    const stored = rows(store);
    expect(stored).toHaveLength(16);
    expect(new Set(stored.map((r) => r.step))).toEqual(new Set([1, 2]));
  });

  it("without the reward weights: no invented sum and no invented success, every logged column kept", async () => {
    const store = openStore(":memory:");
    await follow(dir, store);
    const first = await read(files[0]!);
    const stored = rows(store, "step = 1");
    expect(stored).toHaveLength(first.length);
    for (const [i, row] of first.entries()) {
      const r = stored.find((s) => s.id === `exp/r1:out/completions/completions_00001.parquet#${i + 1}`)!;
      expect(r.reward).toBeNull();
      expect(r.success).toBe(0);
      expect(meta(r).columns).toEqual({ accuracy_reward: row.accuracy_reward, format_reward: row.format_reward, num_tool_calls: row.num_tool_calls });
    }
  });

  it("with GRPOConfig.reward_weights: the reward TRL computes, Σ weight × reward-function column", async () => {
    const weights = [1.0, 0.5];
    const store = openStore(":memory:");
    await follow(dir, store, { rewardWeights: weights });
    for (const [f, file] of files.slice(0, 2).entries()) {
      for (const [i, row] of (await read(file)).entries()) {
        const r = rows(store, `id = 'exp/r1:out/completions/completions_0000${f + 1}.parquet#${i + 1}'`)[0]!;
        const trl = weights[0]! * (row.accuracy_reward as number) + weights[1]! * (row.format_reward as number);
        expect(r.reward).toBe(trl);
        expect(meta(r).rewards).toEqual({ accuracy_reward: row.accuracy_reward, format_reward: row.format_reward });
        expect(meta(r).extra).toEqual({ num_tool_calls: row.num_tool_calls });
        expect(r.success).toBe(0);
      }
    }
    // Two prompts × four samples a step, one correct each: 1.0·1 + 0.5·1 = 1.5 there, 0.5·1 (format only) elsewhere.
    expect(rows(store).map((r) => r.reward).sort()).toEqual([...Array<number>(12).fill(0.5), ...Array<number>(4).fill(1.5)]);
  });

  it("`follow --reward-weights` passes GRPOConfig.reward_weights on", async () => {
    const db = path.join(tempDir(), "lab.db");
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      expect(await followCommand([dir, "--experiment", "exp", "--run", "r1", "--db", db, "--once", "--state", path.join(tempDir(), "s.json"), "--reward-weights", "1,0.5"])).toBe(0);
    } finally {
      vi.restoreAllMocks();
    }
    const store = openStore(db);
    try {
      expect(rows(store).map((r) => r.reward).sort()).toEqual([...Array<number>(12).fill(0.5), ...Array<number>(4).fill(1.5)]);
    } finally {
      store.sqlite.close();
    }
  });
});

describe("verl: FileLogger metrics and _dump_generations", () => {
  const dir = outputs("verl");
  it("stores every dumped sample with verl's score, and every logged metric", async () => {
    const store = openStore(":memory:");
    const outcome = await follow(dir, store);
    expect(outcome.problems).toEqual([]);
    for (const [sub, purpose] of [["rollout_data", "train"], ["validation_data", "eval"]] as const) {
      for (const name of fs.readdirSync(path.join(dir, sub))) {
        for (const [i, line] of jsonLines(path.join(dir, sub, name)).entries()) {
          const r = rows(store, `id = 'exp/r1:${sub}/${name}#${i + 1}'`)[0];
          expect(r, `${sub}/${name}:${i + 1}`).toBeDefined();
          expect(r!.purpose).toBe(purpose);
          expect(r!.step).toBe(line.step);
          expect(r!.reward).toBe(line.score);
        }
      }
    }
    expect(rows(store)).toHaveLength(18);
    const logged = jsonLines(path.join(dir, "logs", "gsm8k_grpo", "qwen3-seed1.jsonl"));
    const points = store.sqlite.prepare("SELECT key, step, value FROM metric_points").all() as Array<{ key: string; step: number; value: number }>;
    for (const record of logged) {
      for (const [key, value] of Object.entries(record.data as Record<string, number>)) {
        expect(points.find((p) => p.key === key && p.step === record.step)?.value, `${key}@${String(record.step)}`).toBe(value);
      }
    }
    // The training curves' keys, from verl's names for them.
    for (const record of logged.filter((r) => (r.data as Record<string, number>)["critic/score/mean"] !== undefined)) {
      const data = record.data as Record<string, number>;
      const at = (key: string) => points.find((p) => p.key === key && p.step === record.step)?.value;
      expect(at("train/reward_mean")).toBe(data["critic/score/mean"]);
      expect(at("train/truncation_rate")).toBe(data["response_length/clip_ratio"]);
    }
  });
});

describe("SkyRL: only its eval dumps are files", () => {
  let out = "";
  beforeEach(() => {
    out = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  });
  afterEach(() => vi.restoreAllMocks());

  it("imports the eval dumps and says in --help that training metrics are no file", async () => {
    vi.restoreAllMocks();
    const dir = outputs("skyrl");
    const store = openStore(":memory:");
    const outcome = await follow(dir, store);
    expect(outcome.problems).toEqual([]);
    const evalDir = path.join(dir, "exports", "dumped_evals", "global_step_5_evals");
    const samples = ["openai_gsm8k.jsonl", "unknown.jsonl"].flatMap((f) => jsonLines(path.join(evalDir, f)));
    const stored = rows(store);
    // "score" is the trajectory's reward, or its per-token rewards, which SkyRL sums.
    const reward = (score: unknown) => (Array.isArray(score) ? (score as number[]).reduce((a, b) => a + b, 0) : score);
    expect(stored.map((r) => [r.purpose, r.step, r.reward])).toEqual(samples.map((s) => ["eval", 5, reward(s.score)]));
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
    expect(await followCommand(["--help"])).toBe(0);
    expect(out).toMatch(/SkyRL[\s\S]*no training metrics/);
  });
});
