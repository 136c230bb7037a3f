import { describe, expect, it } from "vitest";
import { actionDisplay, turnFieldTexts, contentIsRedundant } from "./turn-fields";

describe("actionDisplay", () => {
  it("shows a command as the command, with the other keys apart", () => {
    expect(actionDisplay({ command: "ls -la", timeout: 30 })).toEqual({ kind: "command", text: "ls -la", args: '{\n  "timeout": 30\n}' });
    expect(actionDisplay({ command: "pytest" })).toEqual({ kind: "command", text: "pytest", args: null });
  });

  it("pretty-prints any other action", () => {
    const shown = actionDisplay({ tool: "edit", path: "a.py" });
    expect(shown.kind).toBe("json");
    expect(JSON.parse(shown.text)).toEqual({ tool: "edit", path: "a.py" });
    expect(shown.text).toContain("\n");
  });

  it("does not mistake a non-string command for one", () => {
    expect(actionDisplay({ command: ["ls", "-la"] }).kind).toBe("json");
  });
});

describe("turnFieldTexts", () => {
  it("lists the fields in display order, skips empty ones and adds hook messages", () => {
    const fields = turnFieldTexts(
      { content: "I will look.", reasoning: "The bound is off.", action: { command: "cat a.py" }, observation: "" },
      [{ seq: 0, message: "2 tests failing" }, { seq: 1, message: null }],
    );
    expect(fields).toEqual([
      ["reasoning", "The bound is off."],
      ["content", "I will look."],
      ["action", "cat a.py"],
      ["observation", ""],
      ["hook:0", "2 tests failing"],
    ]);
  });
});

describe("contentIsRedundant", () => {
  it("hides a message that only wraps the reasoning, the command and the output", () => {
    const assistant = { content: "THOUGHT: look around\n\n```bash\nls -la\n```", reasoning: "look around", action: { command: "ls -la" }, observation: null };
    expect(contentIsRedundant(assistant)).toBe(true);
    expect(turnFieldTexts(assistant).map(([key]) => key)).toEqual(["reasoning", "action"]);
    const observation = { content: "<returncode>0</returncode>\n<output>\nfile.py\n</output>", reasoning: null, action: null, observation: "file.py" };
    expect(turnFieldTexts(observation).map(([key]) => key)).toEqual(["observation"]);
  });

  it("keeps a message that says more than its parsed fields, or has none", () => {
    expect(contentIsRedundant({ content: "Running command: ls", reasoning: null, action: null, observation: "a.py\nb.py" })).toBe(false);
    expect(contentIsRedundant({ content: "plain words", reasoning: null, action: null, observation: null })).toBe(false);
    expect(contentIsRedundant({ content: "The page said: a.py", reasoning: null, action: null, observation: "a.py" })).toBe(false);
    expect(contentIsRedundant({ content: "THOUGHT: x\n```bash\nrm -rf /tmp/y\n```", reasoning: "x", action: { command: "ls" }, observation: null })).toBe(false);
  });
});
