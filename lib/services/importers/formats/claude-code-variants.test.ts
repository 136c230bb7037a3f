// Issue 39: Claude Code sessions as 2.0.64 → 2.1.152 write them. Four of seven real sessions were refused because
// their first line is a file-history-snapshot (no session id); the same files hold progress, queue operations,
// system lines with ANSI escapes, many summaries, last-prompt and other bookkeeping, assistant messages streamed
// over several lines sharing message.id, tool calls the user rejected or interrupted, and compactions. The fixture
// (test/fixtures/importers/claude-code/) is written line for line in the shapes of those files.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportFile } from "../registry";
import { ALL_READERS } from ".";
import { fixturesDir } from "./swe-test-files";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const SESSION = "7f3c9a10-2b4d-4e8f-9a1c-5d6e7f809a1b";
const dir = path.join(fixturesDir, "claude-code", "-home-ana-proj");
const fileOf = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const read = (file: { name: string; bytes: Uint8Array }) => {
  const outcome = readImportFile(file, ALL_READERS);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.reason}`);
  return outcome;
};
const session = () => read(fileOf(`${SESSION}.jsonl`, readFileSync(path.join(dir, `${SESSION}.jsonl`), "utf8")));

describe("Claude Code sessions as written today", () => {
  it("a real session that opens with a file-history-snapshot and summaries is read (it was refused)", () => {
    const real = readFileSync(path.join(realTrajectoriesNewFormatsDir, "claude-code/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl"), "utf8");
    const head = [
      { type: "file-history-snapshot", messageId: "m1", snapshot: { messageId: "m1", trackedFileBackups: {}, timestamp: "2026-01-23T17:34:42.000Z" }, isSnapshotUpdate: false },
      ...Array.from({ length: 16 }, (_, i) => ({ type: "summary", summary: `Earlier topic ${i}`, leafUuid: `leaf-${i}` })),
    ].map((l) => JSON.stringify(l)).join("\n");
    const outcome = read(fileOf("29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl", `${head}\n${real}`));
    const plain = read(fileOf("29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl", real));
    expect(outcome.format).toBe("claude-code");
    expect(outcome.parsed.rollouts[0]!.turns).toEqual(plain.parsed.rollouts[0]!.turns);
    expect(outcome.parsed.accounting!.skipped).toMatchObject({ "a file history snapshot (undo bookkeeping)": 1, "a session summary title (bookkeeping)": 16 });
  });

  it("accounts for every line: bookkeeping skipped with its reason, a streamed message merged into one turn", () => {
    const { parsed } = session();
    expect(parsed.accounting).toEqual({
      unit: "lines", items: 24, turns: 12, merged: 3,
      skipped: {
        "a file history snapshot (undo bookkeeping)": 1,
        "a session summary title (bookkeeping)": 2,
        "hook or tool progress (bookkeeping; the result is in a later line)": 1,
        "a queue operation (Claude Code's input queue bookkeeping)": 2,
        "the last prompt typed (the input box's memory, not a message)": 1,
        "the session's title as the user named it (bookkeeping)": 1,
        "an attachment record (context Claude Code attached; its text reaches the model through a message)": 1,
      },
    });
    const turns = parsed.rollouts[0]!.turns;
    // The thinking, text and Edit call of one API message (three lines, one message.id) are one turn.
    const first = turns.find((t) => t.role === "assistant")!;
    expect(first.reasoning).toBe("The test depends on the local timezone.");
    expect(first.content).toBe("I'll edit the test to pin the timezone.");
    expect((first.action as { tool_calls: Array<{ name: string }> }).tool_calls.map((c) => c.name)).toEqual(["Edit"]);
    expect(turns.filter((t) => t.role === "assistant").map((t) => t.reasoning ?? null)).toEqual(["The test depends on the local timezone.", "[redacted thinking]", null]);
  });

  it("marks a rejected tool call and an interrupted one, keeps ANSI escapes as text and says what a compaction compacted", () => {
    const turns = session().parsed.rollouts[0]!.turns;
    const rejected = turns.find((t) => t.role === "tool" && t.content.startsWith("The user doesn't want to proceed"))!;
    expect(rejected.hooks).toEqual([{ position: "pre_action", hook: "permission prompt (user)", effect: "refuse", message: "Rejected by the user at Claude Code's permission prompt: the tool did not run." }]);
    expect(rejected.return_code).toBe(1);
    const interrupted = turns.find((t) => t.role === "tool" && t.content === "[Request interrupted by user for tool use]")!;
    expect(interrupted.hooks).toEqual([{ position: "post_feedback", hook: "interrupt (user)", effect: "observe", message: "Interrupted by the user while the tool call ran." }]);
    expect(turns.filter((t) => t.role === "user").map((t) => t.content)).toContain("[Request interrupted by user]");
    expect(turns.find((t) => t.role === "system" && t.content.includes("Model"))!.content).toContain("\u001b[1mModel\u001b[22m");
    expect(turns.find((t) => t.role === "system" && t.content.startsWith("Conversation compacted"))!.content).toBe("Conversation compacted (trigger: manual, 155,210 tokens before)");
    expect(turns.some((t) => t.role === "user" && t.content.startsWith("This session is being continued"))).toBe(true);
  });

  it("a compaction sub-agent's file is linked to its session and said to be a compaction", () => {
    const name = `${SESSION}/subagents/agent-acompact-5e1d2c.jsonl`;
    const { parsed } = read(fileOf(name, readFileSync(path.join(dir, name), "utf8")));
    expect(parsed.rollouts).toHaveLength(1);
    expect(parsed.rollouts[0]).toMatchObject({ instanceId: SESSION, attempt: "agent acompact-5e1d2c", metadata: { parent_session: SESSION, agent_id: "acompact-5e1d2c", agent_kind: "compaction" } });
  });

  it("a Codex rollout or an OpenHands event list is not taken for a Claude Code session", () => {
    const codex = readFileSync(path.join(realTrajectoriesNewFormatsDir, "codex-cli/2026-02-23/raw/sessions/rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl"), "utf8");
    expect(read(fileOf("rollout.jsonl", codex)).format).toBe("codex-cli");
    const events = readFileSync(path.join(realTrajectoriesNewFormatsDir, "openhands-v1-sdk/goal-fixtures/events.jsonl"), "utf8");
    expect(read(fileOf("events.jsonl", events)).format).toBe("openhands-v1");
  });
});
