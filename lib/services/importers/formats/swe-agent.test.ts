import { describe, expect, it } from "vitest";
import { sweAgentReader } from "./swe-agent";
import { peekFixture, peekJson, peekReal, peekText, problemOf, realFiles } from "./swe-test-files";
import type { TurnDraft } from "../types";

type HistoryItem = { role: string; content: string | Array<{ text: string }>; thought?: string; action?: string; is_demo?: boolean; tool_calls?: unknown[] };
type Step = { action: string; observation: string; thought: string; response: string; query?: HistoryItem[] };
type Traj = { trajectory: Step[]; history: HistoryItem[]; info: Record<string, any>; replay_config?: unknown };
const text = (c: HistoryItem["content"]) => (typeof c === "string" ? c : c.map((p) => p.text).join("\n"));
const assistants = (turns: TurnDraft[]) => turns.filter((t) => t.role === "assistant");

describe("SWE-agent: the real .traj files", () => {
  const files = realFiles("swe-agent-traj", ".traj");

  it("finds the three files", () => {
    expect(files).toHaveLength(3);
  });

  for (const name of files) {
    describe(name.split("/").pop()!, () => {
      const file = peekReal(name);
      const json = file.json as Traj;
      const parsed = sweAgentReader.read(file);
      const rollout = parsed.rollouts[0]!;
      const turns = rollout.turns;
      const stem = name.split("/").pop()!.replace(/\.traj$/, "");

      it("is recognised and names the instance", () => {
        expect(sweAgentReader.detect(file)).toBe(true);
        expect(parsed.format).toBe("swe-agent");
        expect(parsed.rollouts).toHaveLength(1);
        expect(rollout.instanceId).toBe(stem);
      });

      it("follows history, adding the submit output that history lacks", () => {
        const last = json.history[json.history.length - 1]!;
        const lastStep = json.trajectory[json.trajectory.length - 1]!;
        const extra = last.role === "assistant" && lastStep.observation !== "" ? 1 : 0;
        expect(turns).toHaveLength(json.history.length + extra);
        json.history.forEach((m, i) => expect(turns[i]!.raw).toBe(m));
        if (extra) expect(turns[turns.length - 1]).toMatchObject({ role: "environment", observation: lastStep.observation });
      });

      it("has one assistant turn per step, with the step's command and the message's thought", () => {
        const answers = assistants(turns);
        expect(answers).toHaveLength(json.trajectory.length);
        const messages = json.history.filter((m) => m.role === "assistant" && !m.is_demo);
        answers.forEach((turn, k) => {
          expect(turn.action?.command).toBe(json.trajectory[k]!.action.trim());
          expect(turn.reasoning).toBe(messages[k]!.thought!.trim());
          expect(turn.format_error).toBeUndefined();
        });
      });

      it("shows what the model saw as content and the raw command output as observation", () => {
        let k = 0;
        turns.forEach((turn, i) => {
          if (turn.role === "assistant") k++;
          if (k === 0 || (turn.role !== "environment" && turn.role !== "tool")) return;
          expect(turn.observation).toBe(json.trajectory[k - 1]!.observation);
          if (i < json.history.length) expect(turn.content).toBe(text(json.history[i]!.content));
        });
      });

      it("keeps the system prompt, the demonstration and the task ahead of the first answer", () => {
        const first = turns.findIndex((t) => t.role === "assistant");
        expect(turns[0]!.role).toBe("system");
        expect(turns.slice(1, first).every((t) => t.role === "user")).toBe(true);
        expect(first).toBe(json.history.findIndex((m) => m.role === "assistant" && !m.is_demo));
      });

      it("uses tool turns exactly where the run used function calling", () => {
        const toolMessages = json.history.filter((m) => m.role === "tool").length;
        expect(turns.filter((t) => t.role === "tool")).toHaveLength(toolMessages);
        for (const turn of assistants(turns)) expect("tool_calls" in turn.action!).toBe(toolMessages > 0);
      });

      it("takes exit status, submission, cost and tokens from info", () => {
        const stats = json.info.model_stats;
        expect(rollout.exitStatus).toBe(json.info.exit_status);
        expect(rollout.submission).toBe(json.info.submission);
        expect(rollout.costUsd).toBe(stats.instance_cost);
        expect(rollout.tokens).toEqual({ prompt: stats.tokens_sent, completion: stats.tokens_received });
        expect(rollout.metadata).toEqual({ api_calls: stats.api_calls });
        expect(rollout.success).toBeUndefined();
      });
    });
  }

  it("takes the model from replay_config when the file has one", () => {
    const name = files.find((f) => f.includes("marshmallow"))!;
    const json = peekReal(name).json as Traj;
    const replay = json.replay_config as { agent: { model: { name: string } }; problem_statement: { id: string } };
    const rollout = sweAgentReader.read(peekReal(name)).rollouts[0]!;
    expect(rollout.model).toBe(replay.agent.model.name);
    expect(rollout.instanceId).toBe(replay.problem_statement.id);
  });
});

describe("SWE-agent ≥ 1.0 with per-step query: the fixture", () => {
  const file = peekFixture("swe-agent-query.traj");
  const json = file.json as Traj;
  const replay = JSON.parse(json.replay_config as string);
  const rollout = sweAgentReader.read(file).rollouts[0]!;
  // The step SWE-agent rejected: its successor's query ends with the rejected answer and the feedback.
  const rejectedAt = json.trajectory.findIndex((s, i) => {
    const q = json.trajectory[i + 1]?.query;
    return q !== undefined && q[q.length - 2]?.content === s.response && q[q.length - 1]?.role === "user";
  });
  const feedback = json.trajectory[rejectedAt + 1]!.query!.at(-1)!;

  it("names the instance from replay_config, not the file name, and reads the model and version", () => {
    expect(rollout.instanceId).toBe(replay.problem_statement.id);
    expect(rollout.instanceId).not.toBe("swe-agent-query");
    expect(rollout.model).toBe(replay.agent.model.name);
    expect(rollout.metadata).toMatchObject({ swe_agent_version: json.info.swe_agent_version });
  });

  it("splices the rejected answer, flagged, and the agent's feedback into the history", () => {
    expect(rejectedAt).toBeGreaterThan(0);
    expect(rollout.turns).toHaveLength(json.history.length + 2);
    const flagged = rollout.turns.findIndex((t) => t.format_error);
    expect(rollout.turns[flagged]).toMatchObject({ role: "assistant", content: json.trajectory[rejectedAt]!.response });
    expect(rollout.turns[flagged]!.action).toBeUndefined();
    expect(rollout.turns[flagged + 1]).toMatchObject({ role: "user", content: feedback.content, raw: feedback });
    // It sits after the previous step's observation and before the answer that was accepted.
    expect(rollout.turns[flagged - 1]!.role).toBe("tool");
    expect(rollout.turns[flagged + 2]!.action?.command).toBe(json.trajectory[rejectedAt + 1]!.action);
    expect(rollout.turns.filter((t) => t.format_error)).toHaveLength(1);
  });

  it("keeps no query in any raw turn (each repeats the whole conversation)", () => {
    for (const turn of rollout.turns) expect(JSON.stringify(turn.raw ?? {})).not.toContain('"query"');
  });

  it("builds the same conversation from the steps alone when history is missing", () => {
    const withoutHistory = sweAgentReader.read(peekJson("swe-agent-query.traj", { ...json, history: undefined })).rollouts[0]!;
    const opening = json.trajectory[0]!.query!;
    expect(withoutHistory.turns).toHaveLength(opening.length + json.trajectory.length * 2);
    expect(withoutHistory.turns.slice(0, opening.length).map((t) => t.content)).toEqual(opening.map((m) => text(m.content)));
    expect(withoutHistory.turns.map((t) => t.role)).toEqual(rollout.turns.map((t) => (t.role === "tool" ? "environment" : t.role)));
    expect(withoutHistory.turns.filter((t) => t.format_error)).toHaveLength(1);
  });
});

describe("SWE-agent detection and malformed files", () => {
  it("does not claim other formats' real files", () => {
    for (const name of [...realFiles("openhands-events", ".json"), ...realFiles("inspect-ai", ".json"), ...realFiles("mini-swe-agent-v1", ".json"), ...realFiles("swebench-eval", ".json")]) {
      expect(sweAgentReader.detect(peekReal(name)), name).toBe(false);
    }
    expect(sweAgentReader.detect(peekJson("events.json", { trajectory: [{ id: 1, source: "agent", action: "run", observation: "run" }] }))).toBe(false);
  });

  it("flags nothing when history and steps disagree without any sign of a requery", () => {
    const json = {
      trajectory: [
        { action: "ls", observation: "a", thought: "t1", response: "t1" },
        { action: "cat a", observation: "x", thought: "t2", response: "t2" },
      ],
      history: [
        { role: "system", content: "s" },
        { role: "user", content: "task" },
        { role: "assistant", content: "t1", thought: "t1", action: "ls -la" },
        { role: "user", content: "a" },
        { role: "assistant", content: "t2", thought: "t2", action: "cat a" },
        { role: "user", content: "x" },
      ],
      info: {},
    };
    const turns = sweAgentReader.read(peekJson("x.traj", json)).rollouts[0]!.turns;
    expect(turns).toHaveLength(json.history.length);
    expect(turns.filter((t) => t.format_error)).toHaveLength(0);
    expect(turns.filter((t) => t.role === "assistant").map((t) => t.action?.command)).toEqual(["ls -la", "cat a"]);
  });

  it("recognises a steps-only file by its content, whatever its name", () => {
    expect(sweAgentReader.detect(peekJson("run.json", { trajectory: [{ action: "ls", observation: "a", thought: "t" }] }))).toBe(true);
  });

  const base = { trajectory: [{ action: "ls", observation: "a", thought: "t", response: "t" }], history: [], info: {} };
  const cases: Array<[string, unknown, string]> = [
    ["trajectory not a list", { ...base, trajectory: {} }, "trajectory"],
    ["a step that is not an object", { ...base, trajectory: [base.trajectory[0], "x"] }, "trajectory.1"],
    ["an observation that is not text", { ...base, trajectory: [{ ...base.trajectory[0], observation: 5 }] }, "trajectory.0.observation"],
    ["a query that is not a list", { ...base, trajectory: [{ ...base.trajectory[0], query: "q" }] }, "trajectory.0.query"],
    ["history not a list", { ...base, history: "h" }, "history"],
    ["a history item that is not an object", { ...base, history: [{ role: "system", content: "s" }, 3] }, "history.1"],
    ["a history role missing", { ...base, history: [{ content: "s" }] }, "history.0.role"],
    ["history content of the wrong type", { ...base, history: [{ role: "system", content: 1 }] }, "history.0.content"],
    ["tokens that are not a count", { ...base, info: { model_stats: { tokens_sent: "many" } } }, "info.model_stats.tokens_sent"],
    ["an exit status that is not text", { ...base, info: { exit_status: ["submitted"] } }, "info.exit_status"],
    ["replay_config that is not JSON", { ...base, replay_config: "{oops" }, "replay_config"],
  ];
  for (const [what, json, field] of cases) {
    it(`${what} → ${field}`, () => {
      expect(problemOf(() => sweAgentReader.read(peekJson("x.traj", json))).field).toBe(field);
    });
  }

  it("reports a .traj that is not JSON", () => {
    const broken = peekText("x.traj", "{");
    expect(sweAgentReader.detect(broken)).toBe(true);
    expect(problemOf(() => sweAgentReader.read(broken)).field).toBe("file");
  });
});
