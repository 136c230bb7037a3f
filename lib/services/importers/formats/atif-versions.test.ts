// Issue 39: ATIF as it is written in the wild — "1.4" without the ATIF-v prefix, agent.model instead of
// model_name, tool calls as {id, name, arguments}, tool results as their own system steps with an object-shaped
// observation that come BEFORE the step that made the call — and v1.7 with its top-level trajectory_id and notes.
// Fixtures follow what the real files were reported to hold (test/fixtures/importers/atif/).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportFile } from "../registry";
import { ALL_READERS } from ".";
import { fixturesDir } from "./swe-test-files";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(readFileSync(path.join(fixturesDir, "atif", name))) });
const read = (file: { name: string; bytes: Uint8Array }) => {
  const outcome = readImportFile(file, ALL_READERS);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.reason}`);
  return outcome;
};

describe("ATIF's versions", () => {
  it("a Terminal-Bench 1.4 file: no prefix, agent.model, {id, name, arguments} calls, results as steps before their call", () => {
    const outcome = read(fixture("terminal-bench-1.4.trajectory.json"));
    expect(outcome.format).toBe("atif");
    const [rollout] = outcome.parsed.rollouts;
    expect(rollout!.model).toBe("anthropic/claude-sonnet-4-5");
    expect(rollout!.turns.map((t) => t.role)).toEqual(["user", "assistant", "tool", "assistant", "tool", "assistant"]);
    const call = rollout!.turns[1]!.action as { tool_calls: Array<{ id: string; name: string; arguments: unknown }> };
    expect(call.tool_calls[0]).toMatchObject({ id: "call_1", name: "bash", arguments: { command: "ls -la /app" } });
    // The object-shaped result is shown as its JSON, right after the call it answers.
    expect(rollout!.turns[2]!.observation).toBe(JSON.stringify({ stdout: "", stderr: "", exit_code: 0 }, null, 2));
    expect(rollout!.turns[2]!.raw).toMatchObject({ source_call_id: "call_1" });
    // 6 steps: 4 turns; the two result-only steps merged into the turns of their calls.
    expect(outcome.parsed.accounting).toEqual({ unit: "steps", items: 6, turns: 4, merged: 2, skipped: {} });
    expect(rollout!.tokens).toEqual({ prompt: 2673, completion: 91 });
  });

  it("v1.7 keeps its top-level trajectory_id and notes, reads content parts and model_name", () => {
    const outcome = read(fixture("v1.7-notes.trajectory.json"));
    const [rollout] = outcome.parsed.rollouts;
    expect(rollout!.metadata).toMatchObject({ schema_version: "ATIF-v1.7", trajectory_id: "traj-0b5f9d1e", notes: "Re-run of the flaky test task with a longer timeout.", session_id: "sess-41aa" });
    expect(rollout!.model).toBe("openai/gpt-5");
    expect(rollout!.turns.map((t) => t.role)).toEqual(["system", "user", "assistant", "tool", "assistant"]);
    expect(rollout!.turns[3]!.observation).toBe("1 failed, 3 passed");
    expect(outcome.parsed.accounting).toMatchObject({ items: 4, turns: 4, merged: 0 });
  });

  it("a result step after its call joins it too; a result naming no known call stays where it is", () => {
    const doc = {
      schema_version: "v1.6", session_id: "s", agent: { name: "a", model_name: "m" },
      steps: [
        { step_id: 1, source: "agent", message: "go", tool_calls: [{ id: "c1", name: "bash", arguments: "{\"command\": \"ls\"}" }] },
        { step_id: 2, source: "agent", message: "next" },
        { step_id: 3, source: "system", message: "", observation: { tool_call_id: "c1", output: "a.txt" } },
        { step_id: 4, source: "system", message: "", observation: { source_call_id: "nobody", content: "stray" } },
      ],
    };
    const { parsed } = read({ name: "x.trajectory.json", bytes: new TextEncoder().encode(JSON.stringify(doc)) });
    expect(parsed.rollouts[0]!.turns.map((t) => [t.role, t.observation ?? t.content])).toEqual([
      ["assistant", "go"], ["tool", "a.txt"], ["assistant", "next"], ["system", ""], ["environment", "stray"],
    ]);
    expect((parsed.rollouts[0]!.turns[0]!.action as { tool_calls: Array<{ arguments: unknown }> }).tool_calls[0]!.arguments).toEqual({ command: "ls" });
    expect(parsed.accounting).toMatchObject({ items: 4, turns: 3, merged: 1 });
  });

  it("a 2.x file is refused naming schema_version; another tool's JSON with a schema_version is not taken for ATIF", () => {
    const v2 = { schema_version: "ATIF-v2.0", session_id: "s", agent: { name: "a" }, steps: [] };
    expect(readImportFile({ name: "t.json", bytes: new TextEncoder().encode(JSON.stringify(v2)) }, ALL_READERS))
      .toMatchObject({ ok: false, format: "atif", field: "schema_version", reason: "ATIF 2.0 is not supported: this reader reads ATIF 1.x" });
    const other = { schema_version: "1.0", steps: [{ name: "build" }], pipeline: "ci" };
    expect(readImportFile({ name: "pipeline.json", bytes: new TextEncoder().encode(JSON.stringify(other)) }, ALL_READERS).format).not.toBe("atif");
  });
});
