"""Every v1 event type sent by the Client (built with harness_lab.events) and read back through the read API
of a real server, field by field; and the run conveniences (metrics, rollouts with turns and hook messages,
GRPO groups, harness versions from a directory, eval results) arriving as the dashboard shows them."""
from __future__ import annotations

import os
import urllib.request

from harness_lab import Client, events, ids
from every_event import every_event


def test_every_event_type_round_trips(server, prefix):
    client = Client(server.url, token=server.token)
    batch = every_event(prefix)
    client.send_many(batch)
    summary = client.close()
    assert summary["events"] == len(batch)
    assert set(summary["applied"]) == set(events.EVENT_TYPES)
    p = lambda name: f"{prefix}-{name}"  # noqa: E731

    overview = server.get(f"experiments/{p('exp')}")
    assert overview["experiment"]["name"] == f"Python client {prefix}"
    assert overview["experiment"]["config"] == {"lr": 1e-6} and overview["experiment"]["createdAt"] == 1_700_000_000_000
    assert [(r["id"], r["status"], r["name"]) for r in overview["runs"]] == [(p("run"), "finished", "seed 1")]
    records = overview["records"]
    h1 = next(v for v in records["harnessVersions"] if v["id"] == p("h1"))
    assert (h1["parentId"], h1["origin"], h1["originProposalId"]) == (p("h0"), "proposal", p("prop"))
    assert [(f["path"], f["kind"], f["hookPosition"]) for f in h1["files"]] == [("hooks/report_failures.py", "hook", "pre_action"), ("tools/bash.py", "tool", None)]
    assert records["checkpoints"][0] | {"createdAt": 0} == {"id": p("ckpt"), "experimentId": p("exp"), "runId": p("run"), "role": "policy", "name": "step 2",
                                                            "model": "policy-9b", "step": 2, "epoch": 1, "uri": "file:///ckpt/2", "metadata": {"dtype": "bf16"}, "createdAt": 0}
    assert records["skills"][0]["sourceRollouts"] == [p("r-0-0"), p("r-0-1")]
    assert records["evolutionRounds"][0]["incumbentHarnessVersionId"] == p("h0")
    evaluation = records["evalRuns"][0]
    assert (evaluation["benchmark"], evaluation["reported"], evaluation["checkpointId"]) == ("mini-verified", {"pass@1": 0.5}, p("ckpt"))
    assert [(r["taskId"], r["success"], r["rolloutId"]) for r in evaluation["results"]] == [(p("task-a"), True, p("r-0-0")), (p("task-b"), False, None)]
    assert records["failurePackets"][0]["rollouts"] == [p("r-0-1"), p("r-1-1")]
    patch = records["patchEvaluations"][0]
    assert (patch["reward"], patch["hookPositions"], patch["patchedSuccess"]) == (0.25, ["pre_action"], 0.75)

    (proposal,) = server.get(f"proposals?experiment={p('exp')}")["proposals"]
    assert (proposal["title"], proposal["status"], proposal["evidence"]) == ("Report failing tests", "accepted", [{"rolloutId": p("r-1-1"), "note": "no verification"}])
    assert proposal["comparisons"][0]["baseRollouts"] == [p("r-0-0")] and proposal["comparisons"][0]["reported"]["candidate_pass_rate"] == 0.532
    assert [(d["verdict"], d["actorKind"], d["ruleVerdict"]) for d in proposal["decisions"]] == [("accept", "rule", {"pass_rate_change": 0.063})]

    rollout = server.get(f"rollouts/{p('r-1-1')}")
    assert (rollout["taskKey"], rollout["benchmark"], rollout["reward"], rollout["truncationKind"], rollout["groupId"]) == (f"{prefix}-swap-args", "mini-train", None, "turns", p("g1"))
    assert [t["role"] for t in rollout["turns"]] == ["system", "assistant", "assistant"]
    assert rollout["turns"][1]["hooks"][0] | {"seq": 0} == {"seq": 0, "position": "pre_decision", "hook": "inject_test_status", "effect": "inject", "message": "2 tests failing"}
    assert rollout["turns"][2]["raw"] == {"n": 1}

    metrics = server.get(f"runs/{p('run')}/metrics")
    assert {k: [pt["value"] for pt in v] for k, v in metrics["series"].items()} == {"critic/score/mean": [0.5], "batch/solve_all": [0.25], "nan/key": [None]}
    request = urllib.request.Request(f"{server.url}/api/v1/source-files/{p('src')}", headers={"authorization": f"Bearer {server.token}"})
    with urllib.request.urlopen(request) as response:
        assert response.read() == b'{"messages": []}'


def test_a_run_with_groups_metrics_hooks_and_a_harness_directory(server, prefix, tmp_path):
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "bash.py").write_text("def bash(cmd): ...\n")
    (tmp_path / "hooks" / "pre_action").mkdir(parents=True)
    (tmp_path / "hooks" / "pre_action" / "run_tests.py").write_text("def hook(action): ...\n")
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "system.md").write_text("You are an engineer.\n")
    (tmp_path / "config.yaml").write_text("max_turns: 30\n")
    (tmp_path / "__pycache__").mkdir()
    (tmp_path / "__pycache__" / "x.pyc").write_bytes(b"\x00\xff")

    client = Client(server.url, token=server.token)
    with client.run(prefix, "grpo-seed1", config={"lr": 1e-6}) as run:
        version = run.harness_version_from_dir(str(tmp_path), "H0")
        for step in range(2):
            run.log_metrics(step, {"critic/score/mean": 0.25 * step, "response_length/clip_ratio": 0.0, "table": "ignored", "nan": float("nan")})
            run.log_group(step=step, task=f"{prefix}-task", samples=[
                {"reward": 1.0, "turns": [{"role": "user", "content": "fix it"}, {"role": "assistant", "content": "done"}],
                 "hooks": {1: [events.hook_message(position="post_feedback", hook="stall", effect="observe", message="no progress")]}},
                {"reward": 0.0, "turns": [{"role": "user", "content": "fix it"}, {"role": "assistant", "content": [{"type": "text", "text": "gave up"}]}]},
                {"reward": 0.0, "turns": [{"role": "user", "content": "fix it"}, {"role": "assistant", "content": None}], "truncated": True, "truncation_kind": "turns"},
            ])
        run.eval_result("mini-verified", [{"task": f"{prefix}-task", "success": True}], harness_version=version)
    client.close()

    run_id = ids.run(prefix, "grpo-seed1")
    overview = server.get(f"experiments/{prefix}")
    assert overview["runs"][0]["id"] == run_id and overview["runs"][0]["status"] == "finished"
    rates = overview["trainingRates"]
    assert (rates["rollouts"], rates["groups"], rates["mixedGroups"], rates["truncationRate"]) == (6, 2, 2, 2 / 6)
    (stored,) = overview["records"]["harnessVersions"]
    assert [(f["path"], f["kind"], f["hookPosition"]) for f in stored["files"]] == [
        ("config.yaml", "config", None), ("hooks/pre_action/run_tests.py", "hook", "pre_action"), ("prompts/system.md", "prompt", None), ("tools/bash.py", "tool", None)]
    first = server.get(f"rollouts/{ids.rollout(run_id, 0, f'{prefix}-task', 0)}")
    assert (first["groupId"], first["harnessVersionId"], first["success"]) == (ids.group(run_id, 0, f"{prefix}-task"), version, True)
    assert first["turns"][1]["hooks"][0]["position"] == "post_feedback"
    second = server.get(f"rollouts/{ids.rollout(run_id, 0, f'{prefix}-task', 1)}")
    assert (second["sampleIndex"], second["success"], second["turns"][1]["content"]) == (1, False, "gave up")
    metrics = server.get(f"runs/{run_id}/metrics")
    assert sorted(metrics["series"]) == ["critic/score/mean", "nan", "response_length/clip_ratio"]
    assert [pt["value"] for pt in metrics["series"]["nan"]] == [None, None]
    assert overview["records"]["evalRuns"][0]["harnessVersionId"] == version


def test_a_forked_child_sends_its_own_events(server, prefix):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "fork") as run:
        run.log_metrics(0, {"loss": 1.0})
        client.flush(30)
        pid = os.fork()
        if pid == 0:  # a data-loader or reward worker forked from the trainer
            code = 0
            try:
                run.log_metrics(1, {"loss": 0.5})
                client.close(30)
            except BaseException:
                code = 1
            os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        run.log_metrics(2, {"loss": 0.25})
    client.close()
    assert [p["value"] for p in server.get(f"runs/{prefix}.fork/metrics")["series"]["loss"]] == [1.0, 0.5, 0.25]
