// SWE-agent RetryAgent files (sweagent/agent/agents.py RetryAgent.get_trajectory_data): `attempts` holds every
// attempt and the top level repeats the chosen one (info.best_attempt_idx). Each attempt is its own rollout
// of the task, linked by its number and the chosen one; nothing of a discarded attempt is lost.
import { afterEach, describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sweAgentReader } from "./swe-agent";
import { fixturesDir, peekFixture } from "./swe-test-files";
import { openStore } from "../../../../db/client";
import { run } from "../../../../programs/cli/commands/import";

describe("SWE-agent RetryAgent attempts", () => {
  const file = peekFixture("swe-agent-retry.traj", "pallets__flask-5014.traj");
  const parsed = sweAgentReader.read(file);

  it("gives each attempt its own rollout, the chosen one marked", () => {
    expect(sweAgentReader.detect(file)).toBe(true);
    expect(parsed.rollouts.map((r) => r.attempt)).toEqual(["attempt 1", "attempt 2"]);
    expect(new Set(parsed.rollouts.map((r) => r.instanceId)).size).toBe(1);
    expect(parsed.rollouts[0]).toMatchObject({ exitStatus: "exit_cost", truncated: true, costUsd: 0.41, metadata: { retry_attempt: 1, attempts: 2, best_attempt: 2, chosen: false } });
    expect(parsed.rollouts[1]!.metadata).toMatchObject({ retry_attempt: 2, chosen: true });
    expect(parsed.rollouts[1]!.submission).toContain("diff --git");
    expect(parsed.rollouts[0]!.turns.filter((t) => t.role === "assistant")).toHaveLength(1);
  });

  it("counts the repeated top level as merged into the chosen attempt", () => {
    const json = file.json as { history: unknown[]; trajectory: unknown[] };
    expect(parsed.accounting!.merged).toBeGreaterThanOrEqual(json.history.length + json.trajectory.length);
  });
});

describe("SWE-agent RetryAgent attempts and a SWE-bench report", () => {
  let dir = "";
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  // The report judges the submitted patch, which is the chosen attempt's: a discarded attempt keeps an unknown outcome.
  it.each([["report first"], ["trajectory first"]])("gives the evaluated verdict to the chosen attempt only (%s)", async (order) => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hl-retry-"));
    const report = path.join(dir, "report.json");
    fs.writeFileSync(report, JSON.stringify({ "pallets__flask-5014": { patch_exists: true, patch_successfully_applied: true, resolved: true } }));
    const traj = path.join(dir, "pallets__flask-5014.traj");
    fs.copyFileSync(path.join(fixturesDir, "swe-agent-retry.traj"), traj);
    const db = path.join(dir, "lab.db");
    const files = order === "report first" ? [report, traj] : [traj, report];
    for (const f of files) expect(await run([f, "--experiment", "retry", "--run", "r", "--db", db])).toBe(0);
    const store = openStore(db);
    try {
      expect(store.sqlite.prepare(
        "SELECT json_extract(metadata, '$.retry_attempt') AS attempt, success, reward FROM rollouts ORDER BY attempt",
      ).all()).toEqual([{ attempt: 1, success: 0, reward: null }, { attempt: 2, success: 1, reward: 1 }]);
    } finally {
      store.sqlite.close();
    }
  });
});
