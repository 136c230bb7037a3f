// Issue 39: Harbor's multi-step trials, written as harbor/trial/multi_step.py writes them (fixture
// test/fixtures/importers/harbor-multi-step): "<trial>/steps/<step name>/agent/trajectory.json" and the step's
// verifier/ output per step, config.json, and one result.json whose step_results hold each step's verifier result
// while its verifier_result is their mean. A rollout per step (each step is its own agent run), each joined by the
// trial's verdict whichever arrives first, each step's own reward kept in the verdict's details.
import { describe, expect, it } from "vitest";
import path from "node:path";
import { openStore } from "../../../db/client";
import { fixturesDir } from "./formats/swe-test-files";
import { importCli } from "./import-cli.test-helper";

const TRIAL = "hello-world-steps__Wt5nB8c";
const trialDir = path.join(fixturesDir, "harbor-multi-step", TRIAL);

const importer = importCli("hl-harbor-steps-");

function imp(db: string, paths: string[]): Promise<{ exit: number; out: string }> {
  return importer.run([...paths, "--experiment", "tb", "--run", "steps", "--benchmark", "terminal-bench", "--db", db]);
}

function stored(db: string) {
  const store = openStore(db);
  try {
    return {
      rollouts: store.sqlite.prepare(`SELECT task_id AS task, json_extract(metadata, '$.attempt') AS trial, json_extract(metadata, '$.step_name') AS step,
        success, reward FROM rollouts ORDER BY step`).all(),
      verdicts: store.sqlite.prepare("SELECT task_id AS task, success, json_extract(details, '$.steps') AS steps FROM eval_results").all()
        .map((r) => ({ ...(r as object), steps: JSON.parse((r as { steps: string }).steps) })),
    };
  } finally {
    store.sqlite.close();
  }
}

const expected = {
  rollouts: [
    { task: "terminal-bench:hello-world-steps", trial: TRIAL, step: "add-farewell", success: 1, reward: 1 },
    { task: "terminal-bench:hello-world-steps", trial: TRIAL, step: "write-greeting", success: 1, reward: 1 },
  ],
  verdicts: [{ task: "terminal-bench:hello-world-steps", success: 1, steps: { "write-greeting": 1, "add-farewell": 0 } }],
};

describe("a Harbor multi-step trial", () => {
  it("imported whole: a rollout per step with the trial's verdict, each step's reward in its details; exit 0; again changes nothing", async () => {
    const db = path.join(importer.dir, "lab.db");
    const first = await imp(db, [trialDir]);
    expect(first.exit, first.out).toBe(0);
    expect(first.out).toMatch(/steps\/write-greeting\/verifier\/reward\.txt\s+harbor-job-file\s+skipped: a Harbor verifier's output/);
    expect(stored(db)).toEqual(expected);
    const again = await imp(db, [trialDir]);
    expect(again.exit, again.out).toBe(0);
    expect(again.out).toMatch(/applied: +none/);
  });

  it("its steps/ folder first, the result.json later (separate imports): the verdict joins every step", async () => {
    const db = path.join(importer.dir, "lab.db");
    expect((await imp(db, [path.join(trialDir, "steps")])).exit).toBe(0);
    expect(stored(db).rollouts.map((r) => (r as { reward: number | null }).reward)).toEqual([null, null]);
    const late = await imp(db, [path.join(trialDir, "result.json")]);
    expect(late.exit, late.out).toBe(0);
    expect(stored(db)).toEqual(expected);
    for (const again of [[path.join(trialDir, "result.json")], [path.join(trialDir, "steps", "add-farewell", "agent")], [trialDir]]) {
      const result = await imp(db, again);
      expect(result.exit, result.out).toBe(0);
      expect(result.out).toMatch(/applied: +none/);
    }
  });

  it("one step's agent folder alone keeps its trial and step, so the result.json imported later joins it", async () => {
    const db = path.join(importer.dir, "lab.db");
    expect((await imp(db, [path.join(trialDir, "steps", "write-greeting", "agent")])).exit).toBe(0);
    expect((await imp(db, [path.join(trialDir, "result.json")])).exit).toBe(0);
    expect(stored(db).rollouts).toEqual([expected.rollouts[1]]);
  });
});
