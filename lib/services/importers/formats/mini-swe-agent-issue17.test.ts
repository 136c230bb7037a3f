// Issue 17 for mini-swe-agent: the legacy bare list with ```mswea_bash_command blocks (as in mini-swe-agent's
// own test data, tests/test_data/*.traj.json and tests/agents/test_default.py) gives each answer its command and
// each observation its return code; 1.1's per-message timestamps give the rollout's start and duration.
import { describe, expect, it } from "vitest";
import { miniSweAgentReader } from "./mini-swe-agent";
import { peekFixture } from "./swe-test-files";

describe("mini-swe-agent legacy bare list with mswea_bash_command blocks", () => {
  const file = peekFixture("mini-swe-agent-legacy-mswea.traj.json");
  const parsed = miniSweAgentReader.read(file);
  const turns = parsed.rollouts[0]!.turns;

  it("reads every command and no format error", () => {
    const assistants = turns.filter((t) => t.role === "assistant");
    expect(assistants.map((t) => t.action?.command)).toEqual([
      "echo 'hello world'",
      "ls missing.txt",
      "echo 'COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT'\necho 'Task completed successfully'",
    ]);
    expect(turns.filter((t) => t.format_error)).toEqual([]);
    expect(assistants[0]!.reasoning).toBe("I'll echo a message");
  });

  it("stores the observations as environment turns with their return codes", () => {
    const observations = turns.filter((t) => t.role === "environment");
    expect(observations.map((t) => t.return_code)).toEqual([0, 2, undefined]);
    expect(observations[0]!.observation).toBe("hello world\n");
    expect(observations[2]!.observation).toBe("Task completed successfully\n");
    expect(turns.filter((t) => t.role === "user")).toHaveLength(1); // the task only
    expect(parsed.accounting).toEqual({ unit: "messages", items: 8, turns: 8, merged: 0, skipped: {} });
  });
});

describe("mini-swe-agent 1.1 per-message timestamps", () => {
  it("give the rollout its start and duration (first to last stamped message)", () => {
    const file = peekFixture("mini-swe-agent-1.1.traj.json");
    const json = file.json as { messages: Array<{ extra?: { timestamp?: number } }> };
    const stamps = json.messages.map((m) => m.extra?.timestamp).filter((t): t is number => typeof t === "number");
    expect(stamps.length).toBeGreaterThan(2);
    const rollout = miniSweAgentReader.read(file).rollouts[0]!;
    expect(rollout.startedAt).toBeCloseTo(Math.min(...stamps) * 1000, 3);
    expect(rollout.durationMs).toBeCloseTo((Math.max(...stamps) - Math.min(...stamps)) * 1000, 3);
    expect(rollout.durationMs!).toBeGreaterThan(0);
  });
});
