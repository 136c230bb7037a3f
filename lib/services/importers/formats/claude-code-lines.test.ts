// Issue 39: the lines Claude Code 2.1 writes besides its messages, in the shapes its public parsers document
// (system subtypes turn_duration, api_error, stop_hook_summary, microcompact_boundary; types newer than the reader),
// an interrupted user message and a compaction's summary marked so the viewer says what they are, and agent files
// (a compaction's, an old-style sidechain beside its session) linked to their session. Lines are added to the real
// 2.1 session in ../shared, with its envelope fields.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportFile } from "../registry";
import { ALL_READERS } from ".";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const CC = path.join(realTrajectoriesNewFormatsDir, "claude-code/real_projects");
const SESSION = "29ccd257-68b1-427f-ae5f-6524b7cb6f20";
const REAL = readFileSync(path.join(CC, "-src-experiments-claude_p", `${SESSION}.jsonl`), "utf8").trimEnd();
const envelope = (uuid: string) => ({
  parentUuid: null, isSidechain: false, userType: "external", cwd: "/src/experiments/claude_p", sessionId: SESSION,
  version: "2.1.152", gitBranch: "", uuid, timestamp: "2026-01-23T17:40:00.000Z",
});
const read = (name: string, text: string) => {
  const outcome = readImportFile({ name, bytes: new TextEncoder().encode(text) }, ALL_READERS);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.reason}`);
  return outcome.parsed;
};
const withLines = (...extra: object[]) => read(`${SESSION}.jsonl`, [REAL, ...extra.map((l) => JSON.stringify(l))].join("\n"));

describe("Claude Code's system lines and newer line types", () => {
  it("a turn's duration and a quiet Stop hook summary are bookkeeping; an API error is a turn saying what failed", () => {
    const plain = read(`${SESSION}.jsonl`, REAL);
    const parsed = withLines(
      { ...envelope("s-1"), type: "system", subtype: "api_error", level: "error", cause: {}, retryInMs: 1180.5, retryAttempt: 2, maxRetries: 10,
        error: { status: 529, headers: {}, requestID: "req_011CX", error: { type: "error", error: { type: "overloaded_error", message: "Overloaded" }, request_id: "req_011CX" } } },
      { ...envelope("s-2"), type: "system", subtype: "turn_duration", durationMs: 48211, isMeta: false },
      { ...envelope("s-3"), type: "system", subtype: "stop_hook_summary", toolUseID: "t-1", level: "suggestion", hookCount: 1, hookInfos: [{ command: "echo done" }], hookErrors: [], preventedContinuation: false, stopReason: "", hasOutput: false },
      { ...envelope("s-4"), type: "system", subtype: "microcompact_boundary", content: "Context microcompacted", level: "info",
        microcompactMetadata: { trigger: "auto", preTokens: 120400, tokensSaved: 18250, compactedToolIds: ["toolu_1"], clearedAttachmentUUIDs: [] } },
      { type: "bridge-session", sessionId: SESSION, url: "https://claude.ai/code/x" },
      { ...envelope("s-5"), type: "hologram", payload2: {} },
    );
    const turns = parsed.rollouts[0]!.turns;
    const added = turns.slice(plain.rollouts[0]!.turns.length);
    expect(added.map((t) => [t.role, t.content])).toEqual([
      ["system", "API error 529 overloaded_error: Overloaded (retry 2 of 10, next in 1.2 s)"],
      ["system", "Context microcompacted (trigger: auto, 120,400 tokens before, 18,250 tokens saved)"],
    ]);
    expect(parsed.accounting!.items).toBe(plain.accounting!.items + 6);
    expect(parsed.accounting!.skipped).toMatchObject({
      "the duration of a turn (timing bookkeeping)": 1,
      "a Stop hook summary with no errors and no blocked stop (hook bookkeeping)": 1,
      "a remote-control bridge record (bookkeeping)": 1,
      "a \"hologram\" line (a line type this reader does not know; not part of the conversation)": 1,
    });
  });

  it("a Stop hook that blocked the stop or failed is shown", () => {
    const parsed = withLines({ ...envelope("s-6"), type: "system", subtype: "stop_hook_summary", toolUseID: "t-2", level: "suggestion", hookCount: 1,
      hookInfos: [{ command: "./check.sh" }], hookErrors: ["tests fail: 3"], preventedContinuation: true, stopReason: "Tests still fail", hasOutput: true });
    expect(parsed.rollouts[0]!.turns.at(-1)).toMatchObject({ role: "system", content: "Stop hooks (./check.sh) blocked the stop: Tests still fail\ntests fail: 3" });
  });

  it("an interrupted user message and a compaction's summary are marked for the viewer", () => {
    const turns = withLines(
      { ...envelope("u-1"), type: "user", message: { role: "user", content: [{ type: "text", text: "[Request interrupted by user]" }] } },
      { ...envelope("s-7"), type: "system", subtype: "compact_boundary", content: "Conversation compacted", level: "info", compactMetadata: { trigger: "auto", preTokens: 167012 } },
      { ...envelope("u-2"), type: "user", isCompactSummary: true, isVisibleInTranscriptOnly: true,
        message: { role: "user", content: "This session is being continued from a previous conversation that ran out of context. Summary: …" } },
    ).rollouts[0]!.turns;
    const interrupted = turns.find((t) => t.content === "[Request interrupted by user]")!;
    expect(interrupted.hooks).toEqual([{ position: "post_feedback", hook: "interrupt (user)", effect: "observe", message: "Interrupted by the user: Claude Code stopped the model's turn here." }]);
    const summary = turns.find((t) => t.content.startsWith("This session is being continued"))!;
    expect(summary.role).toBe("user");
    expect(summary.hooks).toEqual([{ position: "pre_decision", hook: "compaction (Claude Code)", effect: "rewrite",
      message: "Compaction summary written by Claude Code, not the user: it replaces the turns before it in the model's context." }]);
  });

  it("a message Claude Code added (isMeta) is marked as not typed by the user; a sub-agent's progress names where its messages are", () => {
    const parsed = withLines(
      { ...envelope("u-3"), type: "user", isMeta: true, message: { role: "user", content: "Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages." } },
      { ...envelope("p-2"), type: "progress", toolUseID: "agent_msg_1", parentToolUseID: "toolu_1", data: { type: "agent_progress", agentId: "a2271d1", prompt: "Explore", message: { type: "user", message: { role: "user", content: "Explore" } } } },
    );
    expect(parsed.rollouts[0]!.turns.at(-1)!.hooks).toEqual([{ position: "pre_decision", hook: "Claude Code (meta message)", effect: "inject", message: "Added by Claude Code, not typed by the user." }]);
    expect(parsed.accounting!.skipped).toMatchObject({ "a sub-agent's progress (its messages are in the sub-agent's own file)": 1 });
  });
});

describe("agent files beside a session", () => {
  it("every line of a compaction agent's file is the compaction's, even a replayed line without isSidechain", () => {
    const agentLine = { ...envelope("c-1"), isSidechain: true, agentId: "acompact-9f8e7d", type: "user", message: { role: "user", content: "Summarize the conversation so far." } };
    const replayed = { ...envelope("r-1"), type: "user", message: { role: "user", content: "run the tests" } };
    const answer = { ...envelope("c-2"), isSidechain: true, agentId: "acompact-9f8e7d", type: "assistant",
      message: { model: "claude-opus-4-5-20251101", id: "msg_c2", type: "message", role: "assistant", content: [{ type: "text", text: "Summary: the user ran the tests." }], usage: { input_tokens: 10, output_tokens: 9 } } };
    const parsed = read(`${SESSION}/subagents/agent-acompact-9f8e7d.jsonl`, [replayed, agentLine, answer].map((l) => JSON.stringify(l)).join("\n"));
    expect(parsed.rollouts).toHaveLength(1);
    expect(parsed.rollouts[0]).toMatchObject({ instanceId: SESSION, attempt: "agent acompact-9f8e7d", metadata: { parent_session: SESSION, agent_kind: "compaction" } });
    expect(parsed.rollouts[0]!.turns).toHaveLength(3);
  });

  it("an old-style sidechain file beside its session (2.0) is a sub-agent of that session", () => {
    const name = "-Users-dain-workspace-danieldemmel-me-next/agent-c3d572ee.jsonl";
    const parsed = read(name, readFileSync(path.join(CC, name), "utf8"));
    expect(parsed.rollouts).toHaveLength(1);
    expect(parsed.rollouts[0]).toMatchObject({
      instanceId: "5ed31c36-bca8-40fd-8d24-f1a1f0af7901", attempt: "agent c3d572ee",
      metadata: { parent_session: "5ed31c36-bca8-40fd-8d24-f1a1f0af7901", agent_id: "c3d572ee", agent_kind: "sub-agent" },
    });
  });
});
