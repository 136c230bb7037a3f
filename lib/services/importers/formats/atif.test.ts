// ATIF trajectories (Harbor / Terminal-Bench): the real golden files of Harbor 0.1.31 and a trial folder
// written like Harbor's (agent/trajectory.json + result.json), read into turns with tool calls, observations
// and tokens, and the trial's verdict joined to its rollout through a real import.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readFileSync } from "node:fs";
import { atifReader } from "./atif";
import { harborResultReader } from "./harbor-result";
import { fixturesDir, peekBytes } from "./swe-test-files";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";
import { openStore } from "../../../../db/client";
import { listRolloutVerdicts } from "../../../../db/queries/rollout-view";
import { run } from "../../../../programs/cli/commands/import";

const realAtif = (rel: string) => peekBytes(rel, readFileSync(path.join(realTrajectoriesNewFormatsDir, "atif", rel)));

describe("ATIF (real Harbor golden files)", () => {
  it("terminus-2: each agent step is an assistant turn with its tool call, its output a tool turn, tokens per step", () => {
    const file = realAtif("terminus_2/hello-world-timeout.trajectory.json");
    expect(atifReader.detect(file)).toBe(true);
    const [rollout] = atifReader.read(file).rollouts;
    expect(rollout).toMatchObject({ instanceId: "hello-world-timeout", model: "openai/gpt-4o", tokens: { prompt: 982, completion: 145 } });
    expect(rollout!.costUsd).toBeCloseTo(0.003905, 6);
    const assistants = rollout!.turns.filter((t) => t.role === "assistant");
    expect(assistants[0]).toMatchObject({ action: { command: "echo 'Hello, world!'" }, tokens: 55 });
    const tools = rollout!.turns.filter((t) => t.role === "tool");
    expect(tools[0]!.observation).toContain("Hello, world!");
    expect(JSON.stringify(rollout!.turns)).not.toContain("prompt_token_ids");
  });

  it("a summarisation step names its sub-agent trajectories, which read as rollouts of their own", () => {
    const main = atifReader.read(realAtif("terminus_2/hello-world-context-summarization.trajectory.json")).rollouts[0]!;
    expect(main.turns.some((t) => t.content.includes("sub-agent trajectory trajectory.summarization-1-summary.json"))).toBe(true);
    const sub = atifReader.read(realAtif("terminus_2/hello-world-context-summarization.trajectory.summarization-1-summary.json")).rollouts[0]!;
    expect(sub).toMatchObject({ instanceId: "hello-world-context-summarization", attempt: "summarization-1-summary" });
    // terminus-2 names the parent session in agent.extra (Terminus2._save_subagent_trajectory).
    expect(sub.metadata).toMatchObject({ parent_session: "NORMALIZED_SESSION_ID", agent: "terminus-2-summarization-summary" });
  });
});

describe("a Harbor trial folder", () => {
  const trial = path.join(fixturesDir, "harbor-job", "hello-world__Xk3pQ2w");
  it("reads the trial's task and attempt from its folder, and the verdict from result.json", () => {
    const traj = atifReader.read(peekBytes("harbor-job/hello-world__Xk3pQ2w/agent/trajectory.json", readFileSync(path.join(trial, "agent", "trajectory.json")))).rollouts[0]!;
    expect(traj).toMatchObject({ instanceId: "hello-world", attempt: "hello-world__Xk3pQ2w", durationMs: 8250, metadata: { attempt: "hello-world__Xk3pQ2w" } });
    expect(traj.turns.find((t) => t.role === "assistant")?.reasoning).toBe("The file does not exist yet.");
    const result = harborResultReader.read(peekBytes("harbor-job/hello-world__Xk3pQ2w/result.json", readFileSync(path.join(trial, "result.json"))));
    expect(result.reports[0]!.verdicts).toEqual([{ instanceId: "hello-world", attempt: "hello-world__Xk3pQ2w", success: true, status: "resolved", details: { trial: "hello-world__Xk3pQ2w", reward: 1, rewards: { reward: 1 } } }]);
  });

  describe("imported", () => {
    let dir = "";
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-atif-"));
      vi.spyOn(process.stdout, "write").mockImplementation(() => true);
      vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    });
    afterEach(() => {
      vi.restoreAllMocks();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    it("gives the rollout the verifier's verdict", async () => {
      const db = path.join(dir, "lab.db");
      expect(await run([path.join(fixturesDir, "harbor-job"), "--experiment", "tb", "--benchmark", "terminal-bench", "--db", db])).toBe(0);
      const store = openStore(db);
      try {
        expect(store.sqlite.prepare("SELECT success, reward, source_format AS format FROM rollouts").all()).toEqual([{ success: 1, reward: 1, format: "atif" }]);
      } finally {
        store.sqlite.close();
      }
    });

    // terminus-2 writes its context-summarisation sub-agents into the trial's agent/ folder beside the main
    // trajectory (Terminus2._save_subagent_trajectory): the verifier judged the trial's agent, not them.
    it("gives the trial's verdict to its agent only, not to the summarisation sub-agents in its folder", async () => {
      const trialCopy = path.join(dir, "job", "hello-world__Xk3pQ2w");
      fs.cpSync(trial, trialCopy, { recursive: true });
      const sub = path.join(realTrajectoriesNewFormatsDir, "atif", "terminus_2", "hello-world-context-summarization.trajectory.summarization-1-summary.json");
      fs.copyFileSync(sub, path.join(trialCopy, "agent", "trajectory.summarization-1-summary.json"));
      const db = path.join(dir, "lab.db");
      expect(await run([path.join(dir, "job"), "--experiment", "tb", "--benchmark", "terminal-bench", "--db", db])).toBe(0);
      const store = openStore(db);
      try {
        const rows = store.sqlite.prepare(
          "SELECT json_extract(metadata, '$.parent_session') AS parent, json_extract(metadata, '$.trial') AS trial, success, reward FROM rollouts ORDER BY parent IS NOT NULL",
        ).all();
        expect(rows).toEqual([
          { parent: null, trial: null, success: 1, reward: 1 },
          { parent: "NORMALIZED_SESSION_ID", trial: "hello-world__Xk3pQ2w", success: 0, reward: null },
        ]);
      } finally {
        store.sqlite.close();
      }
    });

    // A job with several trials of one task (harbor run -k 2): each result.json judges its own trial only.
    const jobDir = path.join(fixturesDir, "harbor-job-trials");
    const trials = ["hello-world__Xk3pQ2w", "hello-world__Rm8vT4q", "configure-git-webserver-with-pos__Hn4kD2s"];
    const byTrial = (db: string) => {
      const store = openStore(db);
      try {
        return Object.fromEntries((store.sqlite.prepare(
          "SELECT json_extract(metadata, '$.attempt') AS trial, success, reward FROM rollouts",
        ).all() as Array<{ trial: string; success: number; reward: number | null }>).map((r) => [r.trial, [r.success, r.reward]]));
      } finally {
        store.sqlite.close();
      }
    };
    const expected = { "hello-world__Xk3pQ2w": [1, 1], "hello-world__Rm8vT4q": [0, 0], "configure-git-webserver-with-pos__Hn4kD2s": [1, 1] };
    const imp = (paths: string[], db: string) => run([...paths, "--experiment", "tb", "--run", "job-1", "--benchmark", "terminal-bench", "--db", db]);

    it("gives each trial of a task its own trial's verdict, a long task name included", async () => {
      const db = path.join(dir, "lab.db");
      expect(await imp([jobDir], db)).toBe(0);
      expect(byTrial(db)).toEqual(expected);
      expect(await imp([jobDir], db)).toBe(0);
    });

    it("lists a job folder's bookkeeping (configs, the job's summary, episode debug logs) as skipped and exits 0", async () => {
      const printed: string[] = [];
      vi.mocked(process.stdout.write).mockImplementation((chunk: string | Uint8Array) => (printed.push(String(chunk)), true));
      expect(await imp([jobDir], path.join(dir, "lab.db"))).toBe(0);
      const out = printed.join("");
      for (const file of ["harbor-job-trials/config.json", "harbor-job-trials/hello-world__Rm8vT4q/config.json"]) {
        expect(out).toMatch(new RegExp(`${file.replace(/[.]/g, "\\.")} +harbor-job-file +skipped: a Harbor (job|trial)'s configuration, not data`));
      }
      expect(out).toMatch(/harbor-job-trials\/result\.json +harbor-job-file +skipped: a Harbor job's summary/);
      expect(out).toMatch(/episode-0\/debug\.json\s+harbor-job-file +skipped: a Harbor agent's per-episode LLM debug log/);
      expect(out).not.toMatch(/FAILED/);
    });

    const outcomes = (db: string) => {
      const store = openStore(db);
      try {
        return store.sqlite.prepare("SELECT json_extract(metadata, '$.attempt') AS trial, json_extract(metadata, '$.step_name') AS step, success, reward FROM rollouts ORDER BY step").all();
      } finally {
        store.sqlite.close();
      }
    };

    it("a trial's agent folder (or its trajectory file) imported alone keeps its trial, so the result.json imported later joins it", async () => {
      const trial = path.join(jobDir, "hello-world__Xk3pQ2w");
      for (const [name, alone] of [["folder", path.join(trial, "agent")], ["file", path.join(trial, "agent", "trajectory.json")]] as const) {
        const db = path.join(dir, `${name}.db`);
        expect(await imp([alone], db)).toBe(0);
        expect(outcomes(db)).toEqual([{ trial: "hello-world__Xk3pQ2w", step: null, success: 0, reward: null }]);
        expect(await imp([path.join(trial, "result.json")], db)).toBe(0);
        expect(outcomes(db)).toEqual([{ trial: "hello-world__Xk3pQ2w", step: null, success: 1, reward: 1 }]);
        // The whole trial folder afterwards is the same rollout.
        expect(await imp([trial], db)).toBe(0);
        expect(outcomes(db)).toHaveLength(1);
      }
    });

    it("a multi-step trial (steps/<step>/agent/): a rollout per step, each joined by the trial's verdict", async () => {
      // TrialPaths of a multi-step trial: each step's agent output is moved to steps/<step>/agent/.
      const trial = path.join(dir, "job", "hello-world__Pq7rS2t");
      for (const step of ["1", "2"]) {
        fs.mkdirSync(path.join(trial, "steps", step, "agent"), { recursive: true });
        const source = JSON.parse(fs.readFileSync(path.join(jobDir, step === "1" ? "hello-world__Xk3pQ2w" : "hello-world__Rm8vT4q", "agent", "trajectory.json"), "utf8"));
        fs.writeFileSync(path.join(trial, "steps", step, "agent", "trajectory.json"), JSON.stringify(source, null, 2));
      }
      const result = JSON.parse(fs.readFileSync(path.join(jobDir, "hello-world__Xk3pQ2w", "result.json"), "utf8"));
      fs.writeFileSync(path.join(trial, "result.json"), JSON.stringify({ ...result, trial_name: "hello-world__Pq7rS2t" }, null, 4));
      const db = path.join(dir, "steps.db");
      expect(await imp([path.join(trial, "steps")], db)).toBe(0);
      expect(await imp([path.join(trial, "result.json")], db)).toBe(0);
      expect(outcomes(db)).toEqual([
        { trial: "hello-world__Pq7rS2t", step: "1", success: 1, reward: 1 },
        { trial: "hello-world__Pq7rS2t", step: "2", success: 1, reward: 1 },
      ]);
      // Every step's viewer shows the verdict that set its outcome, not only the first joined step's.
      const store = openStore(db);
      try {
        const steps = store.sqlite.prepare("SELECT id, run_id AS runId, task_id AS taskId FROM rollouts ORDER BY json_extract(metadata, '$.step_name')").all() as Array<{ id: string; runId: string; taskId: string }>;
        for (const step of steps) {
          expect(listRolloutVerdicts(store, step)).toMatchObject([{ success: true, reward: 1, matchedBy: "rollout" }]);
        }
      } finally {
        store.sqlite.close();
      }
    });

    it("joins each trial's verdict whichever is imported first, in separate imports", async () => {
      // The trajectories alone, in folders named like Harbor's trials (the task and trial come from the folder).
      const trialsOnly = path.join(dir, "job");
      for (const t of trials) {
        fs.mkdirSync(path.join(trialsOnly, t, "agent"), { recursive: true });
        fs.copyFileSync(path.join(jobDir, t, "agent", "trajectory.json"), path.join(trialsOnly, t, "agent", "trajectory.json"));
      }
      const results = trials.map((t) => path.join(jobDir, t, "result.json"));
      const resultsFirst = path.join(dir, "results-first.db");
      for (const result of results) expect(await imp([result], resultsFirst)).toBe(0);
      expect(await imp([trialsOnly], resultsFirst)).toBe(0);
      expect(byTrial(resultsFirst)).toEqual(expected);
      const trajectoriesFirst = path.join(dir, "trajectories-first.db");
      for (const t of trials) expect(await imp([path.join(trialsOnly, t)], trajectoriesFirst)).toBe(0);
      for (const result of [...results].reverse()) expect(await imp([result], trajectoriesFirst)).toBe(0);
      expect(byTrial(trajectoriesFirst)).toEqual(expected);
    });
  });
});
