// Issue 39: an assistant message Claude Code streams over several lines sharing message.id. The lines repeat the
// message's usage, but only the LAST carries the final output_tokens (the earlier ones hold message_start's
// placeholder, 1); some versions write each line as a snapshot of the message so far (the earlier blocks again).
// Built from the real 2.0 session in ../shared: its first message is four lines (text, three Globs), each usage 1.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportFile } from "../registry";
import { ALL_READERS } from ".";
import { realTrajectoriesNewFormatsDir } from "../../../../test/shared-data";

const NAME = "5ed31c36-bca8-40fd-8d24-f1a1f0af7901.jsonl";
const REAL = readFileSync(path.join(realTrajectoriesNewFormatsDir, "claude-code/real_projects/-Users-dain-workspace-danieldemmel-me-next", NAME), "utf8");
type Line = Record<string, unknown> & { message?: Record<string, unknown> };
const realLines = (): Line[] => REAL.split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Line);
const read = (lines: Line[]) => {
  const outcome = readImportFile({ name: NAME, bytes: new TextEncoder().encode(lines.map((l) => JSON.stringify(l)).join("\n")) }, ALL_READERS);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.reason}`);
  return outcome.parsed;
};
const callNames = (turn: { action?: unknown }) => ((turn.action as { tool_calls?: Array<{ name: string }> } | undefined)?.tool_calls ?? []).map((c) => c.name);

describe("a streamed assistant message (one API message over several lines)", () => {
  it("counts the message's tokens from its line with the final usage, once", () => {
    const plain = read(realLines());
    const lines = realLines();
    // Line 5 is the last of the first message (msg_01WesP…): as Claude Code ≥ 2.1 writes it, with the final count.
    const last = lines[4]!.message!;
    last.usage = { ...(last.usage as object), output_tokens: 312 };
    last.stop_reason = "tool_use";
    const parsed = read(lines);
    const first = parsed.rollouts[0]!.turns.find((t) => t.role === "assistant")!;
    expect(callNames(first)).toEqual(["Glob", "Glob", "Glob"]);
    expect(first.tokens).toBe(312);
    expect(parsed.rollouts[0]!.tokens!.completion).toBe(plain.rollouts[0]!.tokens!.completion! - 1 + 312);
    // Input tokens repeat on every line of the message: counted once.
    expect(parsed.rollouts[0]!.tokens!.prompt).toBe(plain.rollouts[0]!.tokens!.prompt);
    expect(parsed.accounting).toMatchObject({ items: 12, turns: 8, merged: 4 });
  });

  it("a line that repeats the message so far (a snapshot) adds only its new blocks", () => {
    const lines = realLines();
    const [text, g1, g2, g3] = [1, 2, 3, 4].map((i) => lines[i]!);
    const blocks = [text, g1, g2, g3].map((l) => (l.message!.content as unknown[])[0]);
    // Each line holds the message's blocks up to and including its own.
    [g1, g2, g3].forEach((l, i) => { l.message!.content = blocks.slice(0, i + 2); });
    const parsed = read(lines);
    const turns = parsed.rollouts[0]!.turns;
    const first = turns.find((t) => t.role === "assistant")!;
    expect(callNames(first)).toEqual(["Glob", "Glob", "Glob"]);
    expect(first.content).toBe((blocks[0] as { text: string }).text);
    expect(turns.filter((t) => t.role === "assistant")).toHaveLength(3);
    expect(parsed.accounting).toMatchObject({ items: 12, turns: 8, merged: 4 });
  });

  it("thinking kept only as its signature, or redacted, is said so rather than dropped", () => {
    const lines = realLines();
    const msg = lines[1]!.message!;
    msg.content = [{ type: "thinking", thinking: "", signature: "EqQBCkYIBxgCKkD" }, ...(msg.content as unknown[])];
    const parsed = read(lines);
    const first = parsed.rollouts[0]!.turns.find((t) => t.role === "assistant")!;
    expect(first.reasoning).toBe("[thinking not recorded: only its signature was kept]");
  });
});
