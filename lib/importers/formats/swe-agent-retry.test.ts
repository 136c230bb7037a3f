// SWE-agent RetryAgent files (sweagent/agent/agents.py RetryAgent.get_trajectory_data): `attempts` holds every
// attempt and the top level repeats the chosen one (info.best_attempt_idx). Each attempt is its own rollout
// of the task, linked by its number and the chosen one; nothing of a discarded attempt is lost.
import { describe, expect, it } from "vitest";
import { sweAgentReader } from "./swe-agent";
import { peekFixture } from "./swe-test-files";

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
