// Claude Code session JSONL and Codex CLI rollouts, on the real public samples: turns with tool calls, tool
// outputs as observations, tokens, sub-agents (sidechains) as linked rollouts, bookkeeping lines skipped with
// their reason, encrypted reasoning never shown.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { claudeCodeReader } from "./claude-code";
import { codexCliReader } from "./codex-cli";
import { peekBytes } from "./swe-test-files";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const real = (rel: string) => peekBytes(rel, readFileSync(path.join(realTrajectoriesNewFormatsDir, rel)));
const CC = "claude-code/real_projects/-Users-dain-workspace-danieldemmel-me-next";
const TASK = "claude-code/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20";

describe("Claude Code sessions", () => {
  it("a session: user text, assistant tool_use blocks as tool calls, tool_result blocks as tool turns, usage once per message", () => {
    const file = real(`${CC}/5ed31c36-bca8-40fd-8d24-f1a1f0af7901.jsonl`);
    expect(claudeCodeReader.detect(file)).toBe(true);
    const parsed = claudeCodeReader.read(file);
    const [rollout] = parsed.rollouts;
    expect(rollout).toMatchObject({ instanceId: "5ed31c36-bca8-40fd-8d24-f1a1f0af7901", attempt: "", model: "claude-sonnet-4-5-20250929" });
    // One API message is streamed over one line per content block (its text, then three parallel Globs), all with
    // its message.id: one assistant turn with the text and three calls.
    const calls = rollout!.turns.filter((t) => t.role === "assistant" && t.action).map((t) => (t.action as { tool_calls: Array<{ name: string }> }).tool_calls.map((c) => c.name));
    expect(calls).toEqual([["Glob", "Glob", "Glob"], ["Write"]]);
    const tools = rollout!.turns.filter((t) => t.role === "tool");
    expect(tools).toHaveLength(4);
    expect(tools[0]!.observation).toBe("No files found");
    expect(rollout!.tokens!.completion).toBeGreaterThan(0);
    expect(parsed.accounting).toMatchObject({ items: 12, turns: 8, merged: 4 });
  });

  it("a sub-agent file (2.1 subagents/ layout) is its own rollout of the session's task, linked to it", () => {
    const parsed = claudeCodeReader.read(real(`${TASK}/subagents/agent-a2271d1.jsonl`));
    expect(parsed.rollouts).toHaveLength(1);
    const [sub] = parsed.rollouts;
    expect(sub).toMatchObject({ instanceId: "29ccd257-68b1-427f-ae5f-6524b7cb6f20", attempt: "agent a2271d1", metadata: { parent_session: "29ccd257-68b1-427f-ae5f-6524b7cb6f20" } });
    expect(sub!.model).toMatch(/haiku/);
    expect(sub!.turns.filter((t) => t.role === "tool").length).toBeGreaterThanOrEqual(24);
  });

  it("bookkeeping lines are skipped with their reason; the main session keeps its Task call", () => {
    const parsed = claudeCodeReader.read(real(`${TASK}.jsonl`));
    expect(parsed.accounting!.skipped).toMatchObject({
      "a queue operation (Claude Code's input queue bookkeeping)": 1,
      "hook or tool progress (bookkeeping; the result is in a later line)": 1,
    });
    const main = parsed.rollouts[0]!;
    expect(main.attempt).toBe("");
    expect(JSON.stringify(main.turns.map((t) => t.action))).toContain("\"name\":\"Task\"");
  });
});

describe("Codex CLI rollouts", () => {
  it("function calls, custom tool calls and their outputs; reasoning summaries, never the encrypted content", () => {
    const file = real("codex-cli/sessions/2026/01/02/rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl");
    expect(codexCliReader.detect(file)).toBe(true);
    expect(claudeCodeReader.detect(file)).toBe(false);
    const parsed = codexCliReader.read(file);
    const [rollout] = parsed.rollouts;
    expect(rollout).toMatchObject({ instanceId: "11111111-1111-4111-8111-111111111111", model: "synthetic-model", exitStatus: "incomplete" });
    const calls = rollout!.turns.filter((t) => t.role === "assistant" && t.action);
    expect(calls.map((t) => (t.action as { tool_calls: Array<{ name: string }> }).tool_calls[0]!.name)).toEqual(["exec_command", "apply_patch", "mcp__synthetic__lookup"]);
    expect(calls[0]).toMatchObject({ action: { command: "find . -maxdepth 1 -type f" }, reasoning: "I will inspect the synthetic directory." });
    const outputs = rollout!.turns.filter((t) => t.role === "tool").map((t) => t.observation);
    expect(outputs).toEqual(["./alpha.txt\n./beta.txt", "Done!", "{\"status\":\"ok\"}"]);
    expect(JSON.stringify(rollout!.turns)).not.toContain("SYNTHETIC_ENCRYPTED_CONTENT_MUST_NOT_RENDER");
    expect(Object.keys(parsed.accounting!.skipped).join(" ")).toContain("future_synthetic_record");
  });

  it("a real Codex Desktop turn: token counts, completion, and per-turn output tokens", () => {
    const [rollout] = codexCliReader.read(real("codex-cli/2026-02-23/raw/sessions/rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl")).rollouts;
    expect(rollout).toMatchObject({ exitStatus: "task_complete", tokens: { prompt: 298373, completion: 1123 } });
    expect(rollout!.turns.filter((t) => t.role === "tool")).toHaveLength(5);
    expect(rollout!.turns.some((t) => t.role === "assistant" && typeof t.tokens === "number")).toBe(true);
    expect(rollout!.turns.filter((t) => t.role === "system").length).toBeGreaterThan(0);
  });

  it("an abandoned turn (a call with no output, no task_complete) is not complete", () => {
    const [rollout] = codexCliReader.read(real("codex-cli/2026-02-23/raw/sessions/rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl")).rollouts;
    expect(rollout!.exitStatus).toBe("incomplete");
  });
});
