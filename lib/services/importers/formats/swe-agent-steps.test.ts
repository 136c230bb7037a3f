// Issue 17: no SWE-agent step is dropped. A SWE-agent ≥ 1.1 file whose history holds only the system prompt,
// and a real file from SWE-agent's test data whose history ends before the final `submit` step, keep every
// step as turns: the thought, the action and the printed output.
import { describe, expect, it } from "vitest";
import { sweAgentReader } from "./swe-agent";
import { peekFixture, peekJson, peekReal } from "./swe-test-files";

type Json = Record<string, unknown> & { history: Json[]; trajectory: Json[] };

const TEST_REPO = "swe-agent-traj/gpt4__swe-agent__test-repo__default_from_url__t-0.00__p-0.95__c-3.00__install-1/swe-agent__test-repo-i1.traj";

describe("SWE-agent steps that history does not hold", () => {
  it("a ≥ 1.1 file with three steps and a history of only the system prompt gives all three steps", () => {
    const full = peekFixture("swe-agent-query.traj").json as Json;
    // Three executed steps (the fixture's second step is a rejected answer, tested elsewhere).
    const steps = [0, 2, 3].map((i) => full.trajectory[i]!);
    const file = { ...full, trajectory: steps, history: [full.history[0]!] };
    const parsed = sweAgentReader.read(peekJson("flask.traj", file));
    const turns = parsed.rollouts[0]!.turns;
    const assistants = turns.filter((t) => t.role === "assistant");
    expect(assistants.map((t) => t.action?.command)).toEqual(steps.map((s) => s.action));
    expect(assistants.map((t) => t.reasoning)).toEqual(steps.map((s) => String(s.thought).trim()));
    const outputs = turns.filter((t) => t.role === "environment").map((t) => t.observation);
    expect(outputs).toEqual(steps.map((s) => s.observation));
    // The task comes from the first step's query, after the system prompt.
    expect(turns[0]).toMatchObject({ role: "system" });
    expect(turns[1]).toMatchObject({ role: "user", content: expect.stringContaining("Require a non-empty name for Blueprints") });
    expect(parsed.accounting).toMatchObject({ items: 4, turns: 4, merged: 0, skipped: {} });
  });

  it("the real test-repo file saved before its final submit step keeps the submit: 5 steps, 5 assistant turns", () => {
    const real = peekReal(TEST_REPO).json as Json;
    const lastAnswer = real.history.map((m) => m.role).lastIndexOf("assistant");
    const cut = { ...real, history: real.history.slice(0, lastAnswer) };
    const turns = sweAgentReader.read(peekJson("swe-agent__test-repo-i1.traj", cut)).rollouts[0]!.turns;
    const assistants = turns.filter((t) => t.role === "assistant");
    expect(real.trajectory).toHaveLength(5);
    expect(assistants).toHaveLength(5);
    const submit = real.trajectory[4]!;
    expect(assistants[4]).toMatchObject({ action: { command: "submit" }, reasoning: String(submit.thought).trim() });
    expect(turns[turns.length - 1]).toMatchObject({ role: "environment", observation: submit.observation });
    expect(String(submit.observation)).toContain("diff --git");
  });
});
