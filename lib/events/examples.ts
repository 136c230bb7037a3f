// One coherent, small batch that holds every event type: the API page shows it, tests round-trip it.
// `prefix` keeps ids apart so a test can send several independent batches into one store.
import type { HarnessLabEventInput } from "./contract";

export function exampleEvents(prefix = "ex", name = `Example ${prefix}: every event type once`): HarnessLabEventInput[] {
  const id = (name: string) => `${prefix}-${name}`;
  const turn = (n: number, success: boolean) => [
    { role: "system" as const, content: "You are a software engineer. Fix the failing test." },
    { role: "assistant" as const, content: "Let me look at the function.", reasoning: "The bound looks off.", action: { tool: "view", path: "src/range.js" },
      observation: "function range(n) { for (let i = 0; i <= n; i++) … }", return_code: 0,
      hooks: [{ position: "pre_decision" as const, hook: "inject_test_status", effect: "inject" as const, message: "2 tests failing" }] },
    { role: "assistant" as const, content: success ? "submit" : `edit attempt ${n}`, action: { tool: success ? "submit" : "edit" },
      observation: success ? "all tests pass" : "1 test failing", return_code: success ? 0 : 1,
      hooks: [{ position: "post_feedback" as const, hook: "stall_detector", effect: "observe" as const }] },
  ];
  return [
    { type: "experiment", id: id("exp"), name, method: "harnessadapt-rl",
      description: "A hand-written batch of the event contract (lib/events/examples.ts), not a real run." },
    { type: "run", id: id("run"), experiment: id("exp"), kind: "train", status: "running", started_at: "2026-11-01T10:00:00Z" },
    { type: "harness_version", id: id("h0"), experiment: id("exp"), label: "H0", origin: "initial",
      files: [{ path: "tools/bash.py", kind: "tool", content: "def bash(cmd):\n    return run(cmd)\n" }] },
    { type: "harness_version", id: id("h1"), experiment: id("exp"), label: "H1", parent: id("h0"), origin: "proposal", origin_proposal: id("prop"),
      files: [
        { path: "tools/bash.py", kind: "tool", content: "def bash(cmd):\n    return run(cmd)\n" },
        { path: "hooks/report_failures.py", kind: "hook", hook_position: "pre_action", content: "def hook(action):\n    return action\n" },
      ] },
    { type: "checkpoint", id: id("ckpt"), experiment: id("exp"), run: id("run"), role: "policy", step: 2, model: "policy-9b" },
    { type: "task", id: id("task-a"), key: `${prefix}-range-off-by-one`, benchmark: "mini-train" },
    { type: "task", id: id("task-b"), key: `${prefix}-swap-args`, benchmark: "mini-train" },
    { type: "metrics", run: id("run"), step: 1, epoch: 1, values: { "critic/score/mean": 0.5, "batch/solve_all": 0.25 } },
    { type: "source_file", id: id("src"), experiment: id("exp"), name: "trajs/task-a.traj.json", format: "mini-swe-agent-1",
      content: "{\"messages\": []}" },
    ...[0, 1].flatMap((task) => [0, 1].map((k) => ({
      type: "rollout" as const, id: id(`r-${task}-${k}`), experiment: id("exp"), run: id("run"), task: id(task ? "task-b" : "task-a"),
      harness_version: id("h0"), checkpoint: id("ckpt"), purpose: "train" as const, epoch: 1, step: 1, group: id(`g${task}`), sample_index: k,
      reward: k === 0 ? 1 : 0, success: k === 0, exit_status: k === 0 ? "submitted" : "max_turns", truncated: k === 1 && task === 1,
      ...(k === 1 && task === 1 ? { truncation_kind: "turns" as const } : {}),
      tokens: { prompt: 1200, completion: 300 }, duration_ms: 4200, submission: k === 0 ? "--- a/src/range.js\n+++ b/src/range.js\n" : undefined,
      ...(task === 0 && k === 0 ? { source_file: id("src") } : {}),
      turns: turn(k, k === 0),
    }))),
    { type: "skill", id: id("skill"), experiment: id("exp"), kind: "mechanism", task: id("task-a"), epoch: 1,
      text: "When a loop bound is inclusive but the test expects n items, check the comparison before editing the body.",
      source_rollouts: [id("r-0-0"), id("r-0-1")] },
    { type: "evolution_round", id: id("round"), experiment: id("exp"), run: id("run"), epoch: 1, index: 0, incumbent: id("h0") },
    { type: "proposal", id: id("prop"), experiment: id("exp"), round: id("round"), kind: "tool_hook", title: "Report failing tests before submission",
      problem: "Agents submit without running the related tests.", rationale: "A pre_action hook that runs related tests catches symptom-only patches.",
      base: id("h0"), candidate: id("h1"), evidence: [{ rollout: id("r-1-1"), note: "submitted without verification" }] },
    { type: "comparison", id: id("cmp"), proposal: id("prop"), rollouts_per_task: 1, base_rollouts: [id("r-0-0")], candidate_rollouts: [id("r-1-0")],
      reported: { base_pass_rate: 0.5, candidate_pass_rate: 0.532, base_trainable_rate: 0.4, candidate_trainable_rate: 0.43 } },
    { type: "decision", id: id("dec"), proposal: id("prop"), verdict: "accept", reason: "pass rate +6.3 %, trainable rate +7.4 %",
      rule_verdict: { pass_rate_change: 0.063, trainable_rate_change: 0.074 } },
    { type: "eval_result", id: id("eval"), experiment: id("exp"), checkpoint: id("ckpt"), harness_version: id("h1"), benchmark: "mini-verified", repeat: 0,
      results: [{ task: id("task-a"), success: true, rollout: id("r-0-0"), details: { FAIL_TO_PASS: { success: ["test_range"], failure: [] } } }, { task: id("task-b"), success: false }] },
    { type: "failure_packet", id: id("packet"), experiment: id("exp"), run: id("run"), benchmark: "mini-train", text: "Two failed attempts.", rollouts: [id("r-0-1"), id("r-1-1")] },
    { type: "patch_evaluation", id: id("patch"), experiment: id("exp"), failure_packet: id("packet"), proposal: id("prop"), patch_index: 0,
      valid: true, complete: true, baseline_success: 0.5, patched_success: 0.75, reward: 0.25, hook_positions: ["pre_action"] },
    { type: "run", id: id("run"), experiment: id("exp"), kind: "train", status: "finished", finished_at: "2026-11-01T11:00:00Z" },
  ];
}
