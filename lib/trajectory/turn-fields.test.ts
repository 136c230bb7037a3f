import { describe, expect, it } from "vitest";
import { actionDisplay, turnFieldTexts } from "./turn-fields";

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
