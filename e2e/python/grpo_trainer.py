"""A small stand-alone "trainer" in Python (standard library + harness_lab only) for e2e/python-trainer.spec.ts.

It logs a GRPO run with the harness_lab client: H0 from a directory, four steps of groups (4 tasks x 4
samples) with metrics, a checkpoint, then a proposal H0 -> H1 that it leaves to a reviewer, waiting with
wait_for_decision; once decided it trains four more steps (with H1 if accepted) and evaluates H0 and H1 on
the checkpoint, so the run's curves, its groups and the H0/H1 matrix have data. Usage: grpo_trainer.py EXP
(HARNESS_LAB_URL and HARNESS_LAB_TOKEN in the environment)."""
from __future__ import annotations

import os
import sys
import tempfile

from harness_lab import Client

TASKS = [f"{sys.argv[1]}-task-{t}" for t in range(4)]


def write_harness(root: str, with_hook: bool) -> str:
    os.makedirs(os.path.join(root, "tools"), exist_ok=True)
    with open(os.path.join(root, "tools", "bash.py"), "w") as handle:
        handle.write("def bash(cmd):\n    return run(cmd)\n")
    if with_hook:
        os.makedirs(os.path.join(root, "hooks", "pre_action"), exist_ok=True)
        with open(os.path.join(root, "hooks", "pre_action", "run_tests.py"), "w") as handle:
            handle.write("def hook(action):\n    return run_related_tests(action)\n")
    return root


def solved(step: int, task: int, sample: int, better: bool) -> bool:
    # Deterministic: task 0 always solved, task 3 never; tasks 1-2 mixed, more often with the better harness.
    if task == 0:
        return True
    if task == 3:
        return False
    return (step + task + sample) % (2 if better else 3) == 0


def train(run, steps, version: str, better: bool) -> None:
    for step in steps:
        successes = 0
        for t, task in enumerate(TASKS):
            samples = []
            for k in range(4):
                ok = solved(step, t, k, better)
                successes += ok
                samples.append({"reward": 1.0 if ok else 0.0, "harness_version": version, "turns": [
                    {"role": "user", "content": f"Fix the failing test of {task}."},
                    {"role": "assistant", "content": "submit" if ok else "edit the loop bound", "observation": "tests pass" if ok else "1 failing",
                     "hooks": [{"position": "post_feedback", "hook": "stall_detector", "effect": "observe"}]},
                ]})
            run.log_group(step=step, task=task, samples=samples)
        run.log_metrics(step, {"critic/score/mean": successes / 16, "actor/entropy": 1.0 - step / 10})


def main() -> None:
    experiment = sys.argv[1]
    client = Client()
    work = tempfile.mkdtemp(prefix="python-trainer-")
    with client.run(experiment, "grpo", method="harnessadapt-rl", benchmark="py-train") as run:
        h0 = run.harness_version_from_dir(write_harness(os.path.join(work, "h0"), False), "H0")
        train(run, range(0, 4), h0, better=False)
        checkpoint = run.checkpoint(step=4, model="policy-py")
        h1 = client.harness_version_from_dir(experiment, write_harness(os.path.join(work, "h1"), True), "H1", parent=h0, origin="proposal")
        proposal = run.proposal(base=h0, candidate=h1, title="Run the related tests before each action",
                                rationale="Agents submit patches without running the tests.")
        client.comparison(proposal, reported={"base_pass_rate": 0.40, "candidate_pass_rate": 0.55, "base_trainable_rate": 0.5,
                                              "candidate_trainable_rate": 0.6})
        # Stored before it says so: the spec opens the proposals page as soon as it reads this line.
        client.flush()
        print(f"waiting for a decision on {proposal}", flush=True)
        decision = client.wait_for_decision(proposal, timeout=300, poll_interval=0.5)
        print(f"decided: {decision.status} by {decision.actor}", flush=True)
        version = h1 if decision.accepted else h0
        train(run, range(4, 8), version, better=decision.accepted)
        for label, harness, better in (("H0", h0, False), ("H1", h1, True)):
            run.eval_result("py-bench", [{"task": task, "success": solved(9, t, 0, better) or t == 0} for t, task in enumerate(TASKS)],
                            checkpoint=checkpoint, harness_version=harness)
    client.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
