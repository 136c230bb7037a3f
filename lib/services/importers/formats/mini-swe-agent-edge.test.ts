// The other mini-swe-agent shapes (text-based 1.1, the Responses API, the legacy bare list, limits,
// timeouts), what the reader refuses to claim, and malformed files.
import { describe, expect, it } from "vitest";
import { miniSweAgentReader } from "./mini-swe-agent";
import { peekJson, peekReal, peekText, problemOf, realFiles } from "./swe-test-files";
import { ImportProblem } from "../types";

const sys = { role: "system", content: "You are a helpful assistant." };
const task = { role: "user", content: "Fix the bug." };
const v11 = (messages: unknown[], info: Record<string, unknown> = {}) => ({ trajectory_format: "mini-swe-agent-1.1", info, messages });

describe("mini-swe-agent 1.1 text-based", () => {
  const answer = {
    role: "assistant",
    content: "THOUGHT: look first\n\n```mswea_bash_command\nls -la\n```",
    extra: { actions: [{ command: "ls -la" }], cost: 0.01 },
  };
  const observation = { role: "user", content: "<returncode>2</returncode>\n<output>\nls: nope\n</output>", extra: { raw_output: "ls: nope\n", returncode: 2 } };
  const rejected = "I will run two commands\n```mswea_bash_command\nls\n```\n```mswea_bash_command\npwd\n```";
  const feedback = { role: "user", content: "Please always provide EXACTLY ONE action in triple backticks, found 2 actions.", extra: { interrupt_type: "FormatError", n_actions: 2, model_response: rejected } };
  const exit = { role: "exit", content: "LimitsExceeded", extra: { exit_status: "LimitsExceeded", submission: "" } };
  const rollout = miniSweAgentReader.read(peekJson("run/django__django-1.traj.json", v11([sys, task, answer, observation, feedback, exit]))).rollouts[0]!;

  it("takes the command from extra.actions and the thought from the text around the block", () => {
    expect(rollout.turns[2]).toMatchObject({ role: "assistant", action: { command: "ls -la" }, reasoning: "look first" });
    expect(rollout.turns[3]).toMatchObject({ role: "environment", observation: "ls: nope\n", return_code: 2 });
  });

  it("restores the rejected answer kept in the feedback's extra, flagged, before the feedback", () => {
    expect(rollout.turns[4]).toMatchObject({ role: "assistant", content: rejected, format_error: true });
    expect(rollout.turns[4]!.action).toBeUndefined();
    expect(rollout.turns[5]).toMatchObject({ role: "user", content: feedback.content });
    expect(rollout.turns[5]!.format_error).toBeUndefined();
  });

  it("takes exit status from the exit message when info lacks it, names the instance by file, marks the limit", () => {
    expect(rollout.instanceId).toBe("django__django-1");
    expect(rollout.exitStatus).toBe("LimitsExceeded");
    expect(rollout.submission).toBeUndefined();
    expect(rollout.truncated).toBe(true);
  });
});

describe("mini-swe-agent 1.1 with a Responses API model", () => {
  const response = {
    object: "response",
    usage: { input_tokens: 100, output_tokens: 40 },
    output: [
      { type: "reasoning", summary: [{ type: "summary_text", text: "check files" }] },
      { type: "function_call", call_id: "call_9", name: "bash", arguments: '{"command": "ls"}' },
    ],
  };
  const result = { type: "function_call_output", call_id: "call_9", output: '{"returncode": 0, "output": "a.py\\n"}', extra: { raw_output: "a.py\n", returncode: 0 } };
  const rollout = miniSweAgentReader.read(peekJson("x.traj.json", v11([sys, task, response, result]))).rollouts[0]!;

  it("reads the response object as the assistant turn and its output item as the tool turn", () => {
    expect(rollout.turns[2]).toMatchObject({ role: "assistant", reasoning: "check files", action: { command: "ls" }, tokens: 40 });
    expect(rollout.turns[3]).toMatchObject({ role: "tool", observation: "a.py\n", return_code: 0 });
    expect(rollout.tokens).toEqual({ prompt: 100, completion: 40 });
  });
});

describe("mini-swe-agent legacy bare list and v1 edge cases", () => {
  it("reads a bare list of messages named <id>.traj.json, naming the instance by the file", () => {
    const messages = [sys, task, { role: "assistant", content: "THOUGHT: x\n```bash\necho hi\n```" }, { role: "user", content: "<returncode>0</returncode>\n<output>\nhi\n</output>" }];
    const parsed = miniSweAgentReader.read(peekJson("trajs/sympy__sympy-1/sympy__sympy-1.traj.json", messages));
    expect(parsed.format).toBe("mini-swe-agent-legacy");
    expect(parsed.rollouts[0]).toMatchObject({ instanceId: "sympy__sympy-1", attempt: "" });
    expect(parsed.rollouts[0]!.turns.map((t) => t.role)).toEqual(["system", "user", "assistant", "environment"]);
    expect(parsed.rollouts[0]!.exitStatus).toBeUndefined();
  });

  it("treats a timeout message as the command's observation, and a limit notice as a user turn", () => {
    const json = {
      trajectory_format: "mini-swe-agent-1",
      info: { exit_status: "LimitsExceeded", model_stats: { instance_cost: 0.1, api_calls: 1 }, config: { agent: { step_limit: 1 } } },
      messages: [sys, task, { role: "assistant", content: "```bash\nsleep 999\n```" }, { role: "user", content: "The last command <command>sleep 999</command> timed out and has been killed." }, { role: "user", content: "" }],
    };
    const rollout = miniSweAgentReader.read(peekJson("a.traj.json", json)).rollouts[0]!;
    expect(rollout.turns[3]).toMatchObject({ role: "environment", observation: json.messages[3]!.content });
    expect(rollout.turns[3]!.return_code).toBeUndefined();
    expect(rollout.turns[4]).toMatchObject({ role: "user", content: "" });
    expect(rollout).toMatchObject({ truncated: true, truncationKind: "turns" });
  });

  it("flags an answer without any bash block", () => {
    const json = { trajectory_format: "mini-swe-agent-1", messages: [sys, task, { role: "assistant", content: "I think we are done." }, { role: "user", content: "Please always provide EXACTLY ONE action in triple backticks, found 0 actions." }] };
    const turns = miniSweAgentReader.read(peekJson("a.traj.json", json)).rollouts[0]!.turns;
    expect(turns[2]).toMatchObject({ format_error: true, reasoning: "I think we are done." });
    expect(turns[3]).toMatchObject({ role: "user" });
  });
});

describe("mini-swe-agent detection", () => {
  it("does not claim other formats' real files", () => {
    for (const name of [...realFiles("openhands-events", ".json"), ...realFiles("inspect-ai", ".json"), ...realFiles("swe-agent-traj", ".traj"), ...realFiles("swebench-eval", ".json")]) {
      expect(miniSweAgentReader.detect(peekReal(name)), name).toBe(false);
    }
  });

  it("needs the .traj.json name for a bare list, and claims a broken .traj.json to report it", () => {
    expect(miniSweAgentReader.detect(peekJson("chat.json", [sys, task]))).toBe(false);
    expect(miniSweAgentReader.detect(peekJson("x.traj.json", [sys, task]))).toBe(true);
    const broken = peekText("x.traj.json", "{ not json");
    expect(miniSweAgentReader.detect(broken)).toBe(true);
    expect(problemOf(() => miniSweAgentReader.read(broken)).field).toBe("file");
  });
});

describe("mini-swe-agent malformed files name the field", () => {
  const v1 = (messages: unknown, info?: unknown) => peekJson("x.traj.json", { trajectory_format: "mini-swe-agent-1", info, messages });
  const cases: Array<[string, ReturnType<typeof peekJson>, string]> = [
    ["messages not a list", v1({ a: 1 }), "messages"],
    ["a message that is not an object", v1([sys, task, 42]), "messages.2"],
    ["content of the wrong type", v1([sys, { role: "user", content: 7 }]), "messages.1.content"],
    ["a role that is not text", v1([sys, { content: "x" }]), "messages.1.role"],
    ["an unknown role", v1([sys, { role: "robot", content: "x" }]), "messages.1.role"],
    ["tool calls that are not a list", v1([sys, task, { role: "assistant", content: "", tool_calls: "ls" }]), "messages.2.tool_calls"],
    ["a tool call without a name", v1([sys, task, { role: "assistant", content: "", tool_calls: [{ id: "1", function: { arguments: "{}" } }] }]), "messages.2.tool_calls.0.function.name"],
    ["a non-numeric token count", v1([sys, task, { role: "assistant", content: "", extra: { response: { usage: { completion_tokens: "9" } } } }]), "messages.2.extra.response.usage.completion_tokens"],
    ["an exit status that is not text", v1([sys], { exit_status: 3 }), "info.exit_status"],
    ["a cost that is not a number", v1([sys], { model_stats: { instance_cost: "0.2" } }), "info.model_stats.instance_cost"],
    ["info that is not an object", v1([sys], "done"), "info"],
    ["an unknown format version", peekJson("x.traj.json", { trajectory_format: "mini-swe-agent-9", messages: [] }), "trajectory_format"],
    ["the JSON null", peekText("x.traj.json", "null"), "file"],
  ];
  for (const [what, file, field] of cases) {
    it(`${what} → ${field}`, () => {
      const found = problemOf(() => miniSweAgentReader.read(file));
      expect(found).toBeInstanceOf(ImportProblem);
      expect(found.field).toBe(field);
      expect(found.reason.length).toBeGreaterThan(0);
    });
  }

  it("never crashes on wrong types anywhere in a message (only ImportProblems or a result)", () => {
    const oddities: unknown[] = [null, 0, -1.5, "", "x", true, [], [null], {}, { a: null }];
    for (const odd of oddities) {
      for (const key of ["role", "content", "extra", "tool_calls", "tool_call_id"]) {
        for (const role of ["assistant", "user", "tool", "exit"]) {
          const msg = { role, content: "c", [key]: odd };
          try {
            miniSweAgentReader.read(peekJson("x.traj.json", { trajectory_format: "mini-swe-agent-1.1", messages: [sys, task, msg, msg] }));
          } catch (error) {
            expect(error, `${role}.${key}=${JSON.stringify(odd)}`).toBeInstanceOf(ImportProblem);
          }
        }
      }
    }
  });
});
