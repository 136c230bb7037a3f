"""SkyRL's REAL callback dispatch driving HarnessLabCallback: shared/trainers/skyrl/drive.py (real
skyrl/train/utils/callbacks.py, RayPPOTrainer.add_callback/_build_callback_input/_fire compiled from the real
trainer.py, the event order of RayPPOTrainer.train()) with our callback registered first and drive.py's own
DummyCallback after it, in a subprocess of its own. The shared folder is $HARNESS_LAB_SHARED, else ../shared
next to the repository; nothing of it is copied here.

Metrics arrive at a real server with the training series mapped; a server that is down, answers 500, or refuses
a batch (400 stand-in, 409 real) never stops or slows the drive, and costs at most one warning of ours."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import harness_lab
from harness_lab import Client, ids
from real_trainers import our_warnings, trainer_dir
from answering_server import AnsweringServer, closed_port_url

DRIVE = trainer_dir("skyrl") / "drive.py"
PACKAGE_ROOT = str(Path(harness_lab.__file__).resolve().parents[1])
HOOKS = ("on_train_start", "on_eval_start", "on_eval_end", "on_log", "on_epoch_start", "on_step_start", "on_step_end",
         "on_save", "on_epoch_end", "on_train_end")

# Runs the real drive.py with HarnessLabCallback registered before drive.py's DummyCallback (which prints every
# hook it gets: it still getting on_train_end shows the dispatch went on past ours).
DRIVER = r'''
import os, sys, time
drive = sys.argv[1]
with open(drive, encoding="utf-8") as f:
    source = f.read()
marker = "t.add_callback(DummyCallback())"
assert source.count(marker) == 1, "drive.py changed: no single " + marker
source = source.replace(marker, "t.add_callback(__make_ours()); " + marker)

from harness_lab import Client
from harness_lab.integrations.skyrl import HarnessLabCallback

client = Client()  # the default close_timeout (60 s) while training

def make_ours():
    return HarnessLabCallback(client=client)

started = time.monotonic()
namespace = {"__name__": "__main__", "__file__": drive, "__make_ours": make_ours}
exec(compile(source, drive, "exec"), namespace)
print(f"drive seconds: {time.monotonic() - started:.3f}", flush=True)
if os.environ.get("TEST_MID_TRAINING"):
    # drive.py is over before the server answers; here a refusal comes back while training goes on: drive.py's
    # Trainer (real _fire / CallbackHandler) logs step 1, the answer arrives, then steps 2 and 3.
    client = Client()
    t = namespace["Trainer"]([])
    t.add_callback(HarnessLabCallback(run="skyrl-mid", client=client))
    t._fire("on_train_start")
    for step in (1, 2, 3):
        t.global_step = step
        t._fire("on_log", logs={"reward/avg_raw_reward": 0.25 * step})
        deadline = time.monotonic() + 30
        while client.pending and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
    t._fire("on_train_end")
    print("ok: steps 2 and 3 logged", flush=True)
if os.environ.get("TEST_CRASH"):
    # RayPPOTrainer.train() raising after step 1 (on_train_end is never fired); the task's exception is caught by
    # Ray's executor and the worker lives on, so the trainer and its callbacks are freed, not the process ended.
    import gc
    client = Client()
    def train():
        t = namespace["Trainer"]([])
        t.add_callback(HarnessLabCallback(run="skyrl-crashed", client=client))
        t._fire("on_train_start")
        t.global_step = 1
        t._fire("on_log", logs={"reward/avg_raw_reward": 0.25})
        raise RuntimeError("a generator worker died")
    try:
        train()
    except RuntimeError as error:
        print("caught:", error, flush=True)
    gc.collect()
    deadline = time.monotonic() + 30
    while client.pending and time.monotonic() < deadline:
        time.sleep(0.05)
    print("ok: worker lives on", flush=True)
client.close_timeout = float(os.environ["TEST_CLOSE_TIMEOUT"])  # the client's exit handler: not the training's time
'''


def run_drive(tmp_path, url, token, experiment, close_timeout=2.0, mid_training=False, crash=False):
    """drive.py in a subprocess; the run is named (HARNESS_LAB_RUN) so a test can find it, and seed it."""
    assert DRIVE.is_file(), f"SkyRL's real code is not at {DRIVE}: set HARNESS_LAB_SHARED to the shared folder"
    script = tmp_path / "driver.py"
    script.write_text(DRIVER)
    env = {**os.environ, "HARNESS_LAB_URL": url, "HARNESS_LAB_TOKEN": token, "HARNESS_LAB_EXPERIMENT": experiment,
           "TEST_CLOSE_TIMEOUT": str(close_timeout), "HARNESS_LAB_SPILL_DIR": str(tmp_path / "spill"),
           "PYTHONPATH": os.pathsep.join([PACKAGE_ROOT, os.environ.get("PYTHONPATH", "")]), "HARNESS_LAB_RUN": "skyrl-run"}
    env.pop("TEST_MID_TRAINING", None)
    env.pop("TEST_CRASH", None)
    if mid_training:
        env["TEST_MID_TRAINING"] = "1"
    if crash:
        env["TEST_CRASH"] = "1"
    return subprocess.run([sys.executable, str(script), str(DRIVE)], env=env, capture_output=True, text=True, timeout=120)



def assert_training_went_on(done):
    assert done.returncode == 0, f"the drive stopped:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    assert "ok: skyrl" in done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    dummy_calls = [line.split("(")[0].strip() for line in done.stdout.splitlines() if line.startswith("  on_")]
    assert set(dummy_calls) == set(HOOKS), "every hook reached the callback registered after ours"
    seconds = float(done.stdout.split("drive seconds: ")[1].split()[0])
    assert seconds < 5, f"the drive took {seconds} s"  # a wait for a server that is away would take 60 s


def series(server, run_id):
    return {k: [(p["step"], p["value"]) for p in v] for k, v in server.get(f"runs/{run_id}/metrics")["series"].items()}


def test_the_real_dispatch_sends_on_log_payloads_with_the_training_series(server, prefix, tmp_path):
    done = run_drive(tmp_path, server.url, server.token, prefix, close_timeout=30)
    assert_training_went_on(done)
    assert our_warnings(done.stderr) == [] and "harness_lab:" not in done.stderr, done.stderr
    got = series(server, ids.run(prefix, "skyrl-run"))
    # eval before training at step 0, two training steps, eval at step 2 (drive.py's payloads)
    assert got["eval/all/avg_score"] == [(0, 0.25), (2, 0.25)] and got["eval/all/pass_at_4"] == [(0, 0.5), (2, 0.5)]
    assert got["reward/avg_raw_reward"] == [(1, 0.4), (2, 0.4)] == got["train/reward_mean"]
    assert got["reward/avg_pass_at_4"] == [(1, 0.5), (2, 0.5)] and got["timing/step"] == [(1, 12.5), (2, 12.5)]
    # 32 sequences / 4 samples per prompt (cfg.generator.n_samples_per_prompt) = 8 groups, 1 filtered for equal rewards
    assert got["train/mixed_group_ratio"] == [(1, 7 / 8), (2, 7 / 8)] == got["train/trainable_rate"]
    assert got["trainer/global_step"] == [(1, 1), (2, 2)]
    assert "train/truncation_rate" not in got and "train/pass_rate" not in got  # SkyRL reports neither
    run = server.get(f"experiments/{prefix}")["runs"][0]
    assert run["id"] == ids.run(prefix, "skyrl-run") and run["status"] == "finished"



def test_a_training_that_raises_before_on_train_end_fails_its_run(server, prefix, tmp_path):
    done = run_drive(tmp_path, server.url, server.token, prefix, close_timeout=30, crash=True)
    assert_training_went_on(done)  # drive.py's own run first, then the crashed one
    assert "caught: a generator worker died" in done.stdout and "ok: worker lives on" in done.stdout, done.stderr
    assert our_warnings(done.stderr) == [], done.stderr
    crashed = ids.run(prefix, "skyrl-crashed")
    assert f"run {crashed} marked failed: SkyRL: the trainer ended without its end of training" in done.stderr
    statuses = {r["id"]: r["status"] for r in server.get(f"experiments/{prefix}")["runs"]}
    assert statuses == {crashed: "failed", ids.run(prefix, "skyrl-run"): "finished"}
    assert series(server, crashed)["reward/avg_raw_reward"] == [(1, 0.25)]



@pytest.mark.parametrize("failure", ["down", "500"])
def test_a_server_that_is_away_neither_stops_nor_slows_training(failure, prefix, tmp_path):
    stand_in = AnsweringServer(500) if failure == "500" else None
    url = stand_in.url if stand_in else closed_port_url()
    try:
        done = run_drive(tmp_path, url, "hl_test", prefix)
    finally:
        if stand_in:
            stand_in.close()
    assert_training_went_on(done)
    assert our_warnings(done.stderr) == [], done.stderr
    if stand_in:
        assert stand_in.posts > 0
    # At exit the client says where the unsent events are (for `harness-lab sync`).
    assert "could not be sent" in done.stderr and str(tmp_path / "spill") in done.stderr


def test_a_refused_batch_costs_one_warning_and_training_goes_on(prefix, tmp_path):
    stand_in = AnsweringServer(400)
    try:
        done = run_drive(tmp_path, stand_in.url, "hl_test", prefix)
    finally:
        stand_in.close()
    assert_training_went_on(done)
    warnings = our_warnings(done.stderr)
    assert len(warnings) == 1 and "sending a batch of events failed" in warnings[0] and "-> 400" in warnings[0], done.stderr
    assert "refused by the test" in done.stderr and done.stderr.count("failed and was skipped") == 2, done.stderr


def test_a_real_409_costs_one_warning_and_training_goes_on(server, prefix, tmp_path):
    run_id = ids.run(prefix, "skyrl-run")
    with Client(server.url, token=server.token) as client:  # the point (run, key, step 1) already has another value
        client.run(prefix, "skyrl-run").start().log_metrics(1, {"reward/avg_raw_reward": 0.9})
    done = run_drive(tmp_path, server.url, server.token, prefix, close_timeout=30)
    assert_training_went_on(done)
    warnings = our_warnings(done.stderr)
    assert len(warnings) == 1 and "sending a batch of events failed" in warnings[0] and "-> 409" in warnings[0], done.stderr
    assert "already has reward/avg_raw_reward = 0.9 at step 1" in done.stderr
    assert series(server, run_id)["reward/avg_raw_reward"][0] == (1, 0.9)


def test_a_batch_refused_mid_training_costs_one_warning_and_the_next_steps_arrive(server, prefix, tmp_path):
    run_id = ids.run(prefix, "skyrl-mid")
    with Client(server.url, token=server.token) as client:
        client.run(prefix, "skyrl-mid").start().log_metrics(1, {"reward/avg_raw_reward": 0.9})
    done = run_drive(tmp_path, server.url, server.token, prefix, close_timeout=30, mid_training=True)
    assert_training_went_on(done)
    assert "ok: steps 2 and 3 logged" in done.stdout
    warnings = our_warnings(done.stderr)
    assert len(warnings) == 1 and "sending a batch of events failed" in warnings[0] and "-> 409" in warnings[0], done.stderr
    assert series(server, run_id)["reward/avg_raw_reward"] == [(1, 0.9), (2, 0.5), (3, 0.75)]
    assert {r["id"]: r["status"] for r in server.get(f"experiments/{prefix}")["runs"]}[run_id] == "finished"
