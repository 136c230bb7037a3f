// Issue 39: ATIF as its writers write it. The Terminal-Bench run the issue names comes from OpenAgents' `tbench`
// (crates/harbor: ATIF_SCHEMA_VERSION "1.4", Agent {name, version, model, provider}, ToolCall {id, name,
// arguments}, and StreamResults::add_tool_result, which logs each result as a `system` step "Tool result for <id>"
// with an observation {type: "tool_result", content, result {success, output | error}} while the calls wait for
// the agent's next text: the results come BEFORE the step that made the calls). The fixture is written the way
// that code writes it, in its results/trajectories/<task>/<run>/ tree. v1.7 (trajectory_id, embedded
// subagent_trajectories resolved by trajectory_id) and v1.6's image content parts as Harbor's models define them.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readImportFile } from "../registry";
import { ALL_READERS } from ".";
import { atifReader } from "./atif";
import { fixturesDir, peekBytes } from "./swe-test-files";
import { realTrajectoriesDir, realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const TBENCH = "atif/tbench-results/hello-world/20260302-100000-a1b2c3d4/trajectory.json";

const read = (name: string, bytes: Uint8Array) => {
  const outcome = readImportFile({ name, bytes }, ALL_READERS);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.reason}`);
  return outcome;
};
const readDoc = (name: string, doc: unknown) => read(name, new TextEncoder().encode(JSON.stringify(doc)));

describe("a Terminal-Bench run written by tbench (\"1.4\", results as steps before their calls)", () => {
  const outcome = read(TBENCH, new Uint8Array(readFileSync(path.join(fixturesDir, TBENCH))));
  const rollout = outcome.parsed.rollouts[0]!;

  it("is read as ATIF: the task and run from its folders, agent.model as the model", () => {
    expect(outcome.format).toBe("atif");
    expect(rollout).toMatchObject({ instanceId: "hello-world", attempt: "20260302-100000-a1b2c3d4", model: "claude-sonnet-4-20250514", tokens: { prompt: 18423, completion: 612 } });
    expect(rollout.metadata).toMatchObject({ schema_version: "1.4", session_id: "tbench-1772445600512-a1b2c3d4", agent: "claude-code", agent_version: "2.0.58" });
  });

  it("puts each result right after the call it answers, joined by the id in the result step's label", () => {
    expect(rollout.turns.map((t) => [t.role, t.role === "tool" || t.role === "environment" ? t.observation : t.content])).toEqual([
      ["user", "Create a file /app/hello.txt containing 'Hello, world!' followed by a newline."],
      ["assistant", "I'll check what is in /app first."],
      ["assistant", "Created /app/hello.txt with the greeting."],
      ["tool", expect.stringContaining("drwxr-xr-x 2 root root 4096 Mar  2 09:59 .")],
      ["tool", "cat: /app/hello.txt: No such file or directory"],
      ["tool", "File created successfully at: /app/hello.txt"],
      // A call tbench never wrote (the run ended before the agent's next text): its result stays where it is.
      ["system", "Tool result for toolu_01Wd3JmRf9Zs"],
      ["environment", "Hello, world!"],
    ]);
    const calls = (rollout.turns[2]!.action as { tool_calls: Array<{ id: string; name: string; arguments: unknown }> }).tool_calls;
    expect(calls.map((c) => [c.id, c.name])).toEqual([["toolu_01Hq6yVb3mXo", "Bash"], ["toolu_01Ke2RzTn8Wd", "Bash"], ["toolu_01PbV7sQc4Lx", "Write"]]);
    expect(calls[0]!.arguments).toEqual({ command: "ls -la /app", description: "List files in /app" });
  });

  it("shows a failed result as failed (result.success false), the others not", () => {
    expect(rollout.turns.filter((t) => t.role === "tool").map((t) => t.return_code)).toEqual([undefined, 1, undefined]);
  });

  it("accounts for every step: the three result-only steps merged into the turn of their calls", () => {
    expect(outcome.parsed.accounting).toEqual({ unit: "steps", items: 7, turns: 4, merged: 3, skipped: {} });
  });
});

describe("ATIF v1.6 and v1.7 as Harbor defines them", () => {
  const doc = {
    schema_version: "ATIF-v1.7",
    session_id: "run-5",
    trajectory_id: "traj-main",
    notes: "Main agent with one delegated reviewer.",
    continued_trajectory_ref: "trajectory.cont-1.json",
    agent: { name: "orchestrator", version: "0.4.0", model_name: "anthropic/claude-opus-4" },
    steps: [
      { step_id: 1, source: "user", message: [{ type: "text", text: "Why does the page look broken?" }, { type: "image", source: { media_type: "image/png", path: "images/step_1_0.png" } }] },
      {
        step_id: 2, source: "agent", message: "Asking a reviewer.", llm_call_count: 1,
        tool_calls: [{ tool_call_id: "c1", function_name: "delegate", arguments: { task: "review the CSS" } }],
        observation: { results: [{ source_call_id: "c1", content: "The grid template is missing a column.", subagent_trajectory_ref: [{ session_id: "run-5", trajectory_id: "traj-reviewer" }] }] },
      },
    ],
    subagent_trajectories: [
      {
        schema_version: "ATIF-v1.7", session_id: "run-5-reviewer", trajectory_id: "traj-reviewer",
        agent: { name: "reviewer", version: "0.4.0", model_name: "anthropic/claude-haiku-4" },
        steps: [
          { step_id: 1, source: "user", message: "review the CSS" },
          { step_id: 2, source: "agent", message: "The grid template is missing a column." },
        ],
      },
    ],
  };

  it("embedded sub-agent trajectories become rollouts linked to their parent, every step of both accounted for", () => {
    const { parsed } = readDoc("orchestrator.trajectory.json", doc);
    expect(parsed.rollouts.map((r) => [r.instanceId, r.attempt, r.model, r.metadata?.parent_session])).toEqual([
      ["orchestrator", "", "anthropic/claude-opus-4", undefined],
      ["orchestrator", "traj-reviewer", "anthropic/claude-haiku-4", "run-5"],
    ]);
    expect(parsed.rollouts[1]!.metadata).toMatchObject({ session_id: "run-5-reviewer", trajectory_id: "traj-reviewer", agent: "reviewer" });
    expect(parsed.rollouts[1]!.turns.map((t) => t.role)).toEqual(["user", "assistant"]);
    expect(parsed.accounting).toEqual({ unit: "steps", items: 4, turns: 4, merged: 0, skipped: {} });
  });

  it("keeps trajectory_id, notes and continued_trajectory_ref; names an image part and the sub-agent a result delegated to", () => {
    const main = readDoc("orchestrator.trajectory.json", doc).parsed.rollouts[0]!;
    expect(main.metadata).toMatchObject({ trajectory_id: "traj-main", notes: "Main agent with one delegated reviewer.", continued_trajectory_ref: "trajectory.cont-1.json" });
    expect(main.turns[0]!.content).toBe("Why does the page look broken?\n[image/png images/step_1_0.png]");
    expect(main.turns[2]!.content).toBe("The grid template is missing a column.\nsub-agent trajectory traj-reviewer");
  });

  it("names the field of a broken embedded sub-agent", () => {
    const broken = { ...doc, subagent_trajectories: [{ ...doc.subagent_trajectories[0], steps: [{ step_id: 1, source: "robot", message: "" }] }] };
    expect(readImportFile({ name: "x.json", bytes: new TextEncoder().encode(JSON.stringify(broken)) }, ALL_READERS))
      .toMatchObject({ ok: false, format: "atif", field: "subagent_trajectories[0].steps[0].source" });
  });
});

describe("tool calls and results in other writers' shapes", () => {
  it("reads OpenAI's {id, type: function, function {name, arguments}}; a step repeating a call keeps that call's result", () => {
    // Harbor's OpenHands conversion gives the event holding a call's result a step of its own, with the call again.
    const doc = {
      schema_version: "ATIF-v1.5", session_id: "s", agent: { name: "openhands", version: "1" },
      steps: [
        { step_id: 1, source: "agent", message: "Looking.", tool_calls: [{ id: "call_a", type: "function", function: { name: "str_replace_editor", arguments: "{\"command\": \"view\", \"path\": \"/app\"}" } }] },
        { step_id: 2, source: "agent", message: "", tool_calls: [{ tool_call_id: "call_a", function_name: "str_replace_editor", arguments: { command: "view", path: "/app" } }], observation: { results: [{ source_call_id: "call_a", content: "/app\n/app/main.py" }] } },
      ],
    };
    const { parsed } = readDoc("x.json", doc);
    const turns = parsed.rollouts[0]!.turns;
    expect(turns.map((t) => t.role)).toEqual(["assistant", "assistant", "tool"]);
    expect((turns[0]!.action as { tool_calls: unknown[] }).tool_calls[0]).toMatchObject({ id: "call_a", name: "str_replace_editor", arguments: { command: "view", path: "/app" } });
    expect(turns[2]!.observation).toBe("/app\n/app/main.py");
  });
});

describe("ATIF detection stays strict", () => {
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });

  it("claims no real file of another format, and every real ATIF file", () => {
    const claimed: string[] = [];
    for (const root of [realTrajectoriesDir, realTrajectoriesNewFormatsDir]) {
      for (const file of walk(root).filter((f) => /\.jsonl?$|\.traj$/.test(f))) {
        const name = path.relative(root, file);
        if (atifReader.detect(peekBytes(name, new Uint8Array(readFileSync(file))))) claimed.push(name);
      }
    }
    expect(claimed.sort()).toEqual(walk(path.join(realTrajectoriesNewFormatsDir, "atif")).map((f) => path.relative(realTrajectoriesNewFormatsDir, f)).sort());
    expect(claimed).toHaveLength(6);
  });

  it("a bare version is ATIF only with an agent's name and steps that have a source", () => {
    const like = { schema_version: "1.4", session_id: "s", agent: { name: "ci" }, steps: [{ step_id: 1, name: "build" }] };
    expect(readImportFile({ name: "run.json", bytes: new TextEncoder().encode(JSON.stringify(like)) }, ALL_READERS).format).not.toBe("atif");
  });
});
