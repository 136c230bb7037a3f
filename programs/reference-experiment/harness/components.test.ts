// Each catalogue component in a real episode on the fixture task: what it changes in the trajectory and
// in what the agent sees next.
import { describe, expect, it } from "vitest";
import { createRng } from "../random";
import type { AgentAction } from "../types";
import { runEpisode } from "../episode/run-episode";
import { clampTask, scriptedPolicy } from "../episode/test-fixture";
import { factsOf } from "../episode/text-facts";
import { applyComponents } from "./compose";
import { componentById } from "./components";
import { h0Files } from "./h0";
import { loadHarness } from "./load-harness";
import type { HarnessConfig, HookContext } from "./types";

const FIX: AgentAction = { tool: "edit", line: 4, operator: "flip-comparison" };

function play(ids: string[], actions: AgentAction[], options: { maxTurns?: number; config?: Partial<HarnessConfig> } = {}) {
  const harness = loadHarness(applyComponents(h0Files(options.config), ids.map(componentById)));
  const policy = scriptedPolicy(actions);
  const result = runEpisode({ task: clampTask(), harness, policy, rng: createRng(5), maxTurns: options.maxTurns ?? 8, temperature: 1 });
  return { result, seen: policy.seen, steps: result.turns.filter((t) => t.role === "assistant") };
}

describe("harness components in an episode", () => {
  it("verify_before_submit turns an untested submit into a test run, with a reminder", () => {
    const { result, steps, seen } = play(["verify_before_submit"], [FIX, { tool: "submit" }, { tool: "submit" }]);
    expect(steps[1]).toMatchObject({ content: "submit()", action: { tool: "run_tests" }, returnCode: 0 });
    expect(steps[1].hooks).toMatchObject([{ position: "pre_action", hook: "verify_before_submit", effect: "rewrite" }]);
    expect(seen[2].hints[0]).toMatch(/Verify, then submit/);
    expect(steps[2].hooks).toEqual([]);
    expect(result).toMatchObject({ exitStatus: "submitted", reward: 1 });
    // A submit after a test run is left alone.
    expect(play(["verify_before_submit"], [{ tool: "run_tests" }, { tool: "submit" }]).steps[1].action).toEqual({ tool: "submit" });
  });

  it("refuse_malformed_edit refuses an edit that does not apply, lists the operators that do, and costs no turn", () => {
    const { steps, seen } = play(["refuse_malformed_edit"], [{ tool: "edit", line: 4, operator: "swap-operator" }, FIX, { tool: "submit" }]);
    expect(steps[0]).toMatchObject({ returnCode: 2, formatError: true, observation: "Refused: swap-operator does not apply to the chosen line. Operators that apply at line 4: flip-comparison, toggle-inclusive, negate-condition." });
    expect(steps[0].hooks).toMatchObject([{ position: "pre_action", hook: "refuse_malformed_edit", effect: "refuse" }]);
    // Asked again in the same turn, knowing the operators of line 4.
    expect(seen[1]).toMatchObject({ turn: 0, lastTool: "edit" });
    expect(seen[1].applicableOperators[4]).toEqual(["flip-comparison", "toggle-inclusive", "negate-condition"]);
    expect(seen[1].hints.at(-1)).toMatch(/^Refused: /);
    const noLine = play(["refuse_malformed_edit"], [{ tool: "edit", line: 40, operator: "swap-operator" }, { tool: "submit" }]);
    expect(noLine.steps[0].observation).toBe("Refused: there is no such line; the file has 8 lines.");
    expect(play(["refuse_malformed_edit"], [FIX, { tool: "submit" }]).steps[0].hooks).toEqual([]);
  });

  it("refuse_unhelpful_edit refuses, before it applies, an edit that fixes no failing visible test; the file stays as it was", () => {
    // Line 3's flip breaks a passing test: refused for format (asked again in the same turn, twice), then the
    // refusal costs the turn; the fix on line 4 makes the failing tests pass and goes through.
    const { result, steps, seen } = play(["refuse_unhelpful_edit"], [{ tool: "edit", line: 3, operator: "flip-comparison" }, FIX, { tool: "submit" }]);
    expect(steps[0]).toMatchObject({ returnCode: 2, formatError: true, observation: "Refused: that edit would break 1 passing visible test; the file is unchanged. Try another place or operator." });
    expect(steps[0].hooks).toMatchObject([{ position: "pre_action", hook: "refuse_unhelpful_edit", effect: "refuse" }]);
    expect(seen[1]).toMatchObject({ turn: 0, editsMade: 0 });
    expect(seen[1].hints.at(-1)).toMatch(/^Refused: /);
    expect(seen[3]).toMatchObject({ turn: 1, editsMade: 0 });
    expect(steps[3]).toMatchObject({ action: FIX, returnCode: 0, hooks: [] });
    expect(result).toMatchObject({ exitStatus: "submitted", reward: 1 });
    expect(result.submission).toContain("+  if (x > hi) return hi;");
    expect(result.submission).not.toContain("+  if (x > lo) return lo;");
    // An edit that changes nothing the failing tests see is refused too; one that does not apply is left to the edit tool.
    const harmless = play(["refuse_unhelpful_edit"], [{ tool: "edit", line: 4, operator: "toggle-inclusive" }, { tool: "edit", line: 4, operator: "swap-operator" }, { tool: "submit" }]);
    expect(harmless.steps[0].observation).toBe("Refused: that edit would fix none of the failing visible tests; the file is unchanged. Try another place or operator.");
    expect(harmless.steps[3]).toMatchObject({ returnCode: 1, formatError: true, hooks: [] });
    expect(harmless.result.submission).toBe("");
  });

  it("run_related_tests names the test an edit broke, pointing the agent at that line", () => {
    const { steps, seen } = play(["run_related_tests"], [{ tool: "edit", line: 3, operator: "flip-comparison" }, { tool: "run_related_tests" }, { tool: "submit" }]);
    expect(steps[1].observation).toContain("3 of 3 visible tests exercise clamp.");
    expect(steps[1].observation).toContain('BROKEN by the edit at line 3: "raises a value below the range"');
    expect(steps[1].observation).not.toContain("    > check(");
    expect(seen[2]).toMatchObject({ lastTestsPassed: false, testsRunSinceEdit: true });
    expect(seen[2].suspiciousLines).toContain(3);
  });

  it("view_diff shows the edits so far", () => {
    const { steps, seen } = play(["view_diff"], [{ tool: "view_diff" }, FIX, { tool: "view_diff" }, { tool: "submit" }]);
    expect(steps[0].observation).toBe("No changes yet.");
    expect(steps[2].observation).toContain("-  if (x < hi) return hi;\n+  if (x > hi) return hi;");
    expect(seen[3].applicableOperators[4]).toEqual(["flip-comparison", "toggle-inclusive", "negate-condition"]);
  });

  it("report_failures_before_submit holds a failing submission back once, showing the failures", () => {
    const { result, steps, seen } = play(["report_failures_before_submit"], [{ tool: "submit" }, { tool: "submit" }]);
    expect(steps[0]).toMatchObject({ returnCode: 2, formatError: false });
    expect(steps[0].observation).toMatch(/^Submission held back: 2 visible tests fail\.\nRan 3 tests: 2 failed, 1 passed\./);
    expect(seen[1]).toMatchObject({ failingTests: 2, symptoms: ["wrong-value"] });
    expect(steps[1].hooks).toMatchObject([{ effect: "observe", message: "2 visible tests still fail; submitting as asked" }]);
    expect(result).toMatchObject({ exitStatus: "submitted", reward: 0 });
    const fixed = play(["report_failures_before_submit"], [FIX, { tool: "submit" }]);
    expect(fixed.result).toMatchObject({ exitStatus: "submitted", reward: 1 });
    expect(fixed.steps[1].hooks).toMatchObject([{ effect: "observe", message: "all 3 visible tests pass; submitting" }]);
  });

  it("inject_test_status restores a test status that scrolled out of context, and flags an untested edit once", () => {
    const actions: AgentAction[] = [{ tool: "run_tests" }, { tool: "view" }, FIX, { tool: "view" }, { tool: "submit" }];
    const without = play([], actions, { config: { contextChars: 200 } });
    expect(without.seen[2]).toMatchObject({ failingTests: null, symptoms: [] });
    const { seen } = play(["inject_test_status"], actions, { config: { contextChars: 200 } });
    expect(seen[1].hints).toEqual([]);
    expect(seen[2]).toMatchObject({ failingTests: 2, symptoms: ["wrong-value"] });
    expect(seen[2].hints[0]).toMatch(/^Test status \(turn 1, current file\):\nRan 3 tests: 2 failed/);
    expect(seen[3].hints).toEqual(["Test status: no test run since your last edit; run the tests to verify it."]);
    expect(seen[4].hints).toEqual([]);
  });

  it("reproduce_first starts the agent with the symptom", () => {
    const { result, seen } = play(["reproduce_first"], [{ tool: "submit" }]);
    expect(result.turns[1].hooks).toMatchObject([{ position: "episode_init", hook: "reproduce_first", effect: "inject" }]);
    expect(seen[0]).toMatchObject({ failingTests: 2, lastTestsPassed: false, symptoms: ["wrong-value"], testsRunSinceEdit: true });
    expect(play([], [{ tool: "submit" }]).seen[0]).toMatchObject({ failingTests: null, symptoms: [] });
  });

  it("stall_recovery injects the failures and a recovery hint after turns without progress", () => {
    const { steps, seen } = play(["stall_recovery"], [{ tool: "view" }], { maxTurns: 6 });
    const at = steps.findIndex((t) => t.hooks.some((m) => m.effect === "recover"));
    expect(at).toBeGreaterThan(1);
    const message = steps[at].hooks.find((m) => m.effect === "recover")!;
    expect(message).toMatchObject({ position: "post_feedback", hook: "stall_recovery" });
    expect(message.message).toMatch(/^No progress for 3 turns \(stalled\)\. Current failures:\nRan 3 tests: 2 failed/);
    expect(seen[at + 1]).toMatchObject({ failingTests: 2, symptoms: ["wrong-value"] });
    expect(seen[at + 1].hints[0]).toBe(message.message);
  });

  it("aggressive_output_truncation cuts listings and long failure messages out of what the agent sees", () => {
    const { steps, seen } = play(["aggressive_output_truncation"], [{ tool: "run_tests" }, { tool: "view" }, { tool: "submit" }]);
    expect(steps[0].observation?.endsWith(" …[truncated]")).toBe(true);
    expect(steps[0].observation).not.toContain("lowers a value above the range");
    // The listing is cut after its third line: the agent knows the operators of lines 1-3 only.
    expect(Object.keys(seen[2].applicableOperators)).toEqual(["1", "2", "3"]);
    expect(Object.keys(play([], [{ tool: "view" }, { tool: "submit" }]).seen[1].applicableOperators)).toHaveLength(8);
    // A failure message longer than the cap loses its expected/actual values: an unreadable failure.
    const hook = loadHarness(applyComponents(h0Files(), [componentById("aggressive_output_truncation")])).hooks.post_feedback[0];
    const call = 'sumBy([{ n: 0 }, { n: -1 }, { n: 6 }, { n: 2 }, { other: 1 }], "n")';
    const report = `Ran 2 tests: 1 failed, 1 passed.\nFAIL ${JSON.stringify(call)}: ${call}: expected 7, got 8`;
    const cut = (hook.run({ action: { tool: "run_tests" }, observation: report, state: {} } as unknown as HookContext) as { observation: string }).observation;
    expect(factsOf(report).report?.symptoms).toEqual(["off-by-one-value"]);
    expect(factsOf(cut).report).toMatchObject({ failed: 1, symptoms: ["other"] });
  });

  it("localize_before_edit refuses an edit nothing pointed at, and lets it through after a search hit", () => {
    const { steps } = play(["localize_before_edit"], [FIX, { tool: "search", pattern: "<" }, FIX, { tool: "submit" }]);
    expect(steps[0].observation).toMatch(/^Refused: localise before editing/);
    expect(steps.filter((t) => t.action?.tool === "edit" && t.returnCode === 0)).toHaveLength(1);
  });

  it("auto_submit_on_green submits once a full test run passes after an edit", () => {
    const { result, steps } = play(["auto_submit_on_green"], [FIX, { tool: "run_tests" }, { tool: "view" }]);
    expect(steps).toHaveLength(2);
    expect(result).toMatchObject({ exitStatus: "submitted", reward: 1 });
    expect(steps[1].hooks).toMatchObject([{ position: "post_feedback", hook: "auto_submit_on_green", effect: "inject" }]);
  });

  it("submit_at_turn_limit grades the file when the last turn is spent, and leaves every earlier turn alone", () => {
    // Fixed on the first turn, then viewing until the limit: without the hook the fix is lost to truncation.
    const actions: AgentAction[] = [FIX, { tool: "view" }, { tool: "view" }];
    const without = play([], actions, { maxTurns: 3 });
    expect(without.result).toMatchObject({ exitStatus: "turn_limit", truncated: true, reward: 0 });
    const { result, steps } = play(["submit_at_turn_limit"], actions, { maxTurns: 3 });
    expect(steps).toHaveLength(3);
    expect(steps.slice(0, 2).map((s) => s.hooks)).toEqual([[], []]);
    expect(steps[2].hooks).toMatchObject([{ position: "post_feedback", hook: "submit_at_turn_limit", effect: "inject" }]);
    expect(result).toMatchObject({ exitStatus: "submitted", truncated: false, reward: 1 });
    // An unfixed file is graded too: a failure instead of a dropped rollout.
    const unfixed = play(["submit_at_turn_limit"], [{ tool: "view" }, { tool: "view" }], { maxTurns: 2 });
    expect(unfixed.result).toMatchObject({ exitStatus: "submitted", truncated: false, reward: 0 });
    // An agent that submits before the limit is not touched.
    const early = play(["submit_at_turn_limit"], [FIX, { tool: "submit" }], { maxTurns: 3 });
    expect(early.steps.flatMap((s) => s.hooks)).toEqual([]);
  });
});

describe("truncate_long_output", () => {
  const hook = loadHarness(applyComponents(h0Files(), [componentById("truncate_long_output")])).hooks.post_feedback[0];
  const ctx = (tool: string, observation: string) => ({ action: { tool }, observation, state: {} }) as unknown as HookContext;

  it("drops passing tests, test code and extra search hits from a long output, keeping the failures", () => {
    const report = ["Ran 30 tests: 1 failed, 29 passed.", 'FAIL "a": f(1): expected 2, got 3', "    > check(\"f(1)\", () => mod.f(1), 2);",
      ...Array.from({ length: 29 }, (_, k) => `PASS "test number ${k}"`)].join("\n");
    const effect = hook.run(ctx("run_tests", report)) as { effect: string; observation: string };
    expect(effect.effect).toBe("rewrite");
    expect(effect.observation).toBe('Ran 30 tests: 1 failed, 29 passed.\nFAIL "a": f(1): expected 2, got 3\n(29 passing tests not listed)\n(1 lines of test code not shown)');
    const hits = Array.from({ length: 30 }, (_, k) => `src/f.js:${k + 1}:   const value${k} = compute(${k});`).join("\n");
    const shortened = (hook.run(ctx("search", hits)) as { observation: string }).observation;
    expect(shortened.split("\n")).toHaveLength(9);
    expect(shortened).toMatch(/\(22 more matches not shown; use a narrower pattern\)$/);
  });

  it("leaves short outputs and code listings alone", () => {
    expect(hook.run(ctx("run_tests", "Ran 1 test: 0 failed, 1 passed."))).toBeNull();
    expect(hook.run(ctx("view", "x".repeat(5000)))).toBeNull();
  });
});
