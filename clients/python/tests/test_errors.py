"""A batch the server refuses (400 invalid, 409 conflicting) surfaces as a HarnessLabError naming the event
(its position among the events given to this client, type and id), the field path and the reason: raised by
flush(), or by the next call after the background thread got the answer. The client goes on afterwards."""
from __future__ import annotations

import time

import pytest

from harness_lab import Client, HarnessLabError, events


def wait_until_sent(client, timeout=30.0):
    deadline = time.monotonic() + timeout
    while client.pending and time.monotonic() < deadline:
        time.sleep(0.02)
    assert client.pending == 0


def test_a_400_is_raised_by_flush_with_event_index_field_path_and_reason(server, prefix):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "r1") as run:  # events 0 (experiment) and 1 (run)
        client.flush(30)
        run.log_rollout(step=0, task=f"{prefix}-t", reward=1.0, turns=[{"role": "user", "content": "hi"}])  # 2 (task), 3
        run.log_rollout(step=0, task=f"{prefix}-t", sample=1, reward=0.0, turns=[{"role": "user", "content": "hi"}, {"role": "robot", "content": "beep"}])  # 4
        with pytest.raises(HarnessLabError) as caught:
            client.flush(30)
        error = caught.value
        assert error.status == 400
        problem = next(p for p in error.problems if p.path == "turns.1.role")
        assert (problem.index, problem.event_type) == (4, "rollout")
        assert "robot" not in problem.message and "expected one of" in problem.message
        assert f"event #4 (rollout '{problem.event_id}'): turns.1.role: " in str(error)
        # The server applies a batch all-or-nothing: the refused batch is dropped, later batches still go.
        run.log_rollout(step=1, task=f"{prefix}-t", reward=1.0, turns=[{"role": "user", "content": "hi"}])
        run.log_metrics(1, {"loss": 1.0})
    client.close()
    assert server.get(f"runs/{prefix}.r1/metrics")["series"]["loss"][0]["value"] == 1.0
    assert server.get(f"experiments/{prefix}")["runs"][0]["rollouts"] == 1


def test_a_refusal_is_raised_by_the_next_call_once_the_answer_is_in(server, prefix):
    client = Client(server.url, token=server.token, flush_interval=0.01)
    client.send(events.task(id=f"{prefix}-t", key=f"{prefix}-t", benchmark=""))
    wait_until_sent(client)
    with pytest.raises(HarnessLabError) as caught:
        client.send(events.task(id=f"{prefix}-u", key=f"{prefix}-u", benchmark="b"))
    assert [(p.index, p.path) for p in caught.value.problems] == [(0, "benchmark")]
    client.send(events.task(id=f"{prefix}-v", key=f"{prefix}-v", benchmark="b"))  # raised once, then the client goes on
    client.close()


def test_a_409_names_the_conflicting_field(server, prefix):
    client = Client(server.url, token=server.token)
    with client.run(prefix, "r") as run:
        run.log_metrics(3, {"critic/score/mean": 0.5})
        client.flush(30)
        run.log_metrics(3, {"critic/score/mean": 0.75})  # event 3: a metric point is immutable
        with pytest.raises(HarnessLabError) as caught:
            client.flush(30)
    client.close()
    error = caught.value
    assert error.status == 409
    assert [(p.index, p.event_type, p.path) for p in error.problems] == [(3, "metrics", "values.critic/score/mean")]
    assert "already has critic/score/mean = 0.5 at step 3" in str(error)


def test_no_token_or_no_server_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("HARNESS_LAB_URL", raising=False)
    monkeypatch.delenv("HARNESS_LAB_TOKEN", raising=False)
    monkeypatch.delenv("HARNESS_LAB_OFFLINE_DIR", raising=False)
    with pytest.raises(ValueError, match="HARNESS_LAB_TOKEN"):
        Client("http://127.0.0.1:1")
    with pytest.raises(ValueError, match="offline_dir"):
        Client()
    with pytest.raises(ValueError, match="allow_nan|Out of range float"):
        Client(offline_dir="/tmp/never-written").send({"type": "metrics", "values": {"x": float("inf")}, "run": "r", "step": 0})
