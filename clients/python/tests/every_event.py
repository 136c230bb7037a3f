"""One coherent batch holding every v1 event type, built with harness_lab.events (the Python twin of
lib/events/examples.ts), so a test can send it and read each record back through the API."""
from __future__ import annotations

from typing import List

from harness_lab import events as ev


def every_event(prefix: str) -> List[dict]:
    def i(name: str) -> str:
        return f"{prefix}-{name}"

    def turns(success: bool) -> list:
        return [
            ev.turn(role="system", content="You are a software engineer. Fix the failing test."),
            ev.turn(role="assistant", content="Let me look.", reasoning="The bound looks off.", action={"tool": "view", "path": "src/range.js"},
                    observation="for (let i = 0; i <= n; i++)", return_code=0, tokens=12,
                    hooks=[ev.hook_message(position="pre_decision", hook="inject_test_status", effect="inject", message="2 tests failing")]),
            ev.turn(role="assistant", content="submit" if success else "edit", action={"tool": "submit" if success else "edit"},
                    observation="all tests pass" if success else "1 test failing", return_code=0 if success else 1, format_error=False,
                    hooks=[ev.hook_message(position="post_feedback", hook="stall_detector", effect="observe")], raw={"n": 1}),
        ]

    rollouts = []
    for task in (0, 1):
        for k in (0, 1):
            truncated = k == 1 and task == 1
            rollouts.append(ev.rollout(
                id=i(f"r-{task}-{k}"), experiment=i("exp"), run=i("run"), task=i("task-b" if task else "task-a"), harness_version=i("h0"),
                checkpoint=i("ckpt"), purpose="train", epoch=1, step=1, group=i(f"g{task}"), sample_index=k,
                reward=1.0 if k == 0 else (None if task == 1 else 0.0), success=k == 0, exit_status="submitted" if k == 0 else "max_turns",
                truncated=truncated, truncation_kind="turns" if truncated else None, tokens=ev.rollout_tokens(prompt=1200, completion=300),
                cost_usd=0.01, duration_ms=4200, submission="--- a/src/range.js\n" if k == 0 else None, source_format="harness-lab",
                source_file=i("src") if task == 0 and k == 0 else None, metadata={"seed": k}, started_at="2026-11-01T10:00:00Z",
                turns=turns(k == 0)))
    return [
        ev.experiment(id=i("exp"), name=f"Python client {prefix}", method="harnessadapt-rl", description="every event type once",
                      config={"lr": 1e-6}, created_at=1_700_000_000_000),
        ev.run(id=i("run"), experiment=i("exp"), kind="train", status="running", name="seed 1", config={"seed": 1}, started_at="2026-11-01T10:00:00Z"),
        ev.harness_version(id=i("h0"), experiment=i("exp"), label="H0", origin="initial", description="the initial harness",
                           files=[ev.harness_file(path="tools/bash.py", kind="tool", content="def bash(cmd):\n    return run(cmd)\n")]),
        ev.harness_version(id=i("h1"), experiment=i("exp"), label="H1", parent=i("h0"), origin="proposal", origin_proposal=i("prop"), files=[
            ev.harness_file(path="tools/bash.py", kind="tool", content="def bash(cmd):\n    return run(cmd)\n"),
            ev.harness_file(path="hooks/report_failures.py", kind="hook", hook_position="pre_action", content="def hook(a):\n    return a\n"),
        ]),
        ev.checkpoint(id=i("ckpt"), experiment=i("exp"), run=i("run"), role="policy", name="step 2", model="policy-9b", step=2, epoch=1,
                      uri="file:///ckpt/2", metadata={"dtype": "bf16"}),
        ev.task(id=i("task-a"), key=f"{prefix}-range-off-by-one", benchmark="mini-train", title="Range off by one", metadata={"repo": "r"}),
        ev.task(id=i("task-b"), key=f"{prefix}-swap-args", benchmark="mini-train"),
        ev.metrics(run=i("run"), step=1, epoch=1, time=1_700_000_000_000, values={"critic/score/mean": 0.5, "batch/solve_all": 0.25, "nan/key": None}),
        ev.source_file(id=i("src"), experiment=i("exp"), name="trajs/task-a.traj.json", format="mini-swe-agent-1", content='{"messages": []}', encoding="utf8"),
        *rollouts,
        ev.skill(id=i("skill"), experiment=i("exp"), kind="mechanism", task=i("task-a"), epoch=1, text="Check the loop bound first.",
                 source_rollouts=[i("r-0-0"), i("r-0-1")]),
        ev.evolution_round(id=i("round"), experiment=i("exp"), run=i("run"), epoch=1, index=0, incumbent=i("h0")),
        ev.proposal(id=i("prop"), experiment=i("exp"), round=i("round"), kind="tool_hook", title="Report failing tests", problem="p",
                    rationale="r", teacher="teacher-1", base=i("h0"), candidate=i("h1"), evidence=[ev.evidence(rollout=i("r-1-1"), note="no verification")]),
        ev.comparison(id=i("cmp"), proposal=i("prop"), run=i("run"), rollouts_per_task=1, pairing="paired", base_rollouts=[i("r-0-0")], candidate_rollouts=[i("r-1-0")],
                      reported=ev.reported_comparison(base_pass_rate=0.5, candidate_pass_rate=0.532, base_trainable_rate=0.4,
                                                      candidate_trainable_rate=0.43, base_rollouts=8, candidate_rollouts=8)),
        ev.decision(id=i("dec"), proposal=i("prop"), verdict="accept", actor="acceptance-rule", actor_kind="rule", reason="pass rate +6.3 %",
                    rule_verdict={"pass_rate_change": 0.063}),
        ev.eval_result(id=i("eval"), experiment=i("exp"), run=i("run"), checkpoint=i("ckpt"), harness_version=i("h1"), benchmark="mini-verified", repeat=0,
                       results=[ev.eval_task_result(task=i("task-a"), success=True, reward=1.0, rollout=i("r-0-0"), details={"FAIL_TO_PASS": ["t"]}),
                                ev.eval_task_result(task=i("task-b"), success=False)],
                       reported={"pass@1": 0.5}),
        ev.failure_packet(id=i("packet"), experiment=i("exp"), run=i("run"), target_checkpoint=i("ckpt"), benchmark="mini-train", text="Two failures.",
                          rollouts=[i("r-0-1"), i("r-1-1")]),
        ev.patch_evaluation(id=i("patch"), experiment=i("exp"), failure_packet=i("packet"), proposal=i("prop"), patch_index=0, target_model="m",
                            benchmark="mini-train", valid=True, complete=True, baseline_success=0.5, patched_success=0.75, reward=0.25,
                            hook_positions=["pre_action"]),
        ev.run(id=i("run"), experiment=i("exp"), kind="train", status="finished", finished_at="2026-11-01T11:00:00Z"),
    ]
