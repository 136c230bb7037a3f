import { describe, expect, it } from "vitest";
import { miniSweAgentReader } from "./mini-swe-agent";
import { peekFixture, peekReal, realFiles } from "./swe-test-files";
import type { TurnDraft } from "../types";

type Msg = { role: string; content: string; extra?: { response?: { usage?: Record<string, number> } } };
const count = (turns: TurnDraft[], pred: (t: TurnDraft) => boolean) => turns.filter(pred).length;

describe("mini-swe-agent v1: the real SWE-bench Verified trajectories", () => {
  const files = realFiles("mini-swe-agent-v1", ".traj.json");

  it("finds all five files", () => {
    expect(files).toHaveLength(5);
  });

  for (const name of files) {
    describe(name.split("/").pop()!, () => {
      const file = peekReal(name);
      const json = file.json as { instance_id: string; messages: Msg[]; info: Record<string, any> };
      const parsed = miniSweAgentReader.read(file);
      const rollout = parsed.rollouts[0]!;
      const messages = json.messages;

      it("is recognised as v1 and gives one rollout for the file's instance", () => {
        expect(miniSweAgentReader.detect(file)).toBe(true);
        expect(parsed.format).toBe("mini-swe-agent-1");
        expect(parsed.rollouts).toHaveLength(1);
        expect(rollout.instanceId).toBe(json.instance_id);
        expect(name).toContain(`/${rollout.instanceId}/`);
      });

      it("has one turn per message, in order, each keeping its message as raw", () => {
        expect(rollout.turns).toHaveLength(messages.length);
        rollout.turns.forEach((turn, i) => {
          expect(turn.raw).toBe(messages[i]);
          expect(turn.content).toBe(messages[i]!.content);
        });
        expect(rollout.turns[0]!.role).toBe("system");
        expect(rollout.turns[1]!.role).toBe("user");
        const assistants = messages.filter((m) => m.role === "assistant").length;
        expect(count(rollout.turns, (t) => t.role === "assistant")).toBe(assistants);
        // Every model call is one assistant message in v1.
        expect(assistants).toBe(json.info.model_stats.api_calls);
      });

      it("flags exactly the answers the agent rejected, and keeps its feedback as a user turn", () => {
        const template: string = json.info.config.agent.format_error_template;
        const prefix = template.slice(0, template.indexOf("{{"));
        const feedback = messages.map((m, i) => (m.role === "user" && i > 1 && m.content.startsWith(prefix) ? i : -1)).filter((i) => i >= 0);
        const flagged = rollout.turns.map((t, i) => (t.format_error ? i : -1)).filter((i) => i >= 0);
        expect(flagged).toEqual(feedback.map((i) => i - 1));
        for (const i of feedback) expect(rollout.turns[i]!.role).toBe("user");
        for (const i of flagged) expect(rollout.turns[i]!.action).toBeUndefined();
      });

      it("splits each accepted answer into the thought and the one bash command", () => {
        for (const turn of rollout.turns.filter((t) => t.role === "assistant" && !t.format_error)) {
          const open = turn.content.indexOf("```bash\n");
          const close = turn.content.indexOf("\n```", open + 8);
          expect(turn.action).toEqual({ command: turn.content.slice(open + 8, close).trim() });
          expect(turn.reasoning ?? "").not.toContain("```bash");
          expect(turn.content.startsWith("THOUGHT:") ? turn.content.includes(turn.reasoning!) : true).toBe(true);
        }
      });

      it("turns every command result into an environment turn with its return code and output", () => {
        messages.forEach((m, i) => {
          const turn = rollout.turns[i]!;
          if (!m.content.startsWith("<returncode>")) return;
          expect(turn.role).toBe("environment");
          expect(turn.return_code).toBe(Number(m.content.slice("<returncode>".length, m.content.indexOf("</returncode>"))));
          const open = m.content.indexOf("<output>\n");
          if (open >= 0 && m.content.endsWith("</output>")) {
            expect(turn.observation).toBe(m.content.slice(open + "<output>\n".length, m.content.length - "</output>".length));
          } else {
            expect(turn.observation).toContain("<output_head>");
          }
        });
        // The last message is the submitted patch, the result of the submit command.
        const last = rollout.turns[rollout.turns.length - 1]!;
        expect(last.role).toBe("environment");
        expect(last.observation).toBe(json.info.submission);
      });

      it("takes exit status, submission, cost, model and tokens from the file, and no verdict", () => {
        expect(rollout.exitStatus).toBe(json.info.exit_status);
        expect(rollout.submission).toBe(json.info.submission);
        expect(rollout.costUsd).toBe(json.info.model_stats.instance_cost);
        expect(rollout.model).toBe(json.info.config.model.model_name);
        expect(rollout.metadata).toEqual({ mini_version: json.info.mini_version, api_calls: json.info.model_stats.api_calls });
        const usages = messages.map((m) => m.extra?.response?.usage).filter((u) => u !== undefined);
        expect(rollout.tokens).toEqual({
          prompt: usages.reduce((s, u) => s + u!.prompt_tokens!, 0),
          completion: usages.reduce((s, u) => s + u!.completion_tokens!, 0),
        });
        expect(rollout.success).toBeUndefined();
        expect(rollout.reward).toBeUndefined();
        expect(rollout.truncated).toBeUndefined();
      });
    });
  }

  it("reads the 2 MB file with an 868 KB submission output intact", () => {
    const file = peekReal(files.find((f) => f.includes("psf__requests-1142"))!);
    const rollout = miniSweAgentReader.read(file).rollouts[0]!;
    const longest = Math.max(...rollout.turns.map((t) => t.observation?.length ?? 0));
    expect(longest).toBeGreaterThan(800_000);
    expect(longest).toBe(rollout.submission!.length);
  });
});

describe("mini-swe-agent 1.1 (tool calls): the fixture", () => {
  const file = peekFixture("mini-swe-agent-1.1.traj.json");
  const json = file.json as { instance_id: string; messages: any[]; info: Record<string, any> };
  const parsed = miniSweAgentReader.read(file);
  const rollout = parsed.rollouts[0]!;
  const turns = rollout.turns;

  it("is read as 1.1 with one turn per message", () => {
    expect(miniSweAgentReader.detect(file)).toBe(true);
    expect(parsed.format).toBe("mini-swe-agent-1.1");
    expect(rollout.instanceId).toBe(json.instance_id);
    expect(turns).toHaveLength(json.messages.length);
    expect(turns.map((t) => t.raw)).toEqual(json.messages);
  });

  it("maps tool results to tool turns with the raw output and return code of their extra", () => {
    const tools = json.messages.map((m, i) => [m, turns[i]!] as const).filter(([m]) => m.role === "tool");
    expect(tools.length).toBeGreaterThan(0);
    for (const [m, turn] of tools) {
      expect(turn.role).toBe("tool");
      expect(turn.observation).toBe(m.extra.raw_output);
      expect(turn.return_code).toBe(m.extra.returncode);
    }
    expect(tools.some(([, t]) => t.return_code !== 0)).toBe(true);
  });

  it("records the tool calls as the action, with the command when there is one", () => {
    json.messages.forEach((m, i) => {
      if (m.role !== "assistant") return;
      const action = turns[i]!.action!;
      const calls = action.tool_calls as Array<{ id: string; name: string; arguments: { command: string } }>;
      expect(calls.map((c) => c.id)).toEqual(m.tool_calls.map((c: any) => c.id));
      expect(calls.map((c) => c.arguments.command)).toEqual(m.tool_calls.map((c: any) => JSON.parse(c.function.arguments).command));
      if (calls.length === 1) expect(action.command).toBe(calls[0]!.arguments.command);
      else expect(action.command).toBeUndefined();
      expect(turns[i]!.reasoning).toBe(m.content);
    });
  });

  it("flags the format error on its feedback when the rejected answer was not kept", () => {
    const feedbackAt = json.messages.findIndex((m) => m.extra?.interrupt_type === "FormatError");
    expect(feedbackAt).toBeGreaterThan(1);
    expect(json.messages[feedbackAt - 1].role).toBe("tool");
    expect(turns[feedbackAt]).toMatchObject({ role: "user", format_error: true });
    expect(count(turns, (t) => t.format_error === true)).toBe(1);
  });

  it("ends with the exit message as the submit command's output, and reads info", () => {
    const last = turns[turns.length - 1]!;
    expect(last).toMatchObject({ role: "environment", observation: json.info.submission });
    expect(rollout.exitStatus).toBe("Submitted");
    expect(rollout.submission).toBe(json.info.submission);
    expect(rollout.costUsd).toBe(json.info.model_stats.instance_cost);
    expect(rollout.model).toBe(json.info.config.model.model_name);
    const usages = json.messages.filter((m) => m.role === "assistant").map((m) => m.extra.response.usage);
    expect(rollout.tokens).toEqual({
      prompt: usages.reduce((s: number, u: any) => s + u.prompt_tokens, 0),
      completion: usages.reduce((s: number, u: any) => s + u.completion_tokens, 0),
    });
    const assistantTurns = json.messages.map((m, i) => (m.role === "assistant" ? turns[i]! : null)).filter((t) => t !== null);
    expect(assistantTurns.map((t) => t.tokens)).toEqual(usages.map((u: any) => u.completion_tokens));
  });
});
