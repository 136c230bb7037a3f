// H0: the bare harness. Five tools (view, run_tests, search, edit, submit), a system prompt and a config
// file — no hooks, no skills. Everything a later harness adds is a diff against these files, so they are
// written as plainly as a person would write them, with the observation formats the agent reads:
//   view      "File <path> (<n> lines):" then "   7| <code>" per line
//   run_tests the test report of ToolApi.formatTestReport, with the code of each failing test
//   search    "<path>:<line>: <code>" per matching line, every match (a common pattern floods the output)
//   edit      "Applied <op> at line 7. Line 7 now reads:" + the numbered line(s); a failed edit is a
//             failed command that costs its turn
//   submit    ends the episode
import type { HarnessConfig, HarnessFile } from "./types";

export const DEFAULT_HARNESS_CONFIG: HarnessConfig = {
  maxTurns: 12,
  contextChars: 1000,
  formatRequeries: 2,
  hookTimeoutMs: 1000,
  toolTimeoutMs: 5000,
  testTimeoutMs: 50,
  episodeGuardMs: 5000,
};

const VIEW = `// view: the whole file with line numbers.
module.exports = {
  name: "view",
  description: "Show the file with line numbers.",
  run: function (api) {
    var lines = api.readLines();
    var out = ["File " + api.path + " (" + lines.length + " lines):"];
    for (var i = 0; i < lines.length; i++) {
      var n = String(i + 1);
      while (n.length < 4) n = " " + n;
      out.push(n + "| " + lines[i]);
    }
    return { output: out.join("\\n"), returnCode: 0 };
  },
};
`;

const RUN_TESTS = `// run_tests: every visible test, with the code of each failing one (like a verbose test runner).
module.exports = {
  name: "run_tests",
  description: "Run the visible tests and show the failures with their code.",
  run: function (api) {
    var results = api.runVisibleTests();
    var failed = results.filter(function (r) { return !r.passed; }).length;
    return { output: api.formatTestReport(results, { showCode: true }), returnCode: failed > 0 ? 1 : 0 };
  },
};
`;

const SEARCH = `// search: every line containing the pattern (plain text, case-sensitive), no limit.
module.exports = {
  name: "search",
  description: "Find the lines that contain a text pattern.",
  run: function (api, args) {
    var pattern = typeof args.pattern === "string" ? args.pattern : "";
    if (pattern.length === 0) {
      return { output: "search needs a non-empty pattern", returnCode: 2, formatError: true };
    }
    var lines = api.readLines();
    var out = [];
    for (var i = 0; i < lines.length; i++) {
      if (lines[i].indexOf(pattern) >= 0) out.push(api.path + ":" + (i + 1) + ": " + lines[i]);
    }
    if (out.length === 0) return { output: "No match for " + JSON.stringify(pattern) + ".", returnCode: 1 };
    return { output: out.length + " matches for " + JSON.stringify(pattern) + ":\\n" + out.join("\\n"), returnCode: 0 };
  },
};
`;

const EDIT = `// edit: apply one edit operator at one line. A failed edit is reported and the turn is spent.
module.exports = {
  name: "edit",
  description: "Apply an edit operator at a line: edit(line, operator).",
  run: function (api, args) {
    var line = args.line;
    var operator = args.operator;
    if (typeof line !== "number" || typeof operator !== "string") {
      return { output: "edit needs a line number and an operator", returnCode: 2, formatError: true };
    }
    var result = api.applyEdit(line, operator);
    if (!result.ok) return { output: "Edit failed: " + result.error, returnCode: 1, formatError: true };
    var lines = api.readLines();
    var last = operator === "add-guard" ? line + 1 : line;
    var out = ["Applied " + operator + " at line " + line + ". " + (last > line ? "Lines " + line + "-" + last + " now read:" : "Line " + line + " now reads:")];
    for (var i = line; i <= last; i++) {
      var n = String(i);
      while (n.length < 4) n = " " + n;
      out.push(n + "| " + lines[i - 1]);
    }
    return { output: out.join("\\n"), returnCode: 0 };
  },
};
`;

const SUBMIT = `// submit: hand in the current file; the hidden tests decide the reward.
module.exports = {
  name: "submit",
  description: "Submit the current file as the fix. Ends the episode.",
  run: function (api) {
    api.submit();
    var edits = api.edits().length;
    return { output: "Submitted " + api.path + " with " + edits + " edit" + (edits === 1 ? "" : "s") + ".", returnCode: 0 };
  },
};
`;

const SYSTEM_PROMPT = `You are a repair agent. One function in the file misbehaves; the issue names the failing check.
Work in turns: each turn, call exactly one tool and read its output. You can only change the file with
edit operators, one line at a time:
  flip-comparison, toggle-inclusive, swap-operator, increment-constant, decrement-constant,
  swap-arguments, add-guard, negate-condition.
An operator that does not apply to the line fails and costs the turn. You have a limited number of turns
and a limited context: long outputs push older ones out of it. Submit when you believe the fix is right;
hidden tests decide whether it is.
`;

export function h0Files(config: Partial<HarnessConfig> = {}): HarnessFile[] {
  return [
    { path: "config.json", kind: "config", content: JSON.stringify({ ...DEFAULT_HARNESS_CONFIG, ...config }, null, 2) + "\n" },
    { path: "prompts/system.md", kind: "prompt", content: SYSTEM_PROMPT },
    { path: "tools/edit.js", kind: "tool", content: EDIT },
    { path: "tools/run_tests.js", kind: "tool", content: RUN_TESTS },
    { path: "tools/search.js", kind: "tool", content: SEARCH },
    { path: "tools/submit.js", kind: "tool", content: SUBMIT },
    { path: "tools/view.js", kind: "tool", content: VIEW },
  ];
}

/** The tool names H0 offers, in the order the loader lists them (by path). */
export const H0_TOOLS = ["edit", "run_tests", "search", "submit", "view"] as const;
