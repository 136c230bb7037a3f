import { describe, expect, it } from "vitest";
import { AgentView } from "./agent-view";
import { formatTestReport, parseTestReport, symptomsOf } from "./test-report";
import { factsOf } from "./text-facts";

describe("symptomsOf", () => {
  it.each([
    ["clamp(2, 0, 5): expected 2, got 3", "off-by-one-value"],
    ["sum([1, 2]): expected 3, got -3", "wrong-sign"],
    ["sum([1, 2]): expected 3, got 12", "wrong-value"],
    ["isLeap(2000): expected true, got false", "wrong-boolean"],
    ['rev("ab"): expected ["b", "a"], got ["a", "b"]', "wrong-order"],
    ["take([1, 2, 3], 2): expected [1, 2], got [1, 2, 3]", "off-by-one-value"],
    ["inc([1, 2]): expected [2, 3], got [2, 4]", "off-by-one-value"],
    ['pad("a", 3): expected "  a", got " a"', "off-by-one-value"],
    ['join("a", "b"): expected "ab", got "ba"', "wrong-order"],
    ["first(null) threw TypeError: Cannot read properties of null (reading '0')", "threw"],
    ["module failed to load: SyntaxError: Unexpected token", "threw"],
    ["timed out after 50 ms", "timeout"],
    ["something odd", "other"],
  ])("%s → %s", (message, symptom) => {
    expect(symptomsOf(message)).toEqual([symptom]);
  });

  it("reads nothing into a test that did not run", () => {
    expect(symptomsOf("not run: an earlier test timed out")).toEqual([]);
  });
});

describe("test reports", () => {
  const results = [
    { name: "f(1)", passed: false, message: "f(1): expected 2, got 3", timedOut: false },
    { name: 'g("x")', passed: false, message: 'g("x") threw TypeError: boom', timedOut: false, line: 4 },
    { name: "f(0)", passed: true, message: null, timedOut: false },
  ];

  it("writes the conventional report and reads it back", () => {
    const text = formatTestReport(results, { showCode: true }, (name) => (name === "f(1)" ? 'check("f(1)", () => mod.f(1), 2);' : null));
    expect(text).toBe([
      "Ran 3 tests: 2 failed, 1 passed.",
      'FAIL "f(1)": f(1): expected 2, got 3',
      '    > check("f(1)", () => mod.f(1), 2);',
      'FAIL "g(\\"x\\")": g("x") threw TypeError: boom (at line 4)',
      'PASS "f(0)"',
    ].join("\n"));
    expect(parseTestReport(text.split("\n"))).toEqual({
      total: 3, failed: 2,
      failures: [{ name: "f(1)", message: "f(1): expected 2, got 3" }, { name: 'g("x")', message: 'g("x") threw TypeError: boom (at line 4)' }],
      symptoms: ["off-by-one-value", "threw"],
    });
    expect(formatTestReport(results, { failuresOnly: true, title: "Now:" }).split("\n")).toHaveLength(4);
  });

  it("finds no report without its summary line", () => {
    expect(parseTestReport(['FAIL "f(1)": f(1): expected 2, got 3'])).toBeNull();
  });
});

describe("factsOf", () => {
  it("reads a listing: every numbered line is seen, none is pointed at", () => {
    const f = factsOf("File src/a.js (3 lines):\n   1| // a\n   2| function a(x) {\n   3| }");
    expect(f).toMatchObject({ listing: true, seen: [1, 2, 3], pointed: [], report: null });
  });

  it("reads search hits, line references and stated operators", () => {
    const f = factsOf('2 matches for "<":\nsrc/a.js:4:   if (x < 1) return 0;\nsrc/a.js:9:   while (i < n) {');
    expect(f).toMatchObject({ seen: [4, 9], pointed: [4, 9] });
    expect(factsOf('FAIL "g(1)": g(1) threw TypeError: x (at line 7)').pointed).toEqual([7]);
    const refusal = factsOf("Refused: swap-operator does not apply to the chosen line. Operators that apply at line 4: flip-comparison, toggle-inclusive.");
    expect(refusal).toMatchObject({ operatorsAt: [[4, ["flip-comparison", "toggle-inclusive"]]], pointed: [] });
    expect(factsOf("Operators that apply at line 2: none.").operatorsAt).toEqual([[2, []]]);
  });

  it("reads a diff: context and added lines are lines of the current file", () => {
    const f = factsOf("--- a/src/a.js\n+++ b/src/a.js\n@@ -3,3 +3,4 @@\n   a;\n-  b;\n+  c;\n+  d;\n   e;");
    expect(f.seen).toEqual([3, 4, 5, 6]);
  });

  it("does not treat the echo of the agent's own edit as evidence", () => {
    const echo = "Applied flip-comparison at line 4. Line 4 now reads:\n   4|   if (x > hi) return hi;";
    expect(factsOf(echo, { pointers: false })).toMatchObject({ seen: [4], pointed: [] });
  });
});

describe("AgentView", () => {
  const inputs = { turn: 0, maxTurns: 5, tools: [], lastTool: null, lineCount: 10, editsMade: 0, hints: [], applicable: () => [] };

  it("keeps the newest texts within the window and the pinned head always", () => {
    const view = new AgentView(60);
    view.pin("Issue: see src/a.js:3");
    view.add("Ran 1 test: 1 failed, 0 passed.\nFAIL \"f\": f: expected 1, got 2", 0);
    expect(view.context(inputs)).toMatchObject({ failingTests: 1, symptoms: ["off-by-one-value"], suspiciousLines: [3], testsRunSinceEdit: true });
    view.add("x".repeat(59), 0);
    expect(view.context(inputs)).toMatchObject({ failingTests: null, symptoms: [], suspiciousLines: [3], testsRunSinceEdit: true });
    expect(view.context({ ...inputs, editsMade: 1 }).testsRunSinceEdit).toBe(false);
  });
});
