// The episode on the real generated suites, with the real policy: every rollout ends properly, its
// turns fit the rollout event, the reward is the hidden tests' verdict, the policy never sees hidden
// tests, and one seed gives one rollout.
import { describe, expect, it } from "vitest";
import { Turn } from "../../../lib/events/rollout-event";
import { createRng } from "../random";
import type { AgentAction, DecisionContext, EditOperator, EpisodeResult, RepairTask } from "../types";
import { applyComponents } from "../harness/compose";
import { COMPONENTS } from "../harness/components";
import { h0Files } from "../harness/h0";
import { loadHarness } from "../harness/load-harness";
import { SoftmaxPolicy } from "../policy/softmax-policy";
import { applyEdit } from "../tasks/edit-operators";
import { buildSuitesWithFix } from "../tasks/suites";
import { runTests } from "../tasks/test-runner";
import type { EpisodePolicy } from "./policy-interface";
import { episodeToRolloutTurns } from "./rollout-turns";
import { runEpisode } from "./run-episode";

const suites = buildSuitesWithFix(5, "small");
const sample = [...suites.comparison.slice(0, 6), ...suites["mini-pro"].slice(0, 3), ...suites["mini-multilingual"].slice(0, 3)];
const tasks: RepairTask[] = sample.map((g) => g.task);

/** Plays the ground-truth fix: view, the fix edits (bottom-up, as given), run the tests, submit. */
function oracle(fix: { line: number; operator: EditOperator }[]): EpisodePolicy {
  const plan: AgentAction[] = [{ tool: "view" }, ...fix.map((f) => ({ tool: "edit" as const, ...f })), { tool: "run_tests" }, { tool: "submit" }];
  return { decide: (ctx) => ({ action: plan[Math.min(ctx.turn, plan.length - 1)], reasoning: "oracle", decision: null }) };
}

describe("episodes on the generated suites", () => {
  it("rewards the ground-truth fix on every task, and an empty submission on none", () => {
    const harness = loadHarness(h0Files());
    for (const { task, truth } of sample) {
      const fixed = runEpisode({ task, harness, policy: oracle(truth.fix), rng: createRng(1), maxTurns: 12, temperature: 1 });
      expect(fixed, task.key).toMatchObject({ exitStatus: "submitted", reward: 1, success: true });
      const submitted = runEpisode({ task, harness, policy: oracle([]), rng: createRng(1), maxTurns: 12, temperature: 1 });
      expect(submitted.reward, task.key).toBe(0);
    }
  });

  it("runs the softmax policy through H0 and through every component: valid rollouts, honest rewards, no leak", () => {
    const softmax = new SoftmaxPolicy();
    const seen = new Map<RepairTask, DecisionContext[]>(tasks.map((t) => [t, []]));
    let current = tasks[0];
    const recording: EpisodePolicy = { decide: (ctx, rng, t) => (seen.get(current)!.push(ctx), softmax.decide(ctx, rng, t)) };
    const results: EpisodeResult[] = [];
    for (const files of [h0Files(), applyComponents(h0Files(), COMPONENTS)]) {
      const harness = loadHarness(files);
      const rng = createRng(9);
      for (const task of tasks) {
        current = task;
        for (let k = 0; k < 4; k++) {
          const r = runEpisode({ task, harness, policy: recording, rng, maxTurns: 12, temperature: 1 });
          results.push(r);
          expect(r.truncated).toBe(r.exitStatus === "turn_limit");
          expect(r.decisions.length).toBe(r.turns.filter((t) => t.role === "assistant").length);
          if (r.exitStatus === "submitted") {
            const hidden = runTests(submittedFile(task, r), task.hiddenTests, { path: task.path });
            expect(r.reward).toBe(hidden.every((x) => x.passed) ? 1 : 0);
          } else {
            expect(r.reward).toBe(0);
          }
          for (const turn of episodeToRolloutTurns(r)) expect(Turn.safeParse(turn).success).toBe(true);
        }
      }
    }
    expect(results.some((r) => r.success)).toBe(true);
    expect(results.some((r) => !r.success)).toBe(true);
    // No hidden-only test of a task reaches the policy's contexts of that task.
    // (Hints are the only text in a context; hidden test names are calls like "f(1)".)
    for (const task of tasks) {
      const contexts = seen.get(task)!;
      expect(contexts.length).toBeGreaterThan(0);
      const text = contexts.flatMap((c) => c.hints).join("\n");
      const hiddenOnly = task.hiddenTests.map((h) => h.name).filter((n) => !task.visibleTests.some((v) => v.name.includes(n)));
      for (const name of hiddenOnly) expect(text.includes(name), `${task.key}: ${name}`).toBe(false);
    }
  });

  it("gives the same rollouts for the same seed", () => {
    const harness = loadHarness(applyComponents(h0Files(), COMPONENTS));
    const play = () => {
      const rng = createRng(21);
      return tasks.map((task) => ({ ...runEpisode({ task, harness, policy: new SoftmaxPolicy(), rng, maxTurns: 12, temperature: 1 }), durationMs: 0 }));
    };
    expect(play()).toEqual(play());
  });
});

/** The submitted file, rebuilt by replaying the edits that applied (the catalogue's hooks make none). */
function submittedFile(task: RepairTask, r: EpisodeResult): string {
  let source = task.source;
  for (const turn of r.turns) {
    const a = turn.action as { tool: string; line?: number; operator?: string } | undefined;
    if (a?.tool !== "edit" || !turn.observation?.startsWith("Applied ")) continue;
    const result = applyEdit(source, a.line!, a.operator as EditOperator);
    if (!result.ok) throw new Error(result.error);
    source = result.source;
  }
  return source;
}
