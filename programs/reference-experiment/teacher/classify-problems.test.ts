import { describe, expect, it } from "vitest";
import { DEFAULT_HARNESS_CONFIG } from "../harness/h0";
import { classifyProblems, detectProblems, PROBLEM_KINDS } from "./classify-problems";
import { edit, failedEdit, failingTests, passingTests, scriptedEpisode, submit, view } from "./episode-fixture";

const only = (found: Record<string, number>) => PROBLEM_KINDS.filter((k) => found[k] > 0);

describe("detectProblems", () => {
  it("finds nothing in a clean repair", () => {
    const e = scriptedEpisode([view(), failingTests(4), edit(4), passingTests(), submit()], { success: true });
    expect(only(detectProblems(e))).toEqual([]);
  });

  it("failed_edit_command: one occurrence per edit that did not apply, including hook refusals", () => {
    const refused = {
      ...edit(4, "flip-comparison"),
      hooks: [{ position: "pre_action" as const, hook: "refuse_malformed_edit", effect: "refuse" as const, message: "flip-comparison does not apply here" }],
    };
    const e = scriptedEpisode([failingTests(4), failedEdit(4), refused, edit(4), passingTests(), submit()], { success: true });
    const found = detectProblems(e);
    expect(found.failed_edit_command).toBe(2);
    expect(only(found)).toEqual(["failed_edit_command"]);
  });

  it("submit_without_verification: no test after the last applied edit, or none at all", () => {
    expect(detectProblems(scriptedEpisode([failingTests(4), edit(4), submit()], { success: true })).submit_without_verification).toBe(1);
    expect(detectProblems(scriptedEpisode([view(), submit()], { success: false })).submit_without_verification).toBe(1);
    // A failed edit after the last test run does not change the file: the run still verifies it.
    expect(detectProblems(scriptedEpisode([failingTests(4), edit(4), passingTests(), failedEdit(4), submit()], { success: true })).submit_without_verification).toBe(0);
    // A submit refused by a hook is not the submission.
    const heldBack = { ...submit(), hooks: [{ position: "pre_action" as const, hook: "verify_before_submit", effect: "refuse" as const, message: "run the tests first" }] };
    expect(detectProblems(scriptedEpisode([failingTests(4), edit(4), heldBack, passingTests(), submit()], { success: true })).submit_without_verification).toBe(0);
    // A truncated episode never submitted.
    expect(detectProblems(scriptedEpisode([edit(4)], { success: false, truncated: true })).submit_without_verification).toBe(0);
  });

  it("too_much_output: long observations, by characters or by lines", () => {
    const long = { action: { tool: "run_tests" }, observation: "x".repeat(2500), returnCode: 1 };
    const many = { action: { tool: "search", pattern: "<" }, observation: Array.from({ length: 80 }, (_, k) => `${k + 1}: <`).join("\n") };
    const found = detectProblems(scriptedEpisode([long, many, failingTests(4), edit(4), passingTests(), submit()], { success: true }));
    expect(found.too_much_output).toBe(2);
    expect(detectProblems(scriptedEpisode([long], { success: false }), { maxObservationChars: 5000 }).too_much_output).toBe(0);
    // Just under the default threshold: half the H0 context window.
    const medium = { ...long, observation: "y".repeat(Math.round(DEFAULT_HARNESS_CONFIG.contextChars / 2) - 10) };
    expect(detectProblems(scriptedEpisode([medium], { success: false })).too_much_output).toBe(0);
  });

  it("wrong_localisation: edits on lines nothing pointed at; a file listing points at nothing", () => {
    const e = scriptedEpisode([view(), edit(2), failingTests(4), edit(7), edit(4), passingTests(), submit()], { success: true });
    expect(detectProblems(e).wrong_localisation).toBe(2);
    // H0's search prints "<path>:<line>: <code>".
    const search = { action: { tool: "search", pattern: "<=" }, observation: '1 matches for "<=":\nsrc/count.js:6:   for (let i = 0; i <= n; i++) {' };
    expect(detectProblems(scriptedEpisode([search, edit(6), passingTests(), submit()], { success: true })).wrong_localisation).toBe(0);
    const hint = {
      ...view(),
      hooks: [{ position: "pre_decision" as const, hook: "inject_test_status", effect: "inject" as const, message: "1 failing test points at line 9" }],
    };
    expect(detectProblems(scriptedEpisode([hint, edit(9), passingTests(), submit()], { success: true })).wrong_localisation).toBe(0);
  });

  it("counts lines pointed at by the issue or an episode_init hook", () => {
    const e = scriptedEpisode([edit(9), passingTests(), submit()], { success: true });
    expect(detectProblems(e).wrong_localisation).toBe(1);
    e.turns[0].hooks.push({ position: "episode_init", hook: "reproduce_first", effect: "inject", message: 'Ran 1 test: 1 failed, 0 passed.\nFAIL "x": boom (at line 9)' });
    expect(detectProblems(e).wrong_localisation).toBe(0);
  });

  it("stalled: a long run of actions without progress, or a recovery hook", () => {
    const loop = [view(), failingTests(4), view(), failingTests(4), view(), failingTests(4), view(), failingTests(4)];
    expect(detectProblems(scriptedEpisode(loop, { success: false, truncated: true })).stalled).toBe(1);
    expect(detectProblems(scriptedEpisode(loop.slice(0, 5), { success: false, truncated: true })).stalled).toBe(0);
    const recover = { ...view(), hooks: [{ position: "post_feedback" as const, hook: "stall_recovery", effect: "recover" as const, message: "no progress" }] };
    expect(detectProblems(scriptedEpisode([recover], { success: false, truncated: true })).stalled).toBe(1);
  });

  it("ran_out_of_turns: a truncated episode, counted only when the kinds asked for include it", () => {
    const e = scriptedEpisode([view(), failingTests(4), edit(4)], { success: false, truncated: true });
    expect(detectProblems(e).ran_out_of_turns).toBe(0);
    expect(detectProblems(e, { kinds: PROBLEM_KINDS }).ran_out_of_turns).toBe(1);
    const clean = scriptedEpisode([view(), failingTests(4), edit(4), passingTests(), submit()], { success: true });
    expect(detectProblems(clean, { kinds: PROBLEM_KINDS }).ran_out_of_turns).toBe(0);
    const report = classifyProblems([{ id: "r1", episode: e }, { id: "r2", episode: clean }], { kinds: PROBLEM_KINDS });
    expect(report.problems.find((p) => p.kind === "ran_out_of_turns")).toMatchObject({ episodes: 1, failedEpisodes: 1, evidence: ["r1"] });
    expect(classifyProblems([{ id: "r1", episode: e }]).problems.map((p) => p.kind)).not.toContain("ran_out_of_turns");
  });

  it("symptom_only_patch: visible tests passed, hidden tests failed", () => {
    const e = scriptedEpisode([failingTests(4), edit(4), passingTests(), submit()], { success: false });
    expect(only(detectProblems(e))).toEqual(["symptom_only_patch"]);
    // Success, or an edit after the passing run, is something else.
    expect(detectProblems(scriptedEpisode([failingTests(4), edit(4), passingTests(), submit()], { success: true })).symptom_only_patch).toBe(0);
    expect(detectProblems(scriptedEpisode([failingTests(4), edit(4), passingTests(), edit(4), submit()], { success: false })).symptom_only_patch).toBe(0);
  });

  it("reads test outcomes from the text when no return code is recorded", () => {
    const textual = { action: { tool: "run_related_tests" }, observation: "all related tests passed" };
    const hookReport = {
      action: { tool: "submit" }, observation: "Submit held back.", returnCode: 2,
      hooks: [{ position: "pre_action" as const, hook: "report_failures_before_submit", effect: "refuse" as const, message: "Ran 3 tests: 1 failed, 2 passed." }],
    };
    // A refused submit is not a test run and not the submission.
    expect(only(detectProblems(scriptedEpisode([failingTests(4), edit(4), hookReport, textual, submit()], { success: false })))).toEqual(["symptom_only_patch"]);
    const e = scriptedEpisode([failingTests(4), edit(4), textual, submit()], { success: false });
    expect(only(detectProblems(e))).toEqual(["symptom_only_patch"]);
  });

  it("folds a following tool turn into the action's step", () => {
    const e = scriptedEpisode([failingTests(4), edit(4), submit()], { success: true });
    // Move the test observation to a separate tool turn.
    const testTurn = e.turns[1];
    e.turns.splice(2, 0, { role: "tool", content: testTurn.observation ?? "", returnCode: testTurn.returnCode, hooks: [] });
    testTurn.observation = undefined;
    testTurn.returnCode = undefined;
    expect(detectProblems(e).wrong_localisation).toBe(0);
    expect(detectProblems(e).submit_without_verification).toBe(1);
  });
});

describe("classifyProblems", () => {
  const items = [
    { id: "r1", episode: scriptedEpisode([failingTests(4), edit(4), submit()], { success: false }) },
    { id: "r2", episode: scriptedEpisode([failingTests(4), edit(4), submit()], { success: true }) },
    { id: "r3", episode: scriptedEpisode([failingTests(4), failedEdit(4), failedEdit(5), edit(4), passingTests(), submit()], { success: true }) },
    { id: "r4", episode: scriptedEpisode([view(), edit(3), submit()], { success: false }) },
    { id: "r5", episode: scriptedEpisode([view(), failingTests(4), edit(4), passingTests(), submit()], { success: true }) },
  ];

  it("counts episodes, failures and occurrences with evidence, failed episodes first", () => {
    const report = classifyProblems(items);
    expect(report.episodes).toBe(5);
    expect(report.failedEpisodes).toBe(2);
    const byKind = Object.fromEntries(report.problems.map((p) => [p.kind, p]));
    expect(byKind.submit_without_verification).toEqual({
      kind: "submit_without_verification", episodes: 3, failedEpisodes: 2, occurrences: 3, evidence: ["r1", "r4", "r2"],
    });
    expect(byKind.failed_edit_command).toEqual({ kind: "failed_edit_command", episodes: 1, failedEpisodes: 0, occurrences: 2, evidence: ["r3"] });
    expect(byKind.wrong_localisation).toMatchObject({ episodes: 2, occurrences: 2, evidence: ["r4", "r3"] });
    expect(report.problems[0].kind).toBe("submit_without_verification");
    expect(report.byEpisode.r5).toEqual([]);
    expect(report.byEpisode.r4).toEqual(["submit_without_verification", "wrong_localisation"]);
  });

  it("limits the evidence list but not the counts", () => {
    const report = classifyProblems(items, { evidenceLimit: 1 });
    const p = report.problems.find((x) => x.kind === "submit_without_verification")!;
    expect(p.evidence).toEqual(["r1"]);
    expect(p.episodes).toBe(3);
  });
});
