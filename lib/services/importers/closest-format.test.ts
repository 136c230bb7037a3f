// Issue 39: a file is claimed by what most of its records are, and a file no reader claims is refused naming the
// closest format and what did not match — never a bare "not recognised". On real files from ../shared: a Codex
// rollout whose first line is a record type the reader has never seen, truncated real files, and JSON of other tools.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readImportFile, UNKNOWN_FORMAT_REASON } from "./registry";
import { ALL_READERS } from "./formats";
import { realTrajectoriesNewFormatsDir } from "../../../test/shared-data";

const realText = (rel: string) => readFileSync(path.join(realTrajectoriesNewFormatsDir, rel), "utf8");
const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });
const CODEX = "codex-cli/2026-02-23/raw/sessions/rollout-2026-02-23T20-34-25-019c8bfe-ec25-79e0-97d7-bda6a9c575ff.jsonl";
const SUBAGENT = "claude-code/real_projects/-src-experiments-claude_p/29ccd257-68b1-427f-ae5f-6524b7cb6f20/subagents/agent-a2271d1.jsonl";
const ATIF = "atif/terminus_2/hello-world-timeout.trajectory.json";

/** What the import report shows for a refused file: the format column, then "field: reason". */
const shown = (o: ReturnType<typeof readImportFile>) => (o.ok ? `ok ${o.format}` : `${o.format ?? "-"} ${o.field}: ${o.reason}`);

describe("detection by what most records are", () => {
  it("a real Codex rollout that opens with a record type newer than the reader is still read, the odd line skipped", () => {
    const text = realText(CODEX);
    const future = JSON.stringify({ timestamp: "2026-02-23T20:34:24.000Z", type: "future_session_header", payload: { note: "written by a newer Codex" } });
    const outcome = readImportFile(file(path.basename(CODEX), `${future}\n${text}`), ALL_READERS);
    expect(shown(outcome)).toBe("ok codex-cli");
    if (!outcome.ok) return;
    const plain = readImportFile(file(path.basename(CODEX), text), ALL_READERS);
    if (!plain.ok) throw new Error("the real rollout alone must import");
    expect(outcome.parsed.rollouts[0]!.turns).toHaveLength(plain.parsed.rollouts[0]!.turns.length);
    const { accounting } = outcome.parsed;
    expect(accounting!.items).toBe(plain.parsed.accounting!.items + 1);
    expect(Object.keys(accounting!.skipped).join(" ")).toMatch(/future_session_header/);
  });
});

describe("a file no reader claims names the closest format and what did not match", () => {
  it("a real Claude Code sub-agent file cut off mid-line", () => {
    const text = realText(SUBAGENT);
    const cut = text.slice(0, text.split("\n").slice(0, 29).join("\n").length + 1 + 200);
    const outcome = readImportFile(file("agent-a2271d1.jsonl", cut), ALL_READERS);
    expect(outcome.ok).toBe(false);
    expect(shown(outcome)).toMatch(/claude/i);
    expect(shown(outcome)).toMatch(/line 30/);
    expect(shown(outcome)).not.toContain("internal error");
  });

  it("a real ATIF trajectory cut in half: not valid JSON, and by its keys closest to ATIF", () => {
    const text = realText(ATIF);
    const outcome = readImportFile(file("hello-world-timeout.trajectory.json", text.slice(0, Math.floor(text.length / 2))), ALL_READERS);
    expect(outcome).toMatchObject({ ok: false, format: null, field: "file" });
    expect(shown(outcome)).toMatch(/^- file: not valid JSON: .*; it is closest to ATIF \(Harbor, Terminal-Bench\): it has \d of the format's 5 usual top-level keys/);
  });

  it("another tool's JSON (a Langfuse trace export) is closest to the format sharing its keys, naming the keys it lacks", () => {
    const trace = { id: "trace-1", name: "agent-run", metadata: { user: "x" }, observations: [{ type: "GENERATION", input: "hi", output: "hello" }] };
    const outcome = readImportFile(file("trace.json", JSON.stringify(trace)), ALL_READERS);
    expect(shown(outcome)).toBe(
      `- file: ${UNKNOWN_FORMAT_REASON}; it is closest to OpenHands evaluation output: it has 1 of the format's 5 usual top-level keys; it has no "instance_id" or "history" or "test_result"`,
    );
  });

  it("JSON sharing no key with any format says what it is and what the formats need (a W&B summary, an OpenAI chat dataset)", () => {
    const summary = readImportFile(file("wandb-summary.json", JSON.stringify({ _runtime: 12.5, _step: 40, loss: 0.31, _timestamp: 1764900000 })), ALL_READERS);
    expect(shown(summary)).toMatch(new RegExp(`^- file: ${UNKNOWN_FORMAT_REASON}: it is a JSON object with "_runtime", "_step", "loss", "_timestamp", which matches no known format \\(ATIF \\(Harbor, Terminal-Bench\\) has "schema_version" and "steps"; `));
    const chat = [{ messages: [{ role: "user", content: "hi" }, { role: "assistant", content: "hello" }] }, { messages: [] }].map((l) => JSON.stringify(l)).join("\n");
    const dataset = readImportFile(file("train.jsonl", chat), ALL_READERS);
    expect(shown(dataset)).toMatch(/^- file: not a recognised trajectory, log or report format: its lines are JSON objects \(line 1 has "messages"\), which match no known line format \(Claude Code lines have "type" and "sessionId"/);
  });

  it("plain text stays a plain refusal, so a README beside the data is still skipped, not failed", () => {
    expect(readImportFile(file("notes.txt", "just words\nmore words"), ALL_READERS)).toEqual({ ok: false, format: null, field: "file", reason: UNKNOWN_FORMAT_REASON });
  });
});
