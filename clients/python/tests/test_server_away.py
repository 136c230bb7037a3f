"""The server going away and coming back while a trainer logs: nothing lost, nothing twice, order kept.

- retries across a real server restart (same store, same port);
- spill to disk: with the server away longer than the buffer holds, memory stays bounded and the events
  wait in the spill directory (the offline event-log format), then arrive in order once the server is back;
- close() while the server is still away leaves what was not sent in that directory, and
  `harness-lab sync DIR` delivers it.
"""
from __future__ import annotations

import glob
import os
import subprocess
import time

from harness_lab import Client
from server import PROJECT_ROOT

TURNS = [{"role": "user", "content": "fix the failing test " * 20}, {"role": "assistant", "content": "patched " * 40}]


def rollout_count(server, experiment):
    return server.get(f"experiments/{experiment}")["runs"][0]["rollouts"]


def log_steps(run, steps, samples=4):
    for step in steps:
        run.log_metrics(step, {"critic/score/mean": step / 100})
        for k in range(samples):
            run.log_rollout(step=step, task=f"task-{step % 3}", sample=k, reward=float(k % 2), turns=TURNS)


def test_retries_across_a_server_restart_lose_and_duplicate_nothing(server, prefix):
    client = Client(server.url, token=server.token, backoff_base=0.05, backoff_max=0.5, flush_interval=0.05)
    run = client.run(prefix, "restart").start()
    log_steps(run, range(0, 10))
    client.flush(60)
    server.stop()
    try:
        log_steps(run, range(10, 40))  # the server is down: every send returns at once, the thread retries
        time.sleep(0.5)
        assert client.stats["retries"] > 0 and client.pending > 0
    finally:
        server.start()
    log_steps(run, range(40, 50))
    run.finish()
    stats = client.close(120)
    assert rollout_count(server, prefix) == 50 * 4
    metrics = server.get(f"runs/{run.id}/metrics")["series"]["critic/score/mean"]
    assert [p["step"] for p in metrics] == list(range(50))
    assert stats["applied"]["rollout"] + stats["unchanged"].get("rollout", 0) == 200


def test_spills_to_disk_while_the_server_is_away_and_sends_it_in_order_later(server, prefix, tmp_path):
    spill = tmp_path / "spill"
    client = Client(server.url, token=server.token, spill_dir=str(spill), max_buffer_bytes=32 * 1024, max_batch_bytes=16 * 1024,
                    backoff_base=0.05, backoff_max=0.3, flush_interval=0.05)
    server.stop()
    try:
        run = client.run(prefix, "spill").start()  # the experiment and run events are spilled first: order matters
        for chunk in range(10):
            log_steps(run, range(chunk * 5, chunk * 5 + 5))
            # Bounded: the buffer plus the one batch being retried (and one event over the line).
            assert client.buffered_bytes <= 32 * 1024 + 16 * 1024 + 2 * 1024
        files = glob.glob(str(spill / "events-*.jsonl"))
        assert files, "nothing was spilled"
        assert sum(1 for f in files for _ in open(f)) >= 150
        assert client.stats["spilled"] >= 150
    finally:
        server.start()
    run.finish()
    client.close(120)
    assert rollout_count(server, prefix) == 50 * 4
    assert server.get(f"experiments/{prefix}")["runs"][0]["status"] == "finished"
    assert not glob.glob(str(spill / "events-*.jsonl")), "sent spill files are removed"


def test_close_while_the_server_is_away_leaves_a_log_that_sync_delivers(server, prefix, tmp_path, capfd):
    spill = tmp_path / "left"
    client = Client(server.url, token=server.token, spill_dir=str(spill), backoff_base=0.05, backoff_max=0.2)
    server.stop()
    try:
        with client.run(prefix, "away") as run:
            log_steps(run, range(5))
        client.close(timeout=1.0)
        err = capfd.readouterr().err
        assert f"harness-lab sync {spill}" in err
        assert glob.glob(str(spill / "events-*.jsonl"))
    finally:
        server.start()
    result = subprocess.run(["node", str(PROJECT_ROOT / "bin" / "harness-lab.mjs"), "sync", str(spill), "--server", server.url, "--token", server.token],
                            cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300, env={**os.environ})
    assert result.returncode == 0, result.stderr
    assert rollout_count(server, prefix) == 5 * 4
    assert server.get(f"experiments/{prefix}")["runs"][0]["status"] == "finished"
