"""The offline event log: EventLogWriter(dir) and Client(offline_dir=...) write the events-*.jsonl files that
`harness-lab sync DIR` reads (lib/services/sync), rotating files that sort in creation order; sync applies them, and
a second sync finds nothing new."""
from __future__ import annotations

import json
import os
import subprocess

from harness_lab import Client, EventLogWriter, events
from every_event import every_event
from server import PROJECT_ROOT


def sync(server, directory):
    return subprocess.run(["node", str(PROJECT_ROOT / "bin" / "harness-lab.mjs"), "sync", str(directory), "--server", server.url, "--token", server.token],
                          cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)


def test_event_log_writer_rotates_and_sync_applies_every_file(server, prefix, tmp_path):
    batch = every_event(prefix)
    extra = [events.rollout(id=f"{prefix}-extra-{n}", experiment=f"{prefix}-exp", run=f"{prefix}-run", task=f"{prefix}-task-a", purpose="eval",
                            reward=float(n % 2), success=n % 2 == 1, turns=[events.turn(role="assistant", content="x" * 300)]) for n in range(40)]
    with EventLogWriter(str(tmp_path), max_file_bytes=4096) as writer:
        writer.write_many(batch[:-1] + extra + batch[-1:])
        files = list(writer.files)
    assert len(files) > 3, "the writer rotates past max_file_bytes"
    assert [os.path.basename(f) for f in files] == sorted(os.path.basename(f) for f in files), "names sort in creation order"
    lines = [json.loads(line) for f in files for line in open(f, encoding="utf-8")]
    assert lines == batch[:-1] + extra + batch[-1:]
    assert all(os.path.basename(f).startswith("events-") and f.endswith(f"-{os.getpid()}.jsonl") for f in files)

    first = sync(server, tmp_path)
    assert first.returncode == 0, first.stderr
    overview = server.get(f"experiments/{prefix}-exp")
    assert overview["rollouts"] == 4 + 40 and overview["runs"][0]["status"] == "finished"
    assert len(server.get(f"proposals?experiment={prefix}-exp")["proposals"]) == 1
    again = sync(server, tmp_path)
    assert again.returncode == 0, again.stderr
    assert server.get(f"experiments/{prefix}-exp")["rollouts"] == 44


def test_a_client_without_a_server_writes_the_offline_log(server, prefix, tmp_path, monkeypatch):
    monkeypatch.delenv("HARNESS_LAB_URL", raising=False)
    monkeypatch.setenv("HARNESS_LAB_OFFLINE_DIR", str(tmp_path))
    monkeypatch.setenv("HARNESS_LAB_EXPERIMENT", prefix)
    monkeypatch.setenv("HARNESS_LAB_RUN", "offline")
    client = Client()
    with client.run() as run:
        run.log_metrics(0, {"critic/score/mean": 0.5})
        run.log_rollout(step=0, task=f"{prefix}-t", reward=1.0, turns=[{"role": "user", "content": "hi"}])
    client.close()
    result = sync(server, tmp_path)
    assert result.returncode == 0, result.stderr
    overview = server.get(f"experiments/{prefix}")
    assert [(r["id"], r["status"], r["rollouts"]) for r in overview["runs"]] == [(f"{prefix}.offline", "finished", 1)]
