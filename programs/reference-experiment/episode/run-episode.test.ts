import { describe, expect, it } from "vitest";
import { Turn } from "../../../lib/events/rollout-event";
import { createRng } from "../random";
import type { AgentAction, EpisodeResult } from "../types";
import { applyComponents } from "../harness/compose";
import { h0Files } from "../harness/h0";
import { loadHarness } from "../harness/load-harness";
import type { HarnessFile, HookPosition } from "../harness/types";
import { realEnvironment, type TaskEnvironment } from "./environment";
import { episodeToRolloutTurns } from "./rollout-turns";
import { runEpisode } from "./run-episode";
import { clampTask, randomPolicy, scriptedPolicy } from "./test-fixture";

const FIX: AgentAction = { tool: "edit", line: 4, operator: "flip-comparison" };

function play(actions: AgentAction[], files: HarnessFile[] = h0Files(), maxTurns = 8) {
  const policy = scriptedPolicy(actions);
  const result = runEpisode({ task: clampTask(), harness: loadHarness(files), policy, rng: createRng(1), maxTurns, temperature: 1 });
  return { result, seen: policy.seen, steps: result.turns.filter((t) => t.role === "assistant") };
}

const hookFile = (position: HookPosition, name: string, body: string): HarnessFile => ({
  path: `hooks/${position}/${name}.js`, kind: "hook", hookPosition: position,
  content: `module.exports = { name: "${name}", run: function (ctx) { ${body} } };`,
});

describe("runEpisode", () => {
  it("ends on submit and takes the reward from the hidden tests on the submitted file", () => {
    const { result, steps } = play([{ tool: "view" }, FIX, { tool: "run_tests" }, { tool: "submit" }]);
    expect(result).toMatchObject({ taskId: "fixture:clamp-001", success: true, reward: 1, truncated: false, exitStatus: "submitted" });
    expect(steps.map((t) => t.action?.tool)).toEqual(["view", "edit", "run_tests", "submit"]);
    expect(result.hiddenResults.map((r) => r.passed)).toEqual([true, true, true, true]);
    expect(result.submission).toContain("-  if (x < hi) return hi;\n+  if (x > hi) return hi;");
    expect(result.decisions).toEqual([0, 1, 2, 3].map((turn) => ({ turn, tool: ["view", "edit", "run_tests", "submit"][turn] })));
  });

  it("gives reward 0 for a wrong submission, which is not truncated", () => {
    const { result } = play([{ tool: "edit", line: 3, operator: "flip-comparison" }, { tool: "submit" }]);
    expect(result).toMatchObject({ success: false, reward: 0, truncated: false, exitStatus: "submitted" });
    expect(result.hiddenResults.some((r) => !r.passed)).toBe(true);
  });

  it("stops at the turn limit: truncated, turn_limit, reward 0, no hidden test run", () => {
    const { result, steps } = play([FIX, { tool: "view" }], h0Files(), 5);
    expect(result).toMatchObject({ truncated: true, exitStatus: "turn_limit", reward: 0, success: false, submission: "", hiddenResults: [] });
    expect(steps).toHaveLength(5);
  });

  it("starts with the system prompt and the issue, which names the failing check but not its wrong value", () => {
    const { result } = play([{ tool: "submit" }]);
    expect(result.turns[0]).toMatchObject({ role: "system" });
    expect(result.turns[0].content).toContain("- run_tests: ");
    expect(result.turns[1].role).toBe("user");
    expect(result.turns[1].content).toContain('"keeps a value inside the range" is wrong');
    expect(result.turns[1].content).toContain("mod.clamp(2, 0, 5), 2");
    expect(result.turns[1].content).not.toContain("got 5");
  });

  it("records every step with its observation, return code and format flag", () => {
    const { steps } = play([{ tool: "run_tests" }, { tool: "edit", line: 1, operator: "swap-operator" }, { tool: "nope" }, { tool: "submit" }]);
    expect(steps[0]).toMatchObject({ content: "run_tests()", reasoning: "step 0", returnCode: 1, formatError: false });
    expect(steps[0].observation).toContain('FAIL "keeps a value inside the range": clamp(2, 0, 5): expected 2, got 5');
    // H0 has no hook against malformed edits: the failed edit spends its turn.
    expect(steps[1]).toMatchObject({ returnCode: 1, formatError: true });
    expect(steps[1].observation).toMatch(/^Edit failed: swap-operator does not apply to line 1/);
    expect(steps[2]).toMatchObject({ returnCode: 127, formatError: true });
    expect(steps[3]).toMatchObject({ returnCode: 0, observation: "Submitted src/clamp.js with 0 edits." });
  });

  it("builds the context from what the agent saw: symptoms, viewed lines, search hits, fresh tests", () => {
    const { seen } = play([{ tool: "run_tests" }, { tool: "view" }, { tool: "search", pattern: "<" }, FIX, { tool: "submit" }]);
    expect(seen[0]).toMatchObject({ turn: 0, viewed: false, lastTestsPassed: null, failingTests: null, symptoms: [], applicableOperators: {}, tools: ["edit", "run_tests", "search", "submit", "view"] });
    expect(seen[1]).toMatchObject({ lastTool: "run_tests", lastTestsPassed: false, failingTests: 2, symptoms: ["wrong-value"], testsRunSinceEdit: true });
    expect(seen[2]).toMatchObject({ viewed: true, suspiciousLines: [] });
    expect(seen[2].applicableOperators[4]).toEqual(["flip-comparison", "toggle-inclusive", "negate-condition"]);
    expect(seen[2].applicableOperators[2]).toEqual(["add-guard"]);
    expect(seen[3].suspiciousLines).toEqual([3, 4]);
    expect(seen[4]).toMatchObject({ editsMade: 1, testsRunSinceEdit: false });
    // Nothing of the hidden tests or the reference reaches the policy.
    const everything = JSON.stringify(seen);
    expect(everything).not.toContain("hidden: keeps the lower bound");
    expect(everything).not.toContain("x > hi");
  });

  it("forgets what scrolled out of a small context window, but not the pinned issue or its own edits", () => {
    const files = h0Files({ contextChars: 150 });
    const { seen } = play([{ tool: "run_tests" }, { tool: "view" }, FIX, { tool: "submit" }], files);
    expect(seen[1].symptoms).toEqual(["wrong-value"]);
    // The listing (> 150 characters) pushed the test report out.
    expect(seen[2]).toMatchObject({ viewed: true, symptoms: [], failingTests: null, testsRunSinceEdit: true });
    expect(seen[3]).toMatchObject({ editsMade: 1, testsRunSinceEdit: false });
  });

  it("runs hooks at each lifecycle position at its moment, and records their messages with the position", () => {
    const positions: HookPosition[] = ["episode_init", "pre_decision", "pre_action", "post_feedback"];
    const files = [...h0Files(), ...positions.map((p) => hookFile(p, `at_${p}`,
      `return { effect: "observe", message: "${p} turn " + ctx.episode.turn + " action " + (ctx.action ? ctx.action.tool : "-") + " obs " + (ctx.observation ? ctx.observation.length : 0) };`))];
    const { result } = play([{ tool: "view" }, { tool: "submit" }], files);
    expect(result.turns[1].hooks).toEqual([{ position: "episode_init", hook: "at_episode_init", effect: "observe", message: "episode_init turn 0 action - obs 0" }]);
    const [first, second] = result.turns.slice(2);
    expect(first.hooks.map((m) => m.position)).toEqual(["pre_decision", "pre_action", "post_feedback"]);
    expect(first.hooks[0].message).toBe("pre_decision turn 0 action - obs 0");
    expect(first.hooks[1].message).toBe("pre_action turn 0 action view obs 0");
    expect(first.hooks[2].message).toMatch(/^post_feedback turn 1 action view obs [1-9]\d*$/);
    expect(second.hooks.map((m) => m.message.split(" action")[0])).toEqual(["pre_decision turn 1", "pre_action turn 1", "post_feedback turn 2"]);
  });

  it("gives pre_decision injections to the policy as hints, for that decision only", () => {
    const files = [...h0Files(), hookFile("pre_decision", "nudge", 'return ctx.episode.turn === 0 ? { effect: "inject", message: "look first" } : null;')];
    const { seen } = play([{ tool: "view" }, { tool: "submit" }], files);
    expect(seen[0].hints).toEqual(["look first"]);
    expect(seen[1].hints).toEqual([]);
  });

  it("applies a pre_action rewrite: the executed action changes and the reason is shown", () => {
    const files = [...h0Files(), hookFile("pre_action", "tests_instead", 'return ctx.action.tool === "view" ? { effect: "rewrite", action: { tool: "run_tests" }, message: "run the tests instead" } : null;')];
    const { steps, seen } = play([{ tool: "view" }, { tool: "submit" }], files);
    expect(steps[0]).toMatchObject({ content: "view()", action: { tool: "run_tests" }, returnCode: 1 });
    expect(steps[0].observation).toMatch(/^Ran 3 tests: 2 failed/);
    expect(steps[0].hooks).toEqual([{ position: "pre_action", hook: "tests_instead", effect: "rewrite", message: "run the tests instead" }]);
    expect(seen[1]).toMatchObject({ lastTool: "run_tests", hints: ["run the tests instead"], failingTests: 2 });
  });

  it("applies a refusal: nothing runs, the turn is spent unless the refusal is for format", () => {
    const refuse = (format: boolean) => [...h0Files(), hookFile("pre_action", "no_view", `return ctx.action.tool === "view" ? { effect: "refuse", format: ${format}, message: "no viewing" } : null;`)];
    const spent = play([{ tool: "view" }, { tool: "submit" }], refuse(false));
    expect(spent.steps.map((t) => [t.action?.tool, t.observation, t.returnCode, t.formatError])).toEqual([
      ["view", "no viewing", 2, false], ["submit", "Submitted src/clamp.js with 0 edits.", 0, false],
    ]);
    // For format: asked again (same turn), up to formatRequeries times, then the refusal spends the turn.
    const requeried = play([{ tool: "view" }, { tool: "submit" }], refuse(true), 3);
    expect(requeried.seen.map((c) => c.turn)).toEqual([0, 0, 0, 1]);
    expect(requeried.steps.map((t) => t.formatError)).toEqual([true, true, true, false]);
    expect(requeried.seen[1].hints).toEqual(["no viewing"]);
    expect(requeried.result.exitStatus).toBe("submitted");
  });

  it("survives a throwing hook, a hook returning nonsense, and a looping hook (disabled after its timeout)", () => {
    const files = [
      ...h0Files({ hookTimeoutMs: 50, episodeGuardMs: 400 }),
      hookFile("pre_action", "thrower", 'throw new TypeError("boom");'),
      hookFile("post_feedback", "nonsense", 'return [{ effect: "explode" }, { effect: "rewrite" }];'),
      hookFile("pre_decision", "looper", "if (ctx.episode.turn === 1) { while (true) {} } return null;"),
    ];
    const harness = loadHarness(files);
    const policy = scriptedPolicy([{ tool: "view" }, { tool: "view" }, FIX, { tool: "submit" }]);
    const started = performance.now();
    const result = runEpisode({ task: clampTask(), harness, policy, rng: createRng(3), maxTurns: 6, temperature: 1 });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({ exitStatus: "submitted", reward: 1 });
    const steps = result.turns.filter((t) => t.role === "assistant");
    expect(steps[0].hooks).toEqual([
      { position: "pre_action", hook: "thrower", effect: "observe", message: "hook error: TypeError: boom" },
      { position: "post_feedback", hook: "nonsense", effect: "observe", message: 'hook error: effect "explode" is not allowed at post_feedback' },
      { position: "post_feedback", hook: "nonsense", effect: "observe", message: "hook error: rewrite without an observation" },
    ]);
    expect(steps[1].hooks[0]).toEqual({ position: "pre_decision", hook: "looper", effect: "observe", message: "hook error: ran over 50 ms; disabled" });
    expect(steps[2].hooks[0].message).toBe("hook error: disabled after running over 50 ms");
    expect(harness.disabled.has("hooks/pre_decision/looper.js")).toBe(true);
  });

  it("gives the same episode for the same seed and policy, and another one for another seed", () => {
    const harness = loadHarness(applyComponents(h0Files(), []));
    const run = (seed: number) => {
      const r = runEpisode({ task: clampTask(), harness, policy: randomPolicy, rng: createRng(seed), maxTurns: 10, temperature: 1 });
      return { ...r, durationMs: 0 } satisfies EpisodeResult;
    };
    expect(run(11)).toEqual(run(11));
    const others = [12, 13, 14].map((s) => JSON.stringify(run(s).turns));
    expect(others.some((t) => t !== JSON.stringify(run(11).turns))).toBe(true);
  });

  it("uses the task environment it is given (tests run once per distinct source)", () => {
    let runs = 0;
    const env: TaskEnvironment = { ...realEnvironment, runTests: (...args) => (runs++, realEnvironment.runTests(...args)) };
    const task = clampTask();
    const policy = scriptedPolicy([{ tool: "run_tests" }, { tool: "run_tests" }, FIX, { tool: "run_tests" }, { tool: "submit" }]);
    for (let k = 0; k < 3; k++) runEpisode({ task, harness: loadHarness(h0Files()), policy, rng: createRng(k), maxTurns: 8, temperature: 1, env });
    // visible on the original, visible on the fix, hidden on the fix: once each over three episodes.
    expect(runs).toBe(3);
  });
});

describe("episodeToRolloutTurns", () => {
  it("maps turns to the rollout event's turn shape, hook messages with positions", () => {
    const files = [...h0Files(), hookFile("pre_action", "note", 'return { effect: "observe", message: "saw " + ctx.action.tool };')];
    const { result } = play([FIX, { tool: "submit" }], files);
    const turns = episodeToRolloutTurns(result);
    expect(turns[0]).toEqual({ role: "system", content: result.turns[0].content, format_error: false, hooks: [] });
    expect(turns[2]).toEqual({
      role: "assistant", content: 'edit(line=4, operator="flip-comparison")', reasoning: "step 0",
      action: { tool: "edit", line: 4, operator: "flip-comparison" }, observation: "Applied flip-comparison at line 4. Line 4 now reads:\n   4|   if (x > hi) return hi;",
      return_code: 0, format_error: false, hooks: [{ position: "pre_action", hook: "note", effect: "observe", message: "saw edit" }],
    });
    for (const t of turns) expect(Turn.safeParse(t).success).toBe(true);
  });
});
