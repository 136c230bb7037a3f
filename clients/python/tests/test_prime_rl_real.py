"""prime-rl's REAL monitor fan-out (prime-rl @ 559b447: prime_rl/monitors/{__init__,base,file}.py, read in place from
../shared/trainers/prime-rl, or $HARNESS_LAB_SHARED/trainers/prime-rl) driving HarnessLabMonitor as the orchestrator
does (orchestrator.py:592/684/747/506): each finished rollout under "all", the step's effective cohort, the step's
metrics, finalize(). Episodes are shared/trainers' stand-ins of verifiers' Episode.to_record() (samples.py), since
verifiers is not importable there; the metric rows are the ones the real FileMonitor wrote (outputs/metrics.jsonl).
Also: a server that is down, answers 500 or refuses a batch (400/409) never reaches the trainer."""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import harness_lab
from harness_lab import Client, ids
from harness_lab.integrations import _guard
from real_trainers import load_module, trainer_dir
from answering_server import AnsweringServer, closed_port_url

TRAINER = trainer_dir("prime-rl")



@pytest.fixture(scope="module")
def prime():
    load_module("_prime_rl_real", TRAINER / "_real.py").use_real_src()
    os.environ.pop("RANK", None)
    from prime_rl import monitors
    from prime_rl.configs.monitors import FileMonitorConfig

    samples = load_module("_prime_rl_samples", TRAINER / "samples.py")
    rows = [json.loads(line) for line in (TRAINER / "outputs" / "metrics.jsonl").read_text().splitlines() if line.strip()]
    return monitors, FileMonitorConfig, samples.SampleEpisode, rows


@pytest.fixture(autouse=True)
def fresh_warnings(monkeypatch):
    monkeypatch.setattr(_guard, "_warned", set())


class Warnings:
    """prime-rl's fan-out only warns (get_logger().warning) when a monitor raises: collect those."""

    def __init__(self) -> None:
        self.lines: list = []

    def warning(self, message, *a, **k):
        self.lines.append(str(message))

    def __getattr__(self, name):
        return lambda *a, **k: None


async def orchestrate(monitors, FileMonitorConfig, SampleEpisode, rows, out: Path, ours) -> None:
    """The orchestrator's calls, as shared/trainers/prime-rl/generate_outputs.py makes them (rollout 3 of each
    example is left out of the effective cohort), with ours appended after setup like any custom monitor."""
    monitors.MONITORS.clear()
    await monitors.setup(file=FileMonitorConfig(), output_dir=out)
    monitors.MONITORS.append(ours)
    train_rows = [r for r in rows if any(k.startswith("train/") for k in r)]
    for step in (1, 2):
        batch = [SampleEpisode(step, ex, k) for ex in range(2) for k in range(4)]
        for episode in batch:
            await monitors.log([episode], step, episode.run.work.type, "all")
        effective = [e for e in batch if not e.id.endswith("-3")]
        await monitors.log(effective, step, "train", "effective")
        await monitors.log({k: v for k, v in train_rows[step - 1].items() if k != "time"}, step=step)
    evals = [SampleEpisode(2, ex, 0, kind="eval") for ex in range(2)]
    for episode in evals:
        await monitors.log([episode], episode.run.work.step, "eval", "all")
    await monitors.log(evals, 2, "eval", "effective")
    await monitors.log({k: v for k, v in rows[-1].items() if k != "time"}, step=2)
    await monitors.finalize()
    monitors.MONITORS.clear()


def series(server, run_id):
    return {k: [(p["step"], p["value"]) for p in v] for k, v in server.get(f"runs/{run_id}/metrics")["series"].items()}


def test_the_real_fanout_delivers_metrics_and_each_episode_once(server, prefix, prime, tmp_path, monkeypatch):
    monitors, FileMonitorConfig, SampleEpisode, rows = prime
    from harness_lab.integrations.prime_rl import HarnessLabMonitor

    caught = Warnings()
    monkeypatch.setattr(monitors, "get_logger", lambda: caught)
    client = Client(server.url, token=server.token, flush_interval=0.05)
    ours = HarnessLabMonitor(experiment=prefix, run="prime", client=client)
    asyncio.run(orchestrate(monitors, FileMonitorConfig, SampleEpisode, rows, tmp_path, ours))
    client.close()
    assert caught.lines == []
    run_id = ids.run(prefix, "prime")

    got = series(server, run_id)
    assert got["train/reward_mean"] == [(1, 0.25), (2, 0.5)]
    assert got["train/truncation_rate"] == [(1, 0.1), (2, 0.1)]
    assert got["train/trainable_rate"] == [(1, 0.75), (2, 0.75)]
    # every other key kept as it was sent
    assert got["train/agg/all/num_turns/mean"] == [(1, 2.0), (2, 2.0)]
    assert got["progress/rollouts"] == [(1, 8), (2, 8)] and got["eval/math/avg@1"] == [(2, 0.5)]
    # pass rate of the effective cohort (rewards 0/1): rollout 0 of 3 per example passes
    assert got["train/pass_rate"] == [(1, 1 / 3), (2, 1 / 3)]

    overview = server.get(f"experiments/{prefix}")
    assert overview["runs"][0]["status"] == "finished"
    # 2 steps x 8 train rollouts + 2 eval: each episode once, though logged under "all" and "effective"
    page = server.get(f"rollouts?run={run_id}&limit=100")
    items = page.get("items") or page.get("rollouts") or page
    assert len(items) == 18
    by_episode = {}
    for item in items:
        full = server.get(f"rollouts/{item['id']}")
        by_episode[full["metadata"]["prime_rl"]["episode"]] = full
    first = by_episode["ep-train-1-0-0"]
    assert [(t["role"], t["content"]) for t in first["turns"]] == [
        ("system", "You are a solver."), ("user", "Problem 0"), ("assistant", "call tool 0"), ("tool", "tool output"), ("assistant", "final 0")]
    assert (first["reward"], first["success"], first["purpose"], first["step"]) == (1.0, True, "train", 1)
    assert first["metadata"]["prime_rl"]["effective"] is True
    filtered = by_episode["ep-train-1-1-3"]
    assert filtered["metadata"]["prime_rl"]["effective"] is False and filtered["truncated"] is True
    assert (filtered["reward"], filtered["success"], filtered["exitStatus"]) == (0.0, False, "max_turns")
    # the four rollouts of one example at one step form one GRPO group
    assert len({by_episode[f"ep-train-2-1-{k}"]["groupId"] for k in range(4)}) == 1
    assert by_episode["ep-train-1-1-0"]["groupId"] != by_episode["ep-train-2-1-0"]["groupId"]
    assert by_episode["ep-eval-2-0-0"]["purpose"] == "eval"


def test_register_appends_to_the_real_monitor_list_after_setup(prime, tmp_path, monkeypatch):
    monitors, FileMonitorConfig, _, _ = prime
    from harness_lab.integrations.prime_rl import HarnessLabMonitor, register

    async def main():
        monitors.MONITORS.clear()
        await monitors.setup(file=FileMonitorConfig(), output_dir=tmp_path)
        ours = register(HarnessLabMonitor(client=Client(offline_dir=str(tmp_path / "offline")), experiment="e", run="r"))
        assert register(ours) is ours  # idempotent
        assert [type(m).__name__ for m in monitors.MONITORS] == ["FileMonitor", "HarnessLabMonitor"]
        assert monitors.get(HarnessLabMonitor) is ours
        monitors.MONITORS.clear()
        monkeypatch.setenv("RANK", "1")
        assert register(experiment="e", run="r") is None and monitors.MONITORS == []

    asyncio.run(main())




@pytest.mark.parametrize("answer", ["down", 500, 400, 409])
def test_a_failing_server_never_reaches_the_trainer(prime, tmp_path, monkeypatch, answer):
    monitors, FileMonitorConfig, SampleEpisode, rows = prime
    from harness_lab.integrations.prime_rl import HarnessLabMonitor

    answering = None if answer == "down" else AnsweringServer(answer)
    url = closed_port_url() if answering is None else answering.url
    client = Client(url, token="hl_test", flush_interval=0.01, backoff_base=0.01, backoff_max=0.05, spill_dir=str(tmp_path / "spill"))
    ours = HarnessLabMonitor(experiment="e", run="r", client=client)
    caught = Warnings()
    monkeypatch.setattr(monitors, "get_logger", lambda: caught)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # the real fan-out, then our methods called directly (the fan-out would hide what they raise)
            asyncio.run(orchestrate(monitors, FileMonitorConfig, SampleEpisode, rows, tmp_path / "run", ours))

            async def direct():
                for step in (3, 4):
                    batch = [SampleEpisode(step, 0, k) for k in range(2)]
                    for episode in batch:
                        await ours.log([episode], step=step, kind="train", subset="all")
                    await ours.log(batch, step=step, kind="train", subset="effective")
                    await ours.log({"train/agg/effective/default/reward/mean": 0.5}, step=step)
                    import time
                    time.sleep(0.1)  # let the sender meet the server's answer, so the next call sees it
                await ours.finalize()

            asyncio.run(direct())
        assert caught.lines == []
    finally:
        try:
            client.close(timeout=0.2)
        except Exception:
            pass  # the refused batch's error, raised to whoever closes the client: the test, not the trainer
        if answering is not None:
            answering.close()
    if answering is not None:
        assert answering.posts > 0


# An orchestrator that crashes in step 2 after its rollouts arrived under "all" (their effective cohort never comes):
# prime-rl then skips monitors.finalize(), and the process exits on the uncaught exception.
CRASH = r"""
import asyncio, os, sys
from pathlib import Path
trainer = Path(sys.argv[1])
sys.path.insert(0, str(trainer))
from _real import use_real_src
use_real_src()
from prime_rl import monitors
from prime_rl.configs.monitors import FileMonitorConfig
from samples import SampleEpisode
from harness_lab import Client
from harness_lab.integrations.prime_rl import HarnessLabMonitor, register

async def main():
    await monitors.setup(file=FileMonitorConfig(), output_dir=Path(sys.argv[2]))
    register(HarnessLabMonitor(run="prime-crashed", client=Client(close_timeout=30)))
    batch = [SampleEpisode(1, 0, k) for k in range(2)]
    for episode in batch:
        await monitors.log([episode], 1, "train", "all")
    await monitors.log(batch, 1, "train", "effective")
    await monitors.log({"train/agg/effective/default/reward/mean": 0.5}, step=1)
    for episode in [SampleEpisode(2, 0, k) for k in range(2)]:
        await monitors.log([episode], 2, "train", "all")
    raise RuntimeError("the inference server went away")

asyncio.run(main())
"""


def test_an_orchestrator_that_crashes_before_finalize_fails_its_run_and_keeps_its_episodes(server, prefix, tmp_path):
    script = tmp_path / "crash.py"
    script.write_text(CRASH)
    package_root = str(Path(harness_lab.__file__).resolve().parents[1])
    env = {**os.environ, "HARNESS_LAB_URL": server.url, "HARNESS_LAB_TOKEN": server.token, "HARNESS_LAB_EXPERIMENT": prefix,
           "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")])}
    env.pop("RANK", None)
    done = subprocess.run([sys.executable, str(script), str(TRAINER), str(tmp_path / "out")], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1 and "RuntimeError: the inference server went away" in done.stderr, done.stderr
    run_id = ids.run(prefix, "prime-crashed")
    assert f"run {run_id} marked failed: prime-rl: the process is exiting on an uncaught exception" in done.stderr, done.stderr
    assert server.get(f"experiments/{prefix}")["runs"][0]["status"] == "failed"
    page = server.get(f"rollouts?run={run_id}&limit=100")
    items = page.get("items") or page.get("rollouts") or page
    assert sorted(item["step"] for item in items) == [1, 1, 2, 2]  # step 2's waiting episodes were sent at exit
