// mini-swe-agent v2 with an OpenAI Responses API model (LitellmResponseToolcallModel): the fixture is written
// like minisweagent/models/litellm_response_toolcall_model.py and utils/actions_toolcall_response.py save it —
// each answer is the response object itself with `extra` {actions, cost, timestamp}, each observation a
// `function_call_output` item with `extra` {raw_output, returncode, timestamp}, a FormatError a Responses
// `message` item, the end an `exit` message. Every item must become a turn with its tool calls, outputs,
// return codes and tokens.
import { describe, expect, it } from "vitest";
import { miniSweAgentReader } from "./mini-swe-agent";
import { peekFixture } from "./swe-test-files";
import { skippedCount } from "../accounting";

describe("mini-swe-agent v2 with a Responses API model", () => {
  const file = peekFixture("mini-swe-agent-2-responses.traj.json", "pallets__flask-5014.traj.json");
  const parsed = miniSweAgentReader.read(file);
  const rollout = parsed.rollouts[0]!;
  const messages = (file.json as { messages: unknown[] }).messages;

  it("reads every message: answers with their tool calls, each output a tool turn with its return code", () => {
    expect(miniSweAgentReader.detect(file)).toBe(true);
    expect(parsed.format).toBe("mini-swe-agent-1.1");
    const assistants = rollout.turns.filter((t) => t.role === "assistant");
    expect(assistants).toHaveLength(4);
    expect(assistants[0]).toMatchObject({ reasoning: "Find where Blueprint checks its name.", action: { command: 'grep -n "may not contain a dot" -r src/flask' }, tokens: 190 });
    expect(assistants[1]!.content).toBe("Reading the constructor and the tests.");
    // Each call's id is its call_id, the one its function_call_output answers.
    const calls = (assistants[1]!.action as { tool_calls: Array<{ id: string }> }).tool_calls;
    expect(calls.map((c) => c.id)).toEqual(["call_Qm2", "call_Qm3"]);
    expect(JSON.stringify(assistants[1]!.action)).toContain("empty_name");
    const tools = rollout.turns.filter((t) => t.role === "tool");
    expect(tools.map((t) => t.return_code)).toEqual([0, 0, 1, 1]);
    expect(tools[3]!.observation).toContain("ValueError: 'name' may not be empty.");
    const feedback = rollout.turns.find((t) => t.role === "user" && t.content.startsWith("No tool calls found"));
    expect(feedback).toBeDefined();
    expect(rollout.turns[rollout.turns.length - 1]).toMatchObject({ role: "environment" });
  });

  it("takes tokens, cost, exit status, submission and duration from the file", () => {
    expect(rollout).toMatchObject({ instanceId: "pallets__flask-5014", exitStatus: "Submitted", tokens: { prompt: 1480 + 1950 + 2410 + 2980, completion: 190 + 240 + 310 + 120 } });
    expect(rollout.costUsd).toBeCloseTo(0.0213, 6);
    expect(rollout.submission).toContain("may not be empty");
    expect(rollout.durationMs).toBeGreaterThan(0);
  });

  it("accounts for every message", () => {
    const a = parsed.accounting!;
    expect(a.items).toBe(messages.length);
    expect(a.turns + a.merged + skippedCount(a)).toBe(messages.length);
  });
});
